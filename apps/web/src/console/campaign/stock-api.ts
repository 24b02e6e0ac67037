// Stock from the console (docs/product.md §10, §15; decision 071).
import type { RewardStock } from '@quackquest/contract/core';
import { api } from '../../lib/api-client';

export function fetchRewardStock(): Promise<RewardStock[]> {
  return api<{ items: RewardStock[] }>('/api/console/rewards', { allowUnauthorized: true }).then((page) => page.items);
}

/** Adds `amount` units (negative: takes them away) with the reason; answers the reward's stock as it now is. */
export function changeStock(rewardId: number, amount: number, reason: string): Promise<RewardStock> {
  return api<RewardStock>(`/api/console/rewards/${rewardId}/stock`, {
    method: 'POST',
    body: { amount, reason },
    allowUnauthorized: true,
  });
}
