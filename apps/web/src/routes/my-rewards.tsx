// /my-rewards: the rewards this visitor claimed and owns (docs/product.md §2.12 and §5.6).
import { BackButton } from '../components/back-button';
import { BottomBar } from '../components/bottom-bar';
import { OwnedRewardList } from '../features/rewards/owned-reward-list';
import { startProfile } from '../features/rewards/profile-api';
import { paths } from '../lib/paths';
import { t } from '../lib/i18n';
import '../lib/game-texts';

startProfile();

export default function MyRewardsRoute() {
  return (
    <main className="screen">
      <div className="screen__top">
        <BackButton to={paths.welcome} />
        <h1 className="title">{t('rewards.myTitle')}</h1>
      </div>
      <OwnedRewardList />
      <p className="rewards-caption">{t('rewards.myCaption')}</p>
      <BottomBar
        links={[
          { to: paths.leaderboard, label: t('nav.leaderboard') },
          { to: paths.checkpoints, label: t('nav.checkpoints') },
        ]}
      />
    </main>
  );
}
