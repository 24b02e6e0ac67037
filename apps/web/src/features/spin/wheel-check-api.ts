// The wheel's check page's reads and its one write (decision 082): the published days (public), the visitor's spins,
// and the visitor's own seed.
import type { WheelDays, WheelSpins } from '@quackquest/contract/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const wheelDaysQueryKey = ['wheel', 'days'] as const;
export const wheelSpinsQueryKey = ['wheel', 'spins'] as const;

export function useWheelDays() {
  return useQuery({ queryKey: wheelDaysQueryKey, queryFn: () => api<WheelDays>('/api/wheel/days'), staleTime: 0 });
}

export function useWheelSpins() {
  return useQuery({ queryKey: wheelSpinsQueryKey, queryFn: () => api<WheelSpins>('/api/wheel/spins'), staleTime: 0 });
}

export function putWheelSeed(seed: string): Promise<{ visitorSeed: string }> {
  return api<{ visitorSeed: string }>('/api/wheel/seed', { method: 'PUT', body: { seed } });
}
