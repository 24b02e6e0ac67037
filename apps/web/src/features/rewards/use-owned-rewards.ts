// The owned rewards of /my-rewards: the profile's claims merged by item; the inventory (for the
// descriptions) is fetched only when something was claimed.
import { useMemo } from 'react';
import { useInventory } from './inventory-api';
import { mergeOwnedRewards } from './owned-rewards';
import { useProfile } from './profile-api';

const NOTHING_CLAIMED: never[] = [];

export function useOwnedRewards() {
  const profile = useProfile();
  const claimed = profile.data?.claimed ?? NOTHING_CLAIMED;
  const inventory = useInventory({ enabled: claimed.length > 0 });
  const owned = useMemo(() => mergeOwnedRewards(claimed, inventory.data), [claimed, inventory.data]);
  const isLoading = profile.isLoading || (claimed.length > 0 && inventory.isLoading);
  // Only the claims decide what is owned: without the inventory the rows lose their descriptions, not their vouchers.
  const failed = profile.isError && !profile.data;
  return { owned, isLoading, failed, retry: () => void profile.refetch(), retrying: profile.isFetching };
}
