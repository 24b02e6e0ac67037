import { useLeaderboard } from './leaderboard-api';
import './leaderboard.css';

/** The ordered top list: rank, display name and ducks. */
export function LeaderboardList() {
  const { top, isLoading } = useLeaderboard();
  if (isLoading) return <p className="loading">Loading...</p>;
  return (
    <ol className="leaderboard" aria-label="Top players">
      {top.map((player) => (
        <li key={player.rank} className={`leaderboard__row${player.rank <= 3 ? ' leaderboard__row--podium' : ''}`}>
          <span className="leaderboard__rank" aria-label={`Rank ${player.rank}`}>
            {player.rank}
          </span>
          <span className="leaderboard__name">{player.displayName}</span>
          <span className="leaderboard__ducks">
            {player.DuckPoints} <span className="leaderboard__unit">{player.DuckPoints === 1 ? 'duck' : 'ducks'}</span>
          </span>
        </li>
      ))}
    </ol>
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
