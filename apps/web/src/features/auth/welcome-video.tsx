// The welcome page's background (campaign.yaml look): a looping muted video over its still image, or the image
// alone. Browsers may refuse to autoplay (battery saver, data saver): then it is retried once on the next touch or
// click (docs/product.md §7.7).
import { useEffect, useRef } from 'react';
import { useScreens } from '../../lib/campaign-api';

export function WelcomeVideo() {
  const background = useScreens()?.background;
  if (!background) return null;
  if (background.videos.length === 0) {
    return background.image ? <img className="welcome__video" src={background.image} alt="" aria-hidden="true" /> : null;
  }
  return <BackgroundVideo videos={background.videos} poster={background.image} />;
}

function BackgroundVideo({ videos, poster }: { videos: string[]; poster: string | null }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    // Visitors who ask for less motion keep the still poster.
    if (!video || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const events = ['touchstart', 'click'] as const;
    const retry = () => {
      stopListening();
      video.play().catch(() => undefined);
    };
    const stopListening = () => events.forEach((name) => document.removeEventListener(name, retry));
    video.muted = true; // must be a property before play() for autoplay policies
    video.play().catch(() => {
      events.forEach((name) => document.addEventListener(name, retry, { once: true, passive: true }));
    });
    return stopListening;
  }, []);
  return (
    <video
      ref={ref}
      className="welcome__video"
      muted
      loop
      playsInline
      preload="metadata"
      {...(poster ? { poster } : {})}
      aria-hidden="true"
      tabIndex={-1}
    >
      {videos.map((src) => (
        <source key={src} src={src} type={src.toLowerCase().endsWith('.mp4') ? 'video/mp4' : 'video/webm'} />
      ))}
    </video>
  );
}
