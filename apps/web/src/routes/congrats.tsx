// /congrats (docs/product.md §2.8): checkpoint completed. ScanNoSpin checkpoints earn no spin, so their
// button goes back to the list instead of the wheel. The moment pops, bursts and buzzes (decision 029).
import { useScreens } from '../lib/campaign-api';
import { Link } from 'react-router';
import { Confetti } from '../components/confetti';
import { InstallCard } from '../features/offline/install-card';
import { vibrations } from '../lib/celebrate';
import { paths } from '../lib/paths';
import { keys, read } from '../lib/storage';
import { useCelebration } from '../lib/use-celebration';
import '../components/celebrate.css';
import '../features/checkpoints/checkpoint.css';
import '../lib/game-texts';
import { t } from '../lib/i18n';

export default function CongratsRoute() {
  const noSpin = read(keys.checkpointType) === 'ScanNoSpin';
  const screens = useScreens();
  const motion = useCelebration(vibrations.completed);
  return (
    <main className="screen screen--center">
      <div className="congrats__hero">
        {motion && <Confetti />}
        <svg className={`congrats__duck${motion ? ' celebrate-wiggle' : ''}`} viewBox="0 0 120 100" aria-hidden="true">
          <path d="M8 52c10 3 18 9 30 9h26c18-4 32 4 30 19-2 14-20 20-42 20S12 94 9 78C7 69 5 58 8 52z" fill="#ffc928" />
          <circle cx="70" cy="38" r="22" fill="#ffc928" />
          <path d="M88 34c10-4 20 0 20 6s-10 9-20 6z" fill="#ff8a1c" />
          <circle cx="76" cy="32" r="4" fill="#062a4a" />
          <path d="M30 70c10-2 22-6 30-2 6 4 4 12-4 13-10 1-20-4-26-11z" fill="#f2a900" />
        </svg>
      </div>
      <h1 className={`title${motion ? ' celebrate-rise' : ''}`}>{t('congrats.title')}</h1>
      <p className="congrats__message" data-pack>
        {screens?.congrats}
      </p>
      {noSpin ? (
        <Link to={paths.checkpoints} className="btn btn--primary btn--block">
          {t('congrats.continue')}
        </Link>
      ) : (
        <Link to={paths.spin} className="btn btn--duck btn--block">
          {t('congrats.spin')}
        </Link>
      )}
      <InstallCard />
    </main>
  );
}
