// The top of /signup: the campaign's banner, pitch and up to three photos (campaign.yaml texts), the pack's words.
import { useScreens } from '../../lib/campaign-api';
import { BrandImage } from './brand-image';

export function SignupIntro() {
  const screens = useScreens();
  return (
    <section className="signup-intro" data-pack>
      <h1 className="signup-intro__banner">{screens?.signupTitle}</h1>
      <p className="signup-intro__pitch">{screens?.signupPitch}</p>
      {screens && screens.signupPhotos.length > 0 && (
        <div className="signup-intro__photos">
          {screens.signupPhotos.map((photo) => (
            <div key={photo.url} className="signup-intro__photo">
              <BrandImage src={photo.url} alt={photo.alt} width={240} height={240} loading="lazy" decoding="async" />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
