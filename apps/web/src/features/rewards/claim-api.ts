// POST /api/claims: claims one reward. The Idempotency-Key belongs to one confirmation, so a retry after a
// lost answer returns the first claim instead of charging twice.
import type { ClaimResult } from '@quackquest/contract/core';
import { ApiError, api } from '../../lib/api-client';

const NETWORK_RETRIES = 1;

export function newIdempotencyKey(): string {
  // randomUUID needs a secure context; a LAN address over plain http (testing on a phone) has none.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function postClaim(item: string, idempotencyKey: string): Promise<ClaimResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await api<ClaimResult>('/api/claims', {
        method: 'POST',
        body: { item },
        headers: { 'Idempotency-Key': idempotencyKey },
      });
    } catch (error) {
      const lost = error instanceof ApiError && error.status === 0;
      if (!lost || attempt >= NETWORK_RETRIES) throw error;
    }
  }
}
