// Why a claim is refused (docs/product.md §7): one code per rule, and the message and kind of error of each.
// The rules themselves are enforced in one place, the database function qq_claim (migration
// 0004_claim_refusal_codes.sql), which answers with the code of the first rule broken in this order:
// window, stock, eligibility, per-user limit, balance. The server turns the code into an error of the
// given kind (its DomainError codes); the web app foresees the rules it can check from the inventory and
// the balance (foreseeClaimRefusal) so it can refuse a tap before asking.
import type { Said } from './errors';
import { messages } from './messages';

/** What a refusal's message may need: the reward's price and the visitor's ducks now. */
export interface ClaimRefusalFacts {
  price: number;
  ducks: number;
}

/** The server's kinds of error (a subset of its DomainError codes) that a refused claim can be. */
export type ClaimRefusalKind = 'not_found' | 'forbidden' | 'conflict';

/** By the code qq_claim answers with; in the order the rules take precedence. */
export const CLAIM_REFUSALS = {
  /** The visitor is blocked (decision 020): checked before anything else. */
  blocked: { kind: 'forbidden', text: 'accountBlocked' },
  /** No reward of that name in this campaign, or it was removed. */
  unknown_reward: { kind: 'not_found', text: 'rewardNotFound' },
  /** Now is before the reward's start or after its end. */
  not_available: { kind: 'forbidden', text: 'rewardNotAvailable' },
  /** No stock left (also when the last one went while this claim was being checked). */
  sold_out: { kind: 'conflict', text: 'rewardSoldOut' },
  owners_only: { kind: 'forbidden', text: 'rewardOwnersOnly' },
  non_owners_only: { kind: 'forbidden', text: 'rewardNonOwnersOnly' },
  /** The visitor already claimed it as many times as its per-user limit allows. */
  limit_reached: { kind: 'conflict', text: 'rewardLimitReached' },
  not_enough_ducks: { kind: 'conflict', text: 'notEnoughDucks' },
} as const satisfies Record<string, { kind: ClaimRefusalKind; text: keyof typeof messages }>;

export type ClaimRefusalCode = keyof typeof CLAIM_REFUSALS;

export function isClaimRefusalCode(value: unknown): value is ClaimRefusalCode {
  return typeof value === 'string' && Object.hasOwn(CLAIM_REFUSALS, value);
}

/** The refusal's sentence, coded (decision 048). Written from `messages` alone, not errors.ts's whole table, which
 * would otherwise ride on the web app's first screen with the rewards screen's foresight. */
export function claimRefusal(code: ClaimRefusalCode, facts: ClaimRefusalFacts): Said {
  const { text } = CLAIM_REFUSALS[code];
  if (text === 'notEnoughDucks') return { code: text, message: messages.notEnoughDucks(facts), params: { ...facts } };
  return { code: text, message: messages[text] };
}

/** Not yet open (now before start), open, or ended (now after end). No dates means always open. */
export type RewardWindow = 'upcoming' | 'open' | 'ended';

/** The window rule of qq_claim; times are Unix seconds, and the start and end seconds are inside. */
export function rewardWindow(reward: { startDate?: number | null; endDate?: number | null }, nowSec: number): RewardWindow {
  if (reward.startDate != null && nowSec < reward.startDate) return 'upcoming';
  if (reward.endDate != null && nowSec > reward.endDate) return 'ended';
  return 'open';
}

/** The stock rule of qq_claim, on the inventory's `quantity`. */
export function isSoldOut(reward: { quantity: number }): boolean {
  return reward.quantity <= 0;
}

/** What the web app knows of the visitor beyond their ducks (GET /api/profile): who they are for the rewards'
 * eligibility, and how many of this reward they already claimed. */
export interface ClaimVisitor {
  eligibleAs: 'owners' | 'non-owners';
  claimedOfThis: number;
}

/**
 * The refusal the web app can foresee before asking the server, in the server's order: window, stock, eligibility
 * and per-user limit (once the visitor's profile is known), balance. The server decides; this only keeps a row that
 * can never be claimed from looking claimable (issue 27 part 5) and spares a tap its round trip.
 */
export function foreseeClaimRefusal(
  reward: {
    price: number;
    quantity: number;
    startDate?: number | null;
    endDate?: number | null;
    eligibility?: 'everyone' | 'owners' | 'non-owners';
    perUserLimit?: number | null;
  },
  ducks: number,
  nowSec: number,
  visitor?: ClaimVisitor,
): ClaimRefusalCode | null {
  if (rewardWindow(reward, nowSec) !== 'open') return 'not_available';
  if (isSoldOut(reward)) return 'sold_out';
  if (visitor) {
    const refusal = eligibilityRefusal(reward.eligibility ?? 'everyone', visitor.eligibleAs);
    if (refusal) return refusal;
    if (reward.perUserLimit != null && visitor.claimedOfThis >= reward.perUserLimit) return 'limit_reached';
  }
  if (ducks < reward.price) return 'not_enough_ducks';
  return null;
}

/** The eligibility rule of qq_claim: a reward for one answer of the sign-up question refuses the other. */
function eligibilityRefusal(
  eligibility: 'everyone' | 'owners' | 'non-owners',
  eligibleAs: ClaimVisitor['eligibleAs'],
): 'owners_only' | 'non_owners_only' | null {
  if (eligibility === 'everyone' || eligibility === eligibleAs) return null;
  return eligibility === 'owners' ? 'owners_only' : 'non_owners_only';
}

/** The campaign's sign-up question as far as refusals go: each answer's own words for the rewards of the other. */
export interface SignupRefusals {
  yes: { refusal: string };
  no: { refusal: string };
}

/**
 * An eligibility refusal in the pack's own words (campaign.yaml signup.yes/no.refusal), as the server answers it and
 * the app foresees it; undefined for any other refusal, or a campaign without a sign-up question.
 */
export function packRefusal(code: ClaimRefusalCode, signup: SignupRefusals | null | undefined): string | undefined {
  if (!signup) return undefined;
  if (code === 'owners_only') return signup.yes.refusal;
  if (code === 'non_owners_only') return signup.no.refusal;
  return undefined;
}
