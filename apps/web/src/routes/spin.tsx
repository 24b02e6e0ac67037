// /spin: the prize wheel (docs/product.md §2.9 and §5.5). The wheel lives in this route's chunk only.
import { BackButton } from '../components/back-button';
import { Link } from 'react-router';
import { spinStatusTexts } from '../features/spin/spin-status';
import { useSpinWheel } from '../features/spin/use-spin-wheel';
import { Wheel } from '../features/spin/wheel';
import { WinPopup } from '../features/spin/win-popup';
import { offlineTexts } from '../features/offline/offline-texts';
import { useReach } from '../lib/connection';
import { paths } from '../lib/paths';
import { t } from '../lib/i18n';
import '../lib/game-texts';

export default function SpinRoute() {
  const { phase, rotation, result, spin, reset, spinsLeft } = useSpinWheel();
  // With no spin left, SPIN is disabled and says why (decision 023); unknown (still asking): enabled as before.
  const noSpins = phase === 'idle' && spinsLeft === 0;
  // The server chooses the ducks: without a signal, or while the server does not answer, SPIN waits and says why
  // (decision 036, issue 30 part 4).
  const reach = useReach();
  const offline = reach !== 'online' && phase === 'idle';
  const won =
    phase === 'won' && result && t(result.pending ? 'spin.pendingNote' : 'spin.wonNote', { points: result.duckPointsAwarded });
  const announcement = phase === 'requesting' ? t('spin.spinning') : won || '';
  return (
    <main className="screen spin-screen">
      <div className="screen__top">
        <BackButton to={paths.checkpoints} label={t('common.backToCheckpoints')} />
      </div>
      <h1 className="title">{t('spin.title')}</h1>
      <Wheel rotation={rotation} turning={phase === 'turning' || phase === 'won'} busy={phase === 'requesting'} />
      <button
        type="button"
        className="btn btn--duck spin-button"
        onClick={() => void spin()}
        disabled={phase !== 'idle' || noSpins || offline}
        aria-describedby={noSpins || offline ? 'spin-status' : undefined}
      >
        {phase === 'idle' ? t('spin.spin') : t('spin.spinning')}
      </button>
      <div className="spin-status">
        {offline ? (
          <p id="spin-status" className="spin-status__text">
            {reach === 'offline' ? offlineTexts.spinOffline : offlineTexts.spinUnreachable}
          </p>
        ) : noSpins ? (
          <>
            <p id="spin-status" className="spin-status__text">
              {spinStatusTexts.noSpins}
            </p>
            <Link to={paths.checkpoints} className="btn btn--primary">
              {t('spin.goToCheckpoints')}
            </Link>
          </>
        ) : (
          phase === 'idle' && !!spinsLeft && <p className="spin-status__text">{spinStatusTexts.spinsLeft(spinsLeft)}</p>
        )}
      </div>
      <Link to={paths.wheelCheck} className="spin-check-link">
        {t('spin.checkLink')}
      </Link>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {phase === 'won' && result && <WinPopup result={result} onClose={reset} />}
    </main>
  );
}
