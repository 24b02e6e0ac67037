// The console API's shapes and the review reasons, as docs/product.md §10 and §15 describe them.
// TODO(merge i13-api): these mirror packages/contract/src/console.ts of the API branch (ReviewItem, Voucher,
// REVIEW_REASONS, re-exported from '@quackquest/contract/core'); once merged, import them from there and
// delete this file, so each text lives once.
import type { OPERATOR_ROLES } from '@quackquest/contract';

export type Role = (typeof OPERATOR_ROLES)[number];

export interface ConsoleMe {
  email: string;
  role: Role;
}

export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export interface ReviewItem {
  attemptId: number;
  checkpointId: string;
  checkpointTitle: string;
  type: 'Str' | 'Upload';
  text: string | null;
  photoUrl: string | null;
  /** Unix seconds. */
  submittedAt: number;
  visitorName: string;
  visitorEmail: string;
  state: ReviewState;
  reason: string | null;
  ducks: number | null;
  decidedBy: string | null;
  decidedAt: number | null;
}

export interface ReviewPage {
  items: ReviewItem[];
  nextBefore: number | null;
  checkpoints: { checkpointId: string; title: string }[];
}

export interface ReviewDecision {
  attemptId: number;
  decision: 'approve' | 'reject';
  reason?: string;
}

export type DecisionResult =
  { attemptId: number; ok: true; state: ReviewState } | { attemptId: number; ok: false; message: string };

export const REVIEW_REASONS = [
  'The photo does not show the task.',
  'The answer is not right.',
  'The photo is too dark or blurry.',
  'Not appropriate for the festival.',
] as const;

/** The longest free-text reason the server accepts. */
export const REVIEW_REASON_MAX_LENGTH = 200;

export interface Voucher {
  code: string;
  item: string;
  visitorName: string;
  /** Unix seconds. */
  claimedAt: number;
  redeemedAt: number | null;
  redeemedBy: string | null;
}
