// The signed-in visitor's ducks, pending ducks, rank and total: shared by the duck tracker and headers.
import type { Me } from '@quackquest/contract/core';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const meQueryKey = ['me'] as const;

export function getMe(): Promise<Me> {
  return api<Me>('/api/me');
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: getMe });
}

/** 'n/total', with the infinity symbol while the total is unknown. */
export function rankText(rank: number | undefined, total: number | undefined): string {
  return `${rank ?? '∞'}/${total ?? '∞'}`;
}
