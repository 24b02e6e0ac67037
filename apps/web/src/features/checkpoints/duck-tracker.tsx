// The duck tracker banner of /checkpoints (docs/product.md §2.6), with the My Rewards and booking buttons.
import { Link } from 'react-router';
import { useCampaign } from '../../lib/campaign-api';
import { useMe } from '../../lib/me-api';
import { rankText } from '../../lib/rank-text';
import { paths } from '../../lib/paths';
import { t } from '../../lib/i18n';
import '../../lib/game-texts';

export function DuckTracker() {
  const { data, isPending } = useMe();
  return (
    <section className="duck-tracker" aria-label={t('checkpoints.myDucks')}>
      <p className="duck-tracker__title">
        <DuckIcon />
        {t('checkpoints.myDucks')}
      </p>
      <ul className="duck-tracker__stats">
        <li>{t('checkpoints.rank', { rank: rankText(data) })}</li>
        <li>{t('checkpoints.ducks', { n: data?.duckPoints ?? 0 })}</li>
        {/* A failed fetch falls back to 0 pending (docs/product.md §7.3). */}
        <li>{isPending ? t('common.loading') : t('checkpoints.ducksPending', { n: data?.pendingDuckPoints ?? 0 })}</li>
      </ul>
    </section>
  );
}

export function TrackerButtons() {
  const { data } = useCampaign();
  return (
    <div className="tracker-buttons">
      <Link to={paths.myRewards} className="btn btn--ghost">
        {t('checkpoints.myRewards')}
      </Link>
      {/* campaign.yaml bookingUrl and bookingLabel; a campaign without bookingUrl has no button. */}
      {data?.bookingUrl && (
        <a href={data.bookingUrl} target="_blank" rel="noopener" className="btn btn--duck">
          {data.screens?.bookingLabel ? <span data-pack>{data.screens.bookingLabel}</span> : t('checkpoints.bookNow')}
          <span className="visually-hidden">{t('checkpoints.newTab')}</span>
        </a>
      )}
    </div>
  );
}

function DuckIcon() {
  return (
    <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
      <path d="M4 17c3 1 5 3 9 3h7c5-1 9 1 8 6-1 4-6 5-12 5S5 29 4 24c-.4-2-1-5 0-7z" fill="#ffc928" />
      <circle cx="21" cy="11" r="6.5" fill="#ffc928" />
      <path d="M26 10c3-1 6 0 6 2s-3 3-6 2z" fill="#ff8a1c" />
      <circle cx="23" cy="9.5" r="1.3" fill="#062a4a" />
    </svg>
  );
}
