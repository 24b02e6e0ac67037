// /reward-detail: one owned reward, received through navigation state (docs/product.md §2.13).
import { useLocation } from 'react-router';
import { BackButton } from '../components/back-button';
import { readOwnedRewardState } from '../features/rewards/owned-rewards';
import { RewardDetailView } from '../features/rewards/reward-detail-view';
import { paths } from '../lib/paths';

export default function RewardDetailRoute() {
  const reward = readOwnedRewardState(useLocation().state);
  return (
    <main className="screen reward-detail">
      <div className="screen__top">
        <BackButton to={paths.myRewards} label="Back to my rewards" />
      </div>
      {reward ? (
        <RewardDetailView reward={reward} />
      ) : (
        <p className="card">No reward selected. Please go back to select a reward.</p>
      )}
    </main>
  );
}
