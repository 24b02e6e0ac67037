import { LoadFailed } from '../../components/load-failed';
import { useLeaderboard } from './leaderboard-api';
import { hasTie } from './tie-rule';
import './leaderboard.css';
import { t } from '../../lib/i18n';
import '../../lib/game-texts';

/** The ordered top list: rank, display name and ducks; the visitor's own row is marked. */
export function LeaderboardList() {
  const { top, isLoading, failed, retry, retrying } = useLeaderboard();
  if (failed) return <LoadFailed what={t('common.what.leaderboard')} onRetry={retry} retrying={retrying} />;
  if (isLoading) return <p className="loading">{t('common.loading')}</p>;
  return (
    <>
      <ol className="leaderboard" aria-label={t('leaderboard.top')}>
        {top.map((player) => (
          <li
            key={player.rank}
            className={`leaderboard__row${player.rank <= 3 ? ' leaderboard__row--podium' : ''}${player.you ? ' leaderboard__row--you' : ''}`}
            aria-current={player.you ? 'true' : undefined}
          >
            <span className="leaderboard__rank" aria-label={t('leaderboard.rank', { rank: player.rank })}>
              {player.rank}
            </span>
            <span className="leaderboard__name">
              {/* A visitor's name is theirs, never translated. */}
              <span translate="no">{player.displayName}</span>
              {player.you && <span className="leaderboard__you">{t('leaderboard.you')}</span>}
            </span>
            <span className="leaderboard__ducks">
              {player.DuckPoints} <span className="leaderboard__unit">{t('leaderboard.duckUnit', { n: player.DuckPoints })}</span>
            </span>
          </li>
        ))}
      </ol>
      {/* The server breaks ties by who reached the total first. */}
      {hasTie(top) && <p className="leaderboard__tie-rule">{t('leaderboard.tieRule')}</p>}
    </>
  );
}

/** The paper panel with the fixed note of docs/product.md §2.10. */
export function WinnersNote() {
  return (
    <aside className="paper-note">
      <p>{t('leaderboard.winners')}</p>
    </aside>
  );
}
