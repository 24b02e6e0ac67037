import { useNavigate } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { paths } from '../../lib/paths';
import type { OwnedReward } from './owned-rewards';
import { GiftImage } from './gift-image';
import { isLongName } from './reward-availability';
import { useOwnedRewards } from './use-owned-rewards';
import './rewards.css';
import { currentLocale, t } from '../../lib/i18n';
import { textWithValues } from '../../lib/text-with-values';
import '../../lib/game-texts';

/** The state /reward-detail receives through navigation. */
export interface RewardDetailState {
  reward: OwnedReward;
}

export function OwnedRewardList() {
  const { owned, isLoading, failed, retry, retrying } = useOwnedRewards();
  const navigate = useNavigate();
  // A failed load is not "nothing claimed": the visitor may hold vouchers (issue 15 part 6).
  if (failed) return <LoadFailed what={t('common.what.yourRewards')} onRetry={retry} retrying={retrying} />;
  if (isLoading) return <p className="loading">{t('rewards.loadingOwned')}</p>;
  if (owned.length === 0) {
    return <p className="card owned-empty">{t('rewards.noneOwned')}</p>;
  }
  return (
    <ul className="owned-list">
      {owned.map((reward) => (
        <li key={reward.item}>
          <button
            type="button"
            className="owned-row"
            onClick={() => void navigate(paths.rewardDetail, { state: { reward } satisfies RewardDetailState })}
          >
            <GiftImage className="owned-row__icon" />
            <span className="owned-row__main">
              <span className={`owned-row__name${isLongName(reward.item) ? ' owned-row__name--small' : ''}`} lang="en">
                {reward.item}
              </span>
              {/* Each voucher: its code, when it was claimed and whether the desk has redeemed it (issue 27 part 5). */}
              {reward.vouchers.map((voucher) => (
                <span key={voucher.code} className="owned-row__voucher">
                  <code className="owned-row__code" translate="no">
                    {voucher.code}
                  </code>
                  {voucher.claimedAt != null && (
                    <span>{textWithValues('rewards.claimedOn', { date: claimedDate(voucher.claimedAt) })}</span>
                  )}
                  <span className={`owned-row__state owned-row__state--${voucher.redeemed ? 'redeemed' : 'ready'}`}>
                    {voucher.redeemed ? t('voucher.redeemed') : t('voucher.ready')}
                  </span>
                </span>
              ))}
            </span>
            {reward.quantity > 1 && <span className="owned-row__quantity">x{reward.quantity}</span>}
            <svg className="owned-row__chevron" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M9 5l7 7-7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="3"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** "27 Nov", in the visitor's language and zone. */
function claimedDate(sec: number): string {
  return new Intl.DateTimeFormat(currentLocale(), { day: 'numeric', month: 'short' }).format(sec * 1000);
}
