// The helpdesk's calls (docs/product.md §10, §15; role admin). The server validates and refuses with sentences.
import { api } from '../../lib/api-client';
import type { Participant, ParticipantSearch } from '../console-types';

const base = '/api/console/participants';
const opts = { allowUnauthorized: true } as const;

export function searchParticipants(q: string): Promise<ParticipantSearch> {
  return api<ParticipantSearch>(`${base}?${new URLSearchParams({ q: q.trim() }).toString()}`, opts);
}

export function fetchParticipant(userId: number): Promise<Participant> {
  return api<Participant>(`${base}/${userId}`, opts);
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
