// A list that could not be loaded says so and offers a retry, instead of looking empty (issue 15 part 6).
import { t } from '../lib/i18n';

interface LoadFailedProps {
  /** What failed, as it reads in the sentence: "the rewards", "your rewards", "the leaderboard". */
  what: string;
  onRetry: () => void;
  /** A retry is under way: the button waits for it. */
  retrying: boolean;
}

export function LoadFailed({ what, onRetry, retrying }: LoadFailedProps) {
  return (
    <div className="card load-failed" role="alert">
      <p className="load-failed__text">{t('common.loadFailed', { what })}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry} disabled={retrying}>
        {retrying ? t('common.retrying') : t('common.retry')}
      </button>
    </div>
  );
}
