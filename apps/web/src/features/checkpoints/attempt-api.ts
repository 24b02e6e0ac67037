// POST /api/checkpoints/:id/attempts: one answer (a scan, choices, a text, or an uploaded photo's key).
import type { AttemptResult } from '@quackquest/contract/core';
import { api } from '../../lib/api-client';

export function postAttempt(checkpointId: string, answer: string | string[], typed = false): Promise<AttemptResult> {
  return api<AttemptResult>(`/api/checkpoints/${encodeURIComponent(checkpointId)}/attempts`, {
    method: 'POST',
    body: typed ? { answer, typed } : { answer },
  });
}
