// The summary header of the leaderboard and rewards screens: the visitor's ducks, rank and total users.
import { useMe } from '../lib/me-api';
import { rankText } from '../lib/rank-text';

export function DucksHeader() {
  const { data } = useMe();
  return (
    <section className="ducks-header" aria-label="Your ducks">
      <div>
        <span className="ducks-header__value">{data?.duckPoints ?? 0}</span>
        <span className="ducks-header__label">Ducks</span>
      </div>
      <div>
        <span className="ducks-header__value">{rankText(data?.rank, data?.totalUsers)}</span>
        <span className="ducks-header__label">Rank</span>
      </div>
      <div>
        <span className="ducks-header__value">{data?.totalUsers ?? '∞'}</span>
        <span className="ducks-header__label">Players</span>
      </div>
    </section>
  );
}
