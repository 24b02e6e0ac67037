// POST /api/console/reviews/decisions (docs/product.md §10): each decision succeeds or fails on its own.
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
