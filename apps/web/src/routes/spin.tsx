// /spin: the prize wheel (docs/product.md §2.9 and §5.5). The wheel lives in this route's chunk only.
import { BackButton } from '../components/back-button';
import { useSpinWheel } from '../features/spin/use-spin-wheel';
import { Wheel } from '../features/spin/wheel';
import { WinPopup } from '../features/spin/win-popup';
import { paths } from '../lib/paths';

export default function SpinRoute() {
  const { phase, rotation, result, spin, reset } = useSpinWheel();
  const announcement = phase === 'requesting' ? 'Spinning...' : phase === 'won' && result ? result.message : '';
  return (
    <main className="screen spin-screen">
      <div className="screen__top">
        <BackButton to={paths.checkpoints} label="Back to checkpoints" />
      </div>
      <h1 className="title">SPIN FOR DUCKS</h1>
      <Wheel rotation={rotation} turning={phase === 'turning' || phase === 'won'} busy={phase === 'requesting'} />
      <button type="button" className="btn btn--duck spin-button" onClick={() => void spin()} disabled={phase !== 'idle'}>
        {phase === 'idle' ? 'SPIN' : 'Spinning...'}
      </button>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {phase === 'won' && result && <WinPopup result={result} onClose={reset} />}
    </main>
  );
}
