// GET /api/console/reviews (docs/product.md §10): one page of the decided answers, newest decision first; and
// POST /api/console/reviews/lease: the pending answers handed to this reviewer alone (decision 053).
import type { ReviewLease } from '@quackquest/contract/core';
import { api } from '../../lib/api-client';
import type { ReviewPage, ReviewState } from '../console-types';

export interface ReviewFilter {
  state: ReviewState;
  /** A checkpoint's id, or '' for all. */
  checkpoint: string;
  /** Text or photo answers, or '' for both. */
  type: '' | 'Str' | 'Upload';
}

/** How many pending answers a reviewer holds at a time: a phone's screenful and a little more. */
const LEASE_SIZE = 10;

/** `shown`: the answers on screen now; those that became someone else's come back in `gone`. */
export function leaseReviews(filter: ReviewFilter, shown: readonly number[]): Promise<ReviewLease> {
  return api<ReviewLease>('/api/console/reviews/lease', {
    method: 'POST',
    body: {
      limit: LEASE_SIZE,
      shown,
      ...(filter.checkpoint ? { checkpoint: filter.checkpoint } : {}),
      ...(filter.type ? { type: filter.type } : {}),
    },
    allowUnauthorized: true,
  });
}

const REVIEW_PAGE_SIZE = 50;

export function fetchReviews(filter: ReviewFilter, before?: number): Promise<ReviewPage> {
  const query = new URLSearchParams({ state: filter.state, limit: String(REVIEW_PAGE_SIZE) });
  if (filter.checkpoint) query.set('checkpoint', filter.checkpoint);
  if (filter.type) query.set('type', filter.type);
  if (before !== undefined) query.set('before', String(before));
  return api<ReviewPage>(`/api/console/reviews?${query.toString()}`, { allowUnauthorized: true });
}
