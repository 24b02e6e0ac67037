// /reward-detail: one owned reward, received through navigation state (docs/product.md §2.13).
import { useLocation } from 'react-router';
import { BackButton } from '../components/back-button';
import { readOwnedRewardState } from '../features/rewards/owned-rewards';
import { RewardDetailView } from '../features/rewards/reward-detail-view';
import { paths } from '../lib/paths';
import '../lib/game-texts';
import { t } from '../lib/i18n';

export default function RewardDetailRoute() {
  const reward = readOwnedRewardState(useLocation().state);
  return (
    <main className="screen reward-detail">
      <div className="screen__top">
        <BackButton to={paths.myRewards} label={t('rewards.backToMy')} />
      </div>
      {reward ? <RewardDetailView reward={reward} /> : <p className="card">{t('rewards.noneSelected')}</p>}
    </main>
  );
}
