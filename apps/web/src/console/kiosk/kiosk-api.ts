// The kiosks' calls (decision 083): the console's list, start and revoke; the kiosk's own question, whether it is on.
import type { KioskList, KioskState, StartKioskBody, StartedKiosk } from '@quackquest/contract/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const kiosksQuery = queryOptions({
  queryKey: ['console', 'kiosks'],
  queryFn: async () => (await api<KioskList>('/api/console/kiosks', { allowUnauthorized: true })).checkpoints,
});

export function startKiosk(body: StartKioskBody): Promise<StartedKiosk> {
  return api<StartedKiosk>('/api/console/kiosks', { method: 'POST', body, allowUnauthorized: true });
}

export function revokeKiosk(id: number): Promise<{ id: number }> {
  return api(`/api/console/kiosks/${id}/revoke`, { method: 'POST', allowUnauthorized: true });
}

/** Whether the kiosk is still on, and the server's clock; needs no console session (the tablet holds the key). */
export function fetchKioskState(id: number): Promise<KioskState> {
  return api<KioskState>(`/api/kiosks/${id}`, { allowUnauthorized: true });
}
