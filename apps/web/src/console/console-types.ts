// The console API's shapes and the review reasons, under the names the console screens use. Everything is the
// contract's (packages/contract/src/console.ts and constants.ts, zod-free through '@quackquest/contract/core'),
// so each text and limit lives once.
import type { OPERATOR_ROLES } from '@quackquest/contract';
import type {
  ConsoleVoucher,
  Dashboard,
  Participant,
  ParticipantSearch,
  ParticipantSummary,
  ReviewDecisionsBody,
  ReviewDecisionsResult,
  ReviewItem,
  ReviewList,
} from '@quackquest/contract/core';

export { ERASE_CONFIRMATION, PARTICIPANT_ADJUST_MAX } from '@quackquest/contract/core';
export type { Participant, ParticipantSearch, ParticipantSummary };
export { REVIEW_REASON_MAX_LENGTH, REVIEW_STATES, reviewReasonsFor } from '@quackquest/contract/core';
export type { Dashboard, ReviewItem };

export type Role = (typeof OPERATOR_ROLES)[number];

export interface ConsoleMe {
  email: string;
  role: Role;
  /** The campaign's time zone, in which the console shows every time (console/time.ts); null before a campaign. */
  timeZone: string | null;
}

export type ReviewState = ReviewItem['state'];
export type ReviewPage = ReviewList;
export type ReviewDecision = ReviewDecisionsBody['decisions'][number];
export type DecisionResult = ReviewDecisionsResult['results'][number];
export type Voucher = ConsoleVoucher;
