// Stock from the console (docs/product.md §10, §15; decision 071).
import type { RewardStock } from '@quackquest/contract/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Each reward's stock: offered, left, changed from the console and the last changes. */
export const stockQuery = queryOptions({
  queryKey: ['console', 'rewards', 'stock'],
  queryFn: async () => (await api<{ items: RewardStock[] }>('/api/console/rewards', { allowUnauthorized: true })).items,
});

/** Adds `amount` units (negative: takes them away) with the reason; answers the reward's stock as it now is. */
export function changeStock(rewardId: number, amount: number, reason: string): Promise<RewardStock> {
  return api<RewardStock>(`/api/console/rewards/${rewardId}/stock`, {
    method: 'POST',
    body: { amount, reason },
    allowUnauthorized: true,
  });
}
