// GET /api/profile: the rewards this visitor claimed, one entry per claim with its voucher code.
import type { Profile } from '@quackquest/contract/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';
import { FRESH_ON_OPEN_MS, startFirstAnswer, useFirstAnswer } from '../../lib/first-answer';

export const profileQueryKey = ['profile'] as const;

function getProfile(): Promise<Profile> {
  return api<Profile>('/api/profile');
}

/** The first claims are asked for as /my-rewards' code arrives (routes/my-rewards.tsx), not once it is drawn. */
export function startProfile(): void {
  startFirstAnswer(profileQueryKey, getProfile);
}

/**
 * Failures are logged; /my-rewards then says the load failed and offers a retry (docs/product.md §7.7). The first
 * opening waits for the claims: the caption sits below them.
 */
export function useProfile() {
  useFirstAnswer(profileQueryKey, getProfile);
  const query = useQuery({ queryKey: profileQueryKey, queryFn: getProfile, staleTime: FRESH_ON_OPEN_MS });
  useEffect(() => {
    if (query.error) console.error('Failed to load the claimed rewards', query.error);
  }, [query.error]);
  return query;
}
