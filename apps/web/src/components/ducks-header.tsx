// The summary header of the leaderboard and rewards screens: the visitor's ducks (and pending ones), rank and
// total users.
import { useMe } from '../lib/me-api';
import { rankText } from '../lib/rank-text';
import { t } from '../lib/i18n';
import '../lib/game-texts';

export function DucksHeader() {
  const { data } = useMe();
  return (
    <section className="ducks-header" aria-label={t('header.yourDucks')}>
      <div>
        <span className="ducks-header__value">{data?.duckPoints ?? 0}</span>
        <span className="ducks-header__label">{t('header.ducks')}</span>
        {/* Ducks waiting for a reviewer, apart from the balance (decision 023). */}
        {!!data?.pendingDuckPoints && (
          <span className="ducks-header__pending">{t('header.pending', { n: data.pendingDuckPoints })}</span>
        )}
      </div>
      <div>
        <span className="ducks-header__value">{rankText(data)}</span>
        <span className="ducks-header__label">{t('header.rank')}</span>
      </div>
      <div>
        <span className="ducks-header__value">{data?.totalUsers ?? '∞'}</span>
        <span className="ducks-header__label">{t('header.players')}</span>
      </div>
    </section>
  );
}
