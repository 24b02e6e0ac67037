// POST /api/checkpoints/:id/attempts: one answer (a scan, choices, a text, or an uploaded photo's key), with its
// Idempotency-Key and the time it was made (decision 036): sent again after a lost response, it counts once.
import type { AttemptResult } from '@quackquest/contract/core';
import { api } from '../../lib/api-client';

export interface AttemptSending {
  /** One per answer, kept with it while it waits for a signal. */
  key: string;
  /** When the visitor answered (Date.now()). */
  answeredAt: number;
}

export function postAttempt(
  checkpointId: string,
  answer: string | string[],
  typed: boolean,
  { key, answeredAt }: AttemptSending,
): Promise<AttemptResult> {
  return api<AttemptResult>(`/api/checkpoints/${encodeURIComponent(checkpointId)}/attempts`, {
    method: 'POST',
    // sentAt beside answeredAt: how long ago the answer was made by the phone's own clock, right or wrong (decision 083).
    body: typed ? { answer, typed, answeredAt, sentAt: Date.now() } : { answer, answeredAt, sentAt: Date.now() },
    headers: { 'idempotency-key': key },
  });
}

/** A new answer's key: 32 random hex digits (crypto.randomUUID needs HTTPS, a phone on the LAN may not have it). */
export function newAnswerKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
