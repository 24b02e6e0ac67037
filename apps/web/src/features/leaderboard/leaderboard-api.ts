// GET /api/leaderboard: the top of the ranking (display names only, never e-mails) and this user's place.
import type { Leaderboard } from '@quackquest/contract/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';
import { FRESH_ON_OPEN_MS, startFirstAnswer, useFirstAnswer } from '../../lib/first-answer';

const leaderboardQueryKey = ['leaderboard'] as const;

function getLeaderboard(): Promise<Leaderboard> {
  return api<Leaderboard>('/api/leaderboard');
}

/** The first list is asked for as /leaderboard's code arrives (routes/leaderboard.tsx), not once it is drawn. */
export function startLeaderboard(): void {
  startFirstAnswer(leaderboardQueryKey, getLeaderboard);
}

/**
 * A failure is logged, and the screen says so with a retry (docs/product.md §7.7). The first opening waits for the
 * list: the winners note sits below it (a layout shift of 0.05 with a board of a few players otherwise).
 */
export function useLeaderboard() {
  useFirstAnswer(leaderboardQueryKey, getLeaderboard);
  // Ducks change after every spin and claim: fetch again whenever the screen opens.
  const query = useQuery({ queryKey: leaderboardQueryKey, queryFn: getLeaderboard, staleTime: FRESH_ON_OPEN_MS });
  useEffect(() => {
    if (query.error) console.error('Failed to load the leaderboard', query.error);
  }, [query.error]);
  return {
    top: query.data?.top ?? [],
    isLoading: query.isLoading,
    failed: query.isError && !query.data,
    retry: () => void query.refetch(),
    retrying: query.isFetching,
  };
}
