// Reward availability, timing texts and the claim gate of docs/product.md §5.6, §6 and §7.6. Pure, no I/O:
// times are Unix seconds and countdowns use 86400-second days, rounded up. The window and stock rules
// and the refusal messages are the contract's (claim-refusals.ts), the ones the server answers with.
import {
  type CampaignScreens,
  type ClaimRefusalCode,
  type ClaimVisitor,
  type Profile,
  type Reward,
  claimRefusal,
  foreseeClaimRefusal,
  packRefusal,
  isSoldOut,
  rewardWindow,
} from '@quackquest/contract/core';
import { t } from '../../lib/i18n';
import '../../lib/game-texts';
import { apiLanguage } from '../../lib/api-client';

export { isSoldOut, rewardWindow, type RewardWindow } from '@quackquest/contract/core';

const DAY_SECONDS = 86_400;

export interface RewardTiming {
  startDate?: number | null;
  endDate?: number | null;
}

export interface RewardStock extends RewardTiming {
  price: number;
  quantity: number;
}

/** Disabled (greyed) when sold out or outside its window. */
export function isRewardDisabled(reward: RewardStock, nowSec: number): boolean {
  return isSoldOut(reward) || rewardWindow(reward, nowSec) !== 'open';
}

/** 'Redeem in {n} days', 'Redeem in 1 day' or 'Redeem today' for a countdown of whole days. */
export function redeemInText(days: number): string {
  if (days >= 1) return t('rewards.redeemIn', { days });
  return t('rewards.redeemToday');
}

/** The timing text of a reward outside its window, or undefined while it is open. */
export function rewardTimingText(reward: RewardTiming, nowSec: number): string | undefined {
  const window = rewardWindow(reward, nowSec);
  if (window === 'ended') return t('rewards.ended');
  if (window === 'upcoming') return redeemInText(Math.ceil((reward.startDate! - nowSec) / DAY_SECONDS));
  return undefined;
}

/** The stock text of a row: '{n} left' or 'Sold out'. */
export function stockText(reward: { quantity: number }): string {
  return isSoldOut(reward) ? t('rewards.soldOut') : t('rewards.left', { n: reward.quantity });
}

/** The note under a row: the timing text outside the window, else 'Not available' when disabled. */
export function rewardNote(reward: RewardStock, nowSec: number): string | undefined {
  return rewardTimingText(reward, nowSec) ?? (isRewardDisabled(reward, nowSec) ? t('rewards.notAvailable') : undefined);
}

/**
 * '{n} more ducks' ('1 more duck') when the visitor's ducks fall short of an open, in-stock reward; undefined
 * when they can afford it, when the row is disabled anyway, or while their ducks are not known yet.
 */
export function moreDucksText(reward: RewardStock, ducks: number | undefined, nowSec: number): string | undefined {
  if (ducks === undefined || ducks >= reward.price || isRewardDisabled(reward, nowSec)) return undefined;
  const missing = reward.price - ducks;
  return t('rewards.moreDucks', { n: missing });
}

export type ClaimGate = { ok: true } | { ok: false; message: string };

/** The campaign's sign-up question (campaign.yaml signup): its answers' own words refuse the rewards of the other. */
export type SignupWords = CampaignScreens['signup'] | undefined;

/** A refusal's sentence as the server says it: an eligibility refusal in the pack's words, when it has them. */
function refusalSaid(
  code: ClaimRefusalCode,
  facts: { price: number; ducks: number },
  signup: SignupWords,
): { text: string; pack: boolean } {
  const words = packRefusal(code, signup);
  return words ? { text: words, pack: true } : { text: apiLanguage.refusalText(claimRefusal(code, facts)), pack: false };
}

/**
 * Whether a tap may open the confirm dialog: within the window, in stock, for this visitor (once their profile is
 * known), under their limit, and enough ducks.
 */
export function checkClaim(
  reward: RewardStock & Partial<Pick<Reward, 'eligibility' | 'perUserLimit'>>,
  ducks: number,
  nowSec: number,
  visitor?: ClaimVisitor,
  signup?: SignupWords,
): ClaimGate {
  const refusal = foreseeClaimRefusal(reward, ducks, nowSec, visitor);
  if (refusal === null) return { ok: true };
  return { ok: false, message: refusalSaid(refusal, { price: reward.price, ducks }, signup).text };
}

/** The visitor's facts for one reward, from their profile; undefined while it is not known. */
export function claimVisitor(profile: Profile | undefined, item: string): ClaimVisitor | undefined {
  if (!profile?.eligibleAs) return undefined;
  return { eligibleAs: profile.eligibleAs, claimedOfThis: profile.claimed.filter((c) => c.item === item).length };
}

/**
 * Why this visitor can never claim an open, in-stock reward: not for their sign-up answer, or their limit reached
 * (issue 27 part 5), and whether the words are the pack's; undefined otherwise, and while their profile is not known.
 */
export function visitorRefusalText(
  reward: RewardStock & Pick<Reward, 'eligibility' | 'perUserLimit'>,
  visitor: ClaimVisitor | undefined,
  nowSec: number,
  signup: SignupWords,
): { text: string; pack: boolean } | undefined {
  if (!visitor || isRewardDisabled(reward, nowSec)) return undefined;
  // Ducks are not the question here: as many as it costs.
  const refusal = foreseeClaimRefusal(reward, reward.price, nowSec, visitor);
  return refusal ? refusalSaid(refusal, { price: reward.price, ducks: reward.price }, signup) : undefined;
}

/** Current time in Unix seconds. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Names over 15 characters are shown in a smaller font (docs/product.md §8). */
export function isLongName(name: string): boolean {
  return name.length > 15;
}
