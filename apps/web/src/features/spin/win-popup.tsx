import type { SpinResult } from '@quackquest/contract/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Confetti } from '../../components/confetti';
import { CountUp } from '../../components/count-up';
import { Modal } from '../../components/modal';
import { vibrations } from '../../lib/celebrate';
import { useMe } from '../../lib/me-api';
import { paths } from '../../lib/paths';
import { useCelebration } from '../../lib/use-celebration';
import '../../components/celebrate.css';
import { t } from '../../lib/i18n';
import '../../lib/game-texts';

/**
 * The points won, the server's note when they wait for review, and a way to the leaderboard. The win pops,
 * buzzes once, and the visitor's ducks (or pending ducks) count up to the new total (decision 029).
 */
export function WinPopup({ result, onClose }: { result: SpinResult; onClose: () => void }) {
  const motion = useCelebration(vibrations.won);
  return (
    <Modal title={t('spin.youWon')} onClose={onClose} className="win-popup">
      {motion && <Confetti />}
      <p className={`win-popup__points${motion ? ' celebrate-pop' : ''}`}>
        {t('spin.duckPoints', { points: result.duckPointsAwarded })}
      </p>
      <NewTotal result={result} />
      {result.pending && <p className="dialog__text">{t('spin.pendingNote', { points: result.duckPointsAwarded })}</p>}
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('common.close')}
        </button>
        <Link to={paths.leaderboard} className="btn btn--primary">
          {t('nav.leaderboard')}
        </Link>
      </div>
    </Modal>
  );
}

/** "Ducks: n" (or "Ducks pending: n" while the answer is in review), counted up once the server has said. */
function NewTotal({ result }: { result: SpinResult }) {
  const me = useMe();
  const [total, setTotal] = useState<number | null>(null);
  // The first answer after the spin is kept: a later refetch must not count again.
  const fresh = me.data && !me.isFetching ? (result.pending ? me.data.pendingDuckPoints : me.data.duckPoints) : null;
  if (total === null && fresh !== null) setTotal(fresh);
  return (
    <p className="win-popup__total">
      {total !== null && (
        <>
          {result.pending ? t('spin.ducksPendingTotal') : t('spin.ducksTotal')}
          <CountUp from={Math.max(0, total - result.duckPointsAwarded)} to={total} />
        </>
      )}
    </p>
  );
}
