import { LoadFailed } from '../../components/load-failed';
import { useLeaderboard } from './leaderboard-api';
import { hasTie, tieRuleText } from './tie-rule';
import './leaderboard.css';

/** The ordered top list: rank, display name and ducks; the visitor's own row is marked. */
export function LeaderboardList() {
  const { top, isLoading, failed, retry, retrying } = useLeaderboard();
  if (failed) return <LoadFailed what="the leaderboard" onRetry={retry} retrying={retrying} />;
  if (isLoading) return <p className="loading">Loading...</p>;
  return (
    <>
      <ol className="leaderboard" aria-label="Top players">
        {top.map((player) => (
          <li
            key={player.rank}
            className={`leaderboard__row${player.rank <= 3 ? ' leaderboard__row--podium' : ''}${player.you ? ' leaderboard__row--you' : ''}`}
            aria-current={player.you ? 'true' : undefined}
          >
            <span className="leaderboard__rank" aria-label={`Rank ${player.rank}`}>
              {player.rank}
            </span>
            <span className="leaderboard__name">
              {player.displayName}
              {player.you && <span className="leaderboard__you"> (you)</span>}
            </span>
            <span className="leaderboard__ducks">
              {player.DuckPoints} <span className="leaderboard__unit">{player.DuckPoints === 1 ? 'duck' : 'ducks'}</span>
            </span>
          </li>
        ))}
      </ol>
      {hasTie(top) && <p className="leaderboard__tie-rule">{tieRuleText}</p>}
    </>
  );
}

/** The paper panel with the fixed note of docs/product.md §2.10. */
export function WinnersNote() {
  return (
    <aside className="paper-note">
      <p>TOP 5 WINNERS HAVE BEEN CONCLUDED NOW TO EARN SOME PERKS</p>
    </aside>
  );
}
