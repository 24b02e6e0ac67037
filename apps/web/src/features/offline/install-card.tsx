// The card that offers to install the app (decision 035), on /congrats: after a completed checkpoint, when the
// visitor knows what the app is for. Shown only when the browser offers it; "Not now" is remembered.
import { useInstallOffer } from './install-prompt';
import { installTexts } from './pwa-texts';
import './offline.css';

export function InstallCard() {
  const offer = useInstallOffer();
  if (!offer) return null;
  return (
    <section className="install-card" aria-labelledby="install-card-title">
      <h2 id="install-card-title" className="install-card__title">
        {installTexts.installTitle}
      </h2>
      <p className="install-card__text">{installTexts.installText}</p>
      <div className="install-card__actions">
        <button type="button" className="btn btn--primary" onClick={() => void offer.install()}>
          {installTexts.installButton}
        </button>
        <button type="button" className="btn btn--ghost" onClick={offer.dismiss}>
          {installTexts.installDismiss}
        </button>
      </div>
    </section>
  );
}
