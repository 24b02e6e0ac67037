// POST /api/console/reviews/decisions (docs/product.md §10): each decision succeeds or fails on its own; and
// POST /api/console/reviews/undo, which takes one back within the server's window (issue 28 part 3).
import type { ReviewUndoResult } from '@quackquest/contract/core';
import { api } from '../../lib/api-client';
import type { DecisionResult, ReviewDecision } from '../console-types';

export async function sendDecisions(decisions: ReviewDecision[]): Promise<DecisionResult[]> {
  const { results } = await api<{ results: DecisionResult[] }>('/api/console/reviews/decisions', {
    method: 'POST',
    body: { decisions },
    allowUnauthorized: true,
  });
  return results;
}

export function sendUndo(attemptId: number): Promise<ReviewUndoResult> {
  return api<ReviewUndoResult>('/api/console/reviews/undo', { method: 'POST', body: { attemptId }, allowUnauthorized: true });
}
