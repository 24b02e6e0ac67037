// Vouchers on board (docs/product.md §14): staff look a voucher up and mark it handed over, once. The UPDATE's
// condition makes it atomic: two crew members scanning the same voucher at once cannot both redeem it. The
// console (vouchers/routes.ts) and the CLI (`ops voucher:redeem`) call these same functions.
//
// The desk sees who the voucher is for (issue 32 part 1): whether the visitor is blocked and why, who may claim the
// reward and the visitor's answer to the sign-up question. A blocked visitor's voucher is refused, and the refusal
// is on the record; an admin (or the CLI) may redeem it anyway with a reason, kept on the claim and audited.
import { said } from '@quackquest/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit';
import { type DbOrTx, type Db } from '../db/client';
import { campaigns, claims, rewards, users } from '../db/schema';
import { formatCampaignTime } from '../campaign/campaign-time';
import { conflict, forbidden, invalid, notFound } from '../domain/errors';
import { lockUser } from '../ledger/ledger';

/** The campaign's sign-up question (campaign.yaml `signup`), as far as the desk needs it. */
export interface SignupWords {
  question: string;
  yes: { answer: string; rewardsLabel: string };
  no: { answer: string; rewardsLabel: string };
}

export interface Voucher {
  code: string;
  item: string;
  email: string;
  visitorName: string;
  claimedAt: Date;
  redeemedAt: Date | null;
  /** An operator's e-mail, or 'cli'. */
  redeemedBy: string | null;
  /** Why an admin redeemed it although its visitor was blocked. */
  redeemOverride: string | null;
  blockedAt: Date | null;
  blockedReason: string | null;
  /** Who may claim the reward, in the campaign's words; "Everyone" when anyone may. */
  eligibility: string;
  /** The visitor's answer to the campaign's sign-up question; null when the campaign asks none. */
  signup: { question: string; answer: string } | null;
}

/**
 * Codes are printed QQ-ABCDE-FGHJK (rewards/claim.ts); staff may type them in any case, with spaces, with the
 * dashes anywhere or none.
 */
export function normalizeVoucherCode(code: string): string {
  const bare = code.replace(/[\s\-\u2010-\u2015]/g, '').toUpperCase();
  return /^QQ[A-Z0-9]{10}$/.test(bare) ? `QQ-${bare.slice(2, 7)}-${bare.slice(7)}` : bare;
}

export async function findVoucher(db: DbOrTx, code: string): Promise<Voucher> {
  const voucherCode = normalizeVoucherCode(code);
  if (!voucherCode) throw invalid('The voucher code is empty.');
  const [row] = await db
    .select({
      code: claims.voucherCode,
      item: rewards.item,
      email: users.email,
      visitorName: users.fullName,
      claimedAt: claims.createdAt,
      redeemedAt: claims.redeemedAt,
      redeemedBy: claims.redeemedBy,
      redeemOverride: claims.redeemOverride,
      blockedAt: users.blockedAt,
      blockedReason: users.blockedReason,
      cabinOwner: users.cabinOwner,
      rule: rewards.eligibility,
      signupWords: sql<SignupWords | null>`${campaigns.info} -> 'screens' -> 'signup'`,
    })
    .from(claims)
    .innerJoin(users, eq(users.id, claims.userId))
    .innerJoin(rewards, eq(rewards.id, claims.rewardId))
    .innerJoin(campaigns, eq(campaigns.id, rewards.campaignId))
    .where(eq(claims.voucherCode, voucherCode));
  if (!row) throw notFound(said('voucherNotFound'));
  const { cabinOwner, rule, signupWords, ...voucher } = row;
  return { ...voucher, ...signupFacts(signupWords, rule, cabinOwner) };
}

/**
 * Who may claim a reward and what the visitor answered, in the campaign's words (campaign.yaml `signup`): for the
 * voucher screen and the claims CSV alike. `words` is the campaign's `info.screens.signup`.
 */
export function signupFacts(
  words: SignupWords | null | undefined,
  rule: string,
  cabinOwner: boolean,
): Pick<Voucher, 'eligibility' | 'signup'> {
  if (!words) return { eligibility: 'Everyone', signup: null };
  const label = rule === 'owners' ? words.yes.rewardsLabel : rule === 'non-owners' ? words.no.rewardsLabel : 'Everyone';
  return { eligibility: label, signup: { question: words.question, answer: (cabinOwner ? words.yes : words.no).answer } };
}

/**
 * Marks the voucher handed over by `actor` (an operator's e-mail, or CLI_ACTOR); a second time is a conflict. A
 * blocked visitor's voucher is refused (and the refusal audited) unless `override` gives the reason to hand it over
 * anyway: only an admin or the CLI may give one, which the caller checks.
 */
export async function redeemVoucher(
  db: Db,
  code: string,
  input: { actor: string; now: Date; override?: string | undefined },
): Promise<Voucher> {
  const voucher = await findVoucher(db, code);
  const override = input.override?.trim() || undefined;
  const outcome = await db.transaction(async (tx) => {
    const [claim] = await tx
      .select({ id: claims.id, userId: claims.userId, redeemedAt: claims.redeemedAt })
      .from(claims)
      .where(eq(claims.voucherCode, voucher.code));
    if (!claim || claim.redeemedAt) return 'redeemed' as const;
    // The visitor's row, locked as a block locks it: a block and a redemption of their voucher happen one after the other.
    const visitor = await lockUser(tx, claim.userId);
    const blockedReason = visitor?.blockedAt ? (visitor.blockedReason ?? 'no reason given') : null;
    const subject = `claim:${claim.id}`;
    if (blockedReason !== null && !override) {
      await recordAudit(tx, {
        actor: input.actor,
        action: 'voucher.redeem_refused',
        subject,
        before: { redeemedAt: null },
        after: { refused: 'visitor blocked', blockedReason },
        at: input.now,
      });
      return { refused: blockedReason };
    }
    const overriding = blockedReason !== null ? override! : null;
    const [row] = await tx
      .update(claims)
      .set({ redeemedAt: input.now, redeemedBy: input.actor, redeemOverride: overriding })
      .where(and(eq(claims.id, claim.id), isNull(claims.redeemedAt)))
      .returning({ id: claims.id });
    if (!row) return 'redeemed' as const;
    await recordAudit(tx, {
      actor: input.actor,
      action: 'voucher.redeem',
      // The claim, not its code: a voucher code is the visitor's, erased with them; the trail is append-only.
      subject,
      before: { redeemedAt: null, redeemedBy: null },
      after: {
        redeemedAt: input.now.toISOString(),
        redeemedBy: input.actor,
        ...(overriding !== null && { override: overriding, blockedReason }),
      },
      at: input.now,
    });
    return 'done' as const;
  });
  // The refusal is on the record (its transaction committed) before the desk is told.
  if (typeof outcome === 'object') throw forbidden(said('voucherOwnerBlocked', { reason: outcome.refused }));
  const now = await findVoucher(db, voucher.code);
  if (outcome === 'redeemed') {
    const at = now.redeemedAt ? await formatCampaignTime(db, now.redeemedAt) : 'an unknown time';
    throw conflict(said('alreadyRedeemed', { by: now.redeemedBy ?? 'an unknown operator', at }));
  }
  return now;
}
