// GET /api/profile: the rewards this visitor claimed, one entry per claim with its voucher code.
import type { Profile } from '@quackquest/contract/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';

export const profileQueryKey = ['profile'] as const;

function getProfile(): Promise<Profile> {
  return api<Profile>('/api/profile');
}

/** Failures are logged; /my-rewards then says the load failed and offers a retry (docs/product.md §7.7). */
export function useProfile() {
  const query = useQuery({ queryKey: profileQueryKey, queryFn: getProfile, staleTime: 0 });
  useEffect(() => {
    if (query.error) console.error('Failed to load the claimed rewards', query.error);
  }, [query.error]);
  return query;
}
