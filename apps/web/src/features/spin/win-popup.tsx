import { type SpinResult, duckPointsText } from '@quackquest/contract/core';
import { Link } from 'react-router';
import { Modal } from '../../components/modal';
import { paths } from '../../lib/paths';

/** The points won, the server's note when they wait for review, and a way to the leaderboard. */
export function WinPopup({ result, onClose }: { result: SpinResult; onClose: () => void }) {
  return (
    <Modal title="You won!" onClose={onClose} className="win-popup">
      <p className="win-popup__points">{duckPointsText(result.duckPointsAwarded)}</p>
      {result.pending && <p className="dialog__text">{result.message}</p>}
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Close
        </button>
        <Link to={paths.leaderboard} className="btn btn--primary">
          LEADERBOARD
        </Link>
      </div>
    </Modal>
  );
}
