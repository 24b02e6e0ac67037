// The welcome page's looping muted background video. Browsers may refuse to autoplay (battery saver,
// data saver): then it is retried once on the next touch or click (docs/product.md §7.7).
import { useEffect, useRef } from 'react';

export function WelcomeVideo() {
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
      poster="/brand/hero-poster.jpg"
      aria-hidden="true"
      tabIndex={-1}
    >
      <source src="/brand/hero.webm" type="video/webm" />
      <source src="/brand/hero.mp4" type="video/mp4" />
    </video>
  );
}
