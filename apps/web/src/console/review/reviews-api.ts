// GET /api/console/reviews (docs/product.md §10): one page of the review queue, oldest first while pending.
import { api } from '../../lib/api-client';
import type { ReviewPage, ReviewState } from '../console-types';

export interface ReviewFilter {
  state: ReviewState;
  /** A checkpoint's id, or '' for all. */
  checkpoint: string;
}

const REVIEW_PAGE_SIZE = 50;

export function fetchReviews(filter: ReviewFilter, before?: number): Promise<ReviewPage> {
  const query = new URLSearchParams({ state: filter.state, limit: String(REVIEW_PAGE_SIZE) });
  if (filter.checkpoint) query.set('checkpoint', filter.checkpoint);
  if (before !== undefined) query.set('before', String(before));
  return api<ReviewPage>(`/api/console/reviews?${query.toString()}`, { allowUnauthorized: true });
}
