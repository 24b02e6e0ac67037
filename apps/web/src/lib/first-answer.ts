// A screen whose list sits above other content waits for the list the first time it opens in a visit, as the
// signed-in layout waits for /api/me (app/signed-in.tsx): a "Loading..." line that the list then replaces pushes
// what is below it down, a layout shift. At most 3 s; a failure is the screen's to show, as before (decision 040).
import type { QueryKey } from '@tanstack/react-query';
import { use } from 'react';
import { prefetchAhead, visitorQueryClient } from './query-client';
import { waitAtMost } from './screen-wait';

const firstAnswers = new Map<string, Promise<void>>();

function firstAnswer(queryKey: QueryKey, queryFn: () => Promise<unknown>): Promise<void> {
  const key = JSON.stringify(queryKey);
  let answered = firstAnswers.get(key);
  if (!answered) {
    answered = waitAtMost(prefetchAhead({ queryKey, queryFn }));
    firstAnswers.set(key, answered);
  }
  return answered;
}

/**
 * Asks for a screen's first answer as the screen's code arrives (a call at the top of its module), alongside
 * /api/me and the campaign, rather than once the signed-in layout has drawn the screen: one round trip less before
 * the screen appears. The screen's useFirstAnswer then waits for this same request.
 */
export function startFirstAnswer(queryKey: QueryKey, queryFn: () => Promise<unknown>): void {
  if (visitorQueryClient().getQueryData(queryKey) === undefined) void firstAnswer(queryKey, queryFn);
}

/**
 * Suspends the calling screen (to the signed-in layout's "Loading...") until `queryKey` has its first answer;
 * `enabled` false: not now (the query itself is not asked for yet).
 */
export function useFirstAnswer(queryKey: QueryKey, queryFn: () => Promise<unknown>, enabled = true): void {
  if (!enabled || visitorQueryClient().getQueryData(queryKey) !== undefined) return;
  use(firstAnswer(queryKey, queryFn));
}

/**
 * How long an answer stays fresh on screens that fetch again whenever they open (ducks and claims change all the
 * time): long enough that the answer the first opening has just waited for is not asked for twice.
 */
export const FRESH_ON_OPEN_MS = 1000;
