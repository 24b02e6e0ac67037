// The tie rule, stated under the top list when it has a tie (docs/product.md §2.10 and §9).
import type { Leaderboard } from '@quackquest/contract/core';

/** Whether two players of the list have the same ducks (the list is in rank order). */
export function hasTie(top: Pick<Leaderboard['top'][number], 'DuckPoints'>[]): boolean {
  return top.some((player, i) => i > 0 && player.DuckPoints === top[i - 1]!.DuckPoints);
}
