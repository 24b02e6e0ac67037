// What happened to a visitor's answers to one checkpoint (docs/product.md §5.3, decision 023): the state the
// list and the checkpoint screen show. Pure: the facts come from checkpoints/queries.ts.
import type { CheckpointResult } from '@quackquest/contract';

export interface ProgressFacts {
  /** Counted attempts (rejected answers and invalid scans do not count). */
  attempts: number;
  /** A valid scan, a correct answer, or an answer that is not rejected. */
  completed: boolean;
  /** The review state of the latest text or photo answer, if any. */
  review: 'pending' | 'approved' | 'rejected' | null;
}

export function checkpointResult(facts: ProgressFacts, maxAttempts: number): CheckpointResult {
  if (facts.review === 'pending') return 'inReview';
  if (facts.review === 'approved') return 'approved';
  if (facts.completed) return 'completed';
  if (facts.review === 'rejected') return 'rejected';
  if (maxAttempts > 0 && facts.attempts >= maxAttempts) return 'usedUp';
  return 'none';
}
