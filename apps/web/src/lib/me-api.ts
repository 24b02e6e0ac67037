// GET /api/me: the signed-in visitor's ducks, pending ducks, rank and total (the duck tracker and headers).
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
