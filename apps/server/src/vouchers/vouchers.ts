// Vouchers on board (docs/product.md §14): staff look a voucher up and mark it handed over, once. The UPDATE's
// condition makes it atomic: two crew members scanning the same voucher at once cannot both redeem it. The
// console (vouchers/routes.ts) and the CLI (`ops voucher:redeem`) call these same functions.
import { said } from '@quackquest/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/audit';
import { type DbOrTx, type Db } from '../db/client';
import { claims, rewards, users } from '../db/schema';
import { formatCampaignTime } from '../campaign/campaign-time';
import { conflict, invalid, notFound } from '../domain/errors';

export interface Voucher {
  code: string;
  item: string;
  email: string;
  visitorName: string;
  claimedAt: Date;
  redeemedAt: Date | null;
  /** An operator's e-mail, or 'cli'. */
  redeemedBy: string | null;
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
  const [voucher] = await db
    .select({
      code: claims.voucherCode,
      item: rewards.item,
      email: users.email,
      visitorName: users.fullName,
      claimedAt: claims.createdAt,
      redeemedAt: claims.redeemedAt,
      redeemedBy: claims.redeemedBy,
    })
    .from(claims)
    .innerJoin(users, eq(users.id, claims.userId))
    .innerJoin(rewards, eq(rewards.id, claims.rewardId))
    .where(eq(claims.voucherCode, voucherCode));
  if (!voucher) throw notFound(said('voucherNotFound'));
  return voucher;
}

/** Marks the voucher handed over by `actor` (an operator's e-mail, or CLI_ACTOR); a second time is a conflict. */
export async function redeemVoucher(db: Db, code: string, input: { actor: string; now: Date }): Promise<Voucher> {
  const voucher = await findVoucher(db, code);
  const redeemed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(claims)
      .set({ redeemedAt: input.now, redeemedBy: input.actor })
      .where(and(eq(claims.voucherCode, voucher.code), isNull(claims.redeemedAt)))
      .returning({ id: claims.id });
    if (!row) return false;
    await recordAudit(tx, {
      actor: input.actor,
      action: 'voucher.redeem',
      // The claim, not its code: a voucher code is the visitor's, erased with them; the trail is append-only.
      subject: `claim:${row.id}`,
      before: { redeemedAt: null, redeemedBy: null },
      after: { redeemedAt: input.now.toISOString(), redeemedBy: input.actor },
      at: input.now,
    });
    return true;
  });
  const now = await findVoucher(db, voucher.code);
  if (!redeemed) {
    const at = now.redeemedAt ? await formatCampaignTime(db, now.redeemedAt) : 'an unknown time';
    throw conflict(said('alreadyRedeemed', { by: now.redeemedBy ?? 'an unknown operator', at }));
  }
  return now;
}
