// /rewards: browse and claim rewards (docs/product.md §2.11 and §5.6).
import { useScreens } from '../lib/campaign-api';
import { BackButton } from '../components/back-button';
import { BottomBar } from '../components/bottom-bar';
import { DucksHeader } from '../components/ducks-header';
import { LoadFailed } from '../components/load-failed';
import { ClaimedPopup, ConfirmClaimDialog } from '../features/rewards/claim-dialogs';
import { startInventory, useInventory } from '../features/rewards/inventory-api';
import { startProfile, useProfile } from '../features/rewards/profile-api';
import { RewardList } from '../features/rewards/reward-list';
import { useClaimFlow } from '../features/rewards/use-claim-flow';
import { useMe } from '../lib/me-api';
import { paths } from '../lib/paths';
import { t } from '../lib/i18n';
import '../lib/game-texts';

startInventory();
// Who the visitor is for the rewards and what they claimed: rows they can never claim say why (issue 27 part 5).
startProfile();

export default function RewardsRoute() {
  const me = useMe();
  const inventory = useInventory();
  const profile = useProfile().data;
  const screens = useScreens();
  const claim = useClaimFlow(me.data?.duckPoints ?? 0, profile, screens?.signup);
  return (
    <main className="screen">
      <div className="screen__top">
        <BackButton to={paths.welcome} />
        <h1 className="title">{t('rewards.title')}</h1>
      </div>
      {screens?.rewardsBanner && (
        <img
          className="rewards-banner"
          src={screens.rewardsBanner.url}
          alt={screens.rewardsBanner.alt}
          data-pack
          width={360}
          height={130}
          fetchPriority="high"
        />
      )}
      <DucksHeader />
      <RewardList
        rewards={inventory.data}
        isLoading={inventory.isLoading}
        ducks={me.data?.duckPoints}
        profile={profile}
        onTap={(reward) => void claim.tap(reward)}
        failed={
          inventory.isError && !inventory.data ? (
            <LoadFailed
              what={t('common.what.rewards')}
              onRetry={() => void inventory.refetch()}
              retrying={inventory.isFetching}
            />
          ) : undefined
        }
      />
      {screens?.rewardsCaption && (
        <p className="rewards-caption" data-pack>
          {screens.rewardsCaption}
        </p>
      )}
      <BottomBar
        links={[
          { to: paths.leaderboard, label: t('nav.leaderboard') },
          { to: paths.checkpoints, label: t('nav.checkpoints') },
        ]}
      />
      {claim.confirming && (
        <ConfirmClaimDialog
          reward={claim.confirming}
          pending={claim.pending}
          onConfirm={() => void claim.confirm()}
          onCancel={claim.cancel}
        />
      )}
      {claim.claimedItem && <ClaimedPopup item={claim.claimedItem} onClose={claim.closeClaimed} />}
    </main>
  );
}
