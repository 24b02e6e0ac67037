// The helpdesk's calls (docs/product.md §10, §15; role admin). The server validates and refuses with sentences.
import { type QueryClient, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { Participant, ParticipantSearch } from '../console-types';

const base = '/api/console/participants';
const opts = { allowUnauthorized: true } as const;

/** The visitors a search finds (the newest with none), with the words searched; the last answer stays shown while another is asked. */
export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: ['console', 'participants', 'search', q],
    queryFn: async () => {
      const found = await api<ParticipantSearch>(`${base}?${new URLSearchParams({ q: q.trim() }).toString()}`, opts);
      return { q, items: found.items };
    },
    placeholderData: keepPreviousData,
  });

/** One visitor's profile, answers, ledger and claims. */
export const participantQuery = (userId: number) =>
  queryOptions({ queryKey: ['console', 'participants', userId], queryFn: () => api<Participant>(`${base}/${userId}`, opts) });

/** A helpdesk action's answer is the visitor as they now are: shown at once, and the searches read again. */
export function settleParticipant(client: QueryClient, updated: Participant): Promise<void> {
  client.setQueryData(participantQuery(updated.userId).queryKey, updated);
  return client.invalidateQueries({ queryKey: ['console', 'participants', 'search'] });
}

export function adjustDucks(userId: number, amount: number, reason: string): Promise<Participant> {
  return api<Participant>(`${base}/${userId}/ducks`, { method: 'POST', body: { amount, reason }, ...opts });
}

export function blockParticipant(userId: number, reason: string): Promise<Participant> {
  return api<Participant>(`${base}/${userId}/block`, { method: 'POST', body: { reason }, ...opts });
}

export function unblockParticipant(userId: number): Promise<Participant> {
  return api<Participant>(`${base}/${userId}/unblock`, { method: 'POST', body: {}, ...opts });
}

export function eraseParticipant(userId: number, confirm: string): Promise<Participant> {
  return api<Participant>(`${base}/${userId}/erase`, { method: 'POST', body: { confirm }, ...opts });
}
