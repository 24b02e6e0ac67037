// The scrollable CHECKPOINTS list of /checkpoints (docs/product.md §2.6), in the order of §5.3: the open checkpoints,
// then the days still to come folded into one row that opens to show them (issue 27 part 5).
import { ChallengeProgress, UpcomingSummary } from './challenge-progress';
import { CheckpointsParseError, checkpointsTexts, useCheckpoints } from './checkpoints-api';
import { CheckpointRow } from './checkpoint-row';
import { orderCheckpoints } from './checkpoint-state';
import { useNowSec } from './use-now';
import { t } from '../../lib/i18n';
import '../../lib/game-texts';

/** `waiting`: the checkpoints whose answer is kept on the phone until there is a signal, and the note their rows show. */
export function CheckpointList({ waiting }: { waiting?: { ids: ReadonlySet<string>; note: string } }) {
  const nowSec = useNowSec();
  const { data, error, isPending, refetch, isFetching } = useCheckpoints();

  if (isPending) return <p className="loading">{t('checkpoints.loading')}</p>;
  // A failed refresh keeps the list it has (the offline banner says since when; decision 035).
  if (!data) {
    return (
      <div className="cp-error">
        <p className="error" role="alert">
          {error instanceof CheckpointsParseError ? checkpointsTexts.parseFailed : checkpointsTexts.fetchFailed}
        </p>
        <button type="button" className="btn btn--ghost" onClick={() => void refetch()} disabled={isFetching}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  const rows = orderCheckpoints(data, nowSec);
  const open = rows.filter((row) => row.state !== 'notUnlocked');
  const upcoming = rows.filter((row) => row.state === 'notUnlocked');
  const rowOf = (row: (typeof rows)[number]) => (
    <CheckpointRow
      key={row.checkpoint.checkpointId}
      row={row}
      nowSec={nowSec}
      waitingNote={waiting?.ids.has(row.checkpoint.checkpointId) ? waiting.note : undefined}
    />
  );
  return (
    <>
      <ChallengeProgress checkpoints={data} nowSec={nowSec} />
      <div className="cp-list" tabIndex={0} role="region" aria-label={t('checkpoints.listLabel')}>
        {rows.length === 0 ? (
          <p className="muted">{t('checkpoints.noneOpen')}</p>
        ) : (
          <>
            {open.length > 0 && <ul className="cp-list__items">{open.map(rowOf)}</ul>}
            {upcoming.length > 0 && (
              <details className="cp-upcoming">
                <summary className="cp-upcoming__summary">
                  <UpcomingSummary upcoming={upcoming.map((row) => row.checkpoint)} nowSec={nowSec} />
                </summary>
                <ul className="cp-list__items">{upcoming.map(rowOf)}</ul>
              </details>
            )}
          </>
        )}
      </div>
    </>
  );
}

export function HowToPlay() {
  return (
    <section className="card how-to-play" aria-labelledby="how-to-play-title">
      <h2 id="how-to-play-title" className="how-to-play__title">
        {t('checkpoints.howToPlay')}
      </h2>
      <p>{t('checkpoints.step1')}</p>
      <p>{t('checkpoints.step2')}</p>
      <p>
        <strong>{t('checkpoints.tips')}</strong> {t('checkpoints.tipsText')}
      </p>
    </section>
  );
}
