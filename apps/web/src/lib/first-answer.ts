// A screen whose list sits above other content waits for the list the first time it opens in a visit, as the
// signed-in layout waits for /api/me (app/signed-in.tsx): a "Loading..." line that the list then replaces pushes
// what is below it down, a layout shift. At most 3 s; a failure is the screen's to show, as before (decision 040).
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { use } from 'react';

const firstAnswers = new Map<string, Promise<void>>();

/**
 * Suspends the calling screen (to the signed-in layout's "Loading...") until `queryKey` has its first answer;
 * `enabled` false: not now (the query itself is not asked for yet).
 */
export function useFirstAnswer(queryKey: QueryKey, queryFn: () => Promise<unknown>, enabled = true): void {
  const queryClient = useQueryClient();
  if (!enabled || queryClient.getQueryData(queryKey) !== undefined) return;
  const key = JSON.stringify(queryKey);
  let answered = firstAnswers.get(key);
  if (!answered) {
    answered = Promise.race([
      queryClient.prefetchQuery({ queryKey, queryFn }),
      new Promise<void>((resolve) => setTimeout(resolve, 3000)),
    ]);
    firstAnswers.set(key, answered);
  }
  use(answered);
}

/**
 * How long an answer stays fresh on screens that fetch again whenever they open (ducks and claims change all the
 * time): long enough that the answer the first opening has just waited for is not asked for twice.
 */
export const FRESH_ON_OPEN_MS = 1000;
