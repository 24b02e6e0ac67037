// The kiosks' calls (decision 083): the console's list, start and revoke; the kiosk's own question, whether it is on.
import type { KioskList, KioskState, StartKioskBody, StartedKiosk } from '@quackquest/contract/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** A tablet asks every 30 s and is marked at most every 45 s: longer than this without word, it has gone quiet. */
const QUIET_AFTER_MS = 3 * 60_000;

/** Each kiosk marked quiet when its tablet has not been in touch for QUIET_AFTER_MS at `nowMs`. */
export function withQuiet(checkpoints: KioskList['checkpoints'], nowMs: number) {
  return checkpoints.map((checkpoint) => ({
    ...checkpoint,
    kiosks: checkpoint.kiosks.map((kiosk) => ({
      ...kiosk,
      quiet: kiosk.lastSeenAt !== null && nowMs - Date.parse(kiosk.lastSeenAt) > QUIET_AFTER_MS,
    })),
  }));
}

export const kiosksQuery = queryOptions({
  queryKey: ['console', 'kiosks'],
  queryFn: async () =>
    withQuiet((await api<KioskList>('/api/console/kiosks', { allowUnauthorized: true })).checkpoints, Date.now()),
  // Each kiosk's "last in touch" moves as its tablet asks (every 30 s): the crew sees a tablet go quiet.
  refetchInterval: 30_000,
});

export function startKiosk(body: StartKioskBody): Promise<StartedKiosk> {
  return api<StartedKiosk>('/api/console/kiosks', { method: 'POST', body, allowUnauthorized: true });
}

export function revokeKiosk(id: number): Promise<{ id: number }> {
  return api(`/api/console/kiosks/${id}/revoke`, { method: 'POST', allowUnauthorized: true });
}

/**
 * Whether the kiosk is still on, and the server's clock; needs no console session (the tablet holds the key). `code`,
 * the code it shows now, proves it is the tablet, which the console then sees as in touch (decision 090).
 */
export function fetchKioskState(id: number, code: string): Promise<KioskState> {
  return api<KioskState>(`/api/kiosks/${id}?code=${encodeURIComponent(code)}`, { allowUnauthorized: true });
}
