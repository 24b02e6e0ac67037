// The top of /signup: the 'Ready to Board?' banner, the pitch and three photos from on board.
import { BrandImage } from './brand-image';

const photos = [
  { src: '/brand/photo-1.jpg', alt: "A rubber duck on the ship's deck rail at sunset" },
  { src: '/brand/photo-2.jpg', alt: 'A cosy cabin with a porthole view of a tropical island' },
  { src: '/brand/photo-3.jpg', alt: "Rubber ducks swimming in the ship's pool" },
];

export function SignupIntro() {
  return (
    <section className="signup-intro">
      <h1 className="signup-intro__banner">Ready to Board?</h1>
      <p className="signup-intro__pitch">
        Sign up for the 14-day daily challenge: complete checkpoints, spin the wheel for ducks and you could win a free cabin on
        our epic shipcation!
      </p>
      <div className="signup-intro__photos">
        {photos.map((photo) => (
          <div key={photo.src} className="signup-intro__photo">
            <BrandImage src={photo.src} alt={photo.alt} width={240} height={240} loading="lazy" decoding="async" />
          </div>
        ))}
      </div>
    </section>
  );
}
