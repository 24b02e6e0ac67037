// voucher:redeem: marks a claim's voucher as used on board, once. The UPDATE's condition makes it
// atomic: two crew members scanning the same voucher at once cannot both redeem it.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { claims, rewards, users } from '../db/schema';
import { conflict, invalid, notFound } from '../domain/errors';

export interface RedeemedVoucher {
  voucherCode: string;
  item: string;
  email: string;
  fullName: string;
  claimedAt: Date;
  redeemedAt: Date;
}

/** Codes are printed upper-case (QQ-ABCDE-FGHJK); staff may type them in any case, with stray spaces. */
function normalizeVoucherCode(code: string): string {
  return code.trim().toUpperCase();
}

export async function redeemVoucher(db: Db, code: string, now = new Date()): Promise<RedeemedVoucher> {
  const voucherCode = normalizeVoucherCode(code);
  if (!voucherCode) throw invalid('The voucher code is empty.');
  const [redeemed] = await db
    .update(claims)
    .set({ redeemedAt: now })
    .where(and(eq(claims.voucherCode, voucherCode), isNull(claims.redeemedAt)))
    .returning({ id: claims.id });
  const [claim] = await db
    .select({
      item: rewards.item,
      email: users.email,
      fullName: users.fullName,
      claimedAt: claims.createdAt,
      redeemedAt: claims.redeemedAt,
    })
    .from(claims)
    .innerJoin(users, eq(users.id, claims.userId))
    .innerJoin(rewards, eq(rewards.id, claims.rewardId))
    .where(eq(claims.voucherCode, voucherCode));
  if (!claim) throw notFound(`No voucher has the code ${voucherCode}. Check the code and try again.`);
  if (!redeemed) {
    const at = claim.redeemedAt?.toISOString() ?? 'an unknown time';
    throw conflict(`Voucher ${voucherCode} (${claim.item}, ${claim.email}) was already redeemed at ${at}.`);
  }
  return { voucherCode, ...claim, redeemedAt: claim.redeemedAt ?? now };
}

export function formatRedeemedVoucher(v: RedeemedVoucher): string {
  return `Redeemed ${v.voucherCode}: hand over "${v.item}" to ${v.fullName} <${v.email}> (claimed ${v.claimedAt.toISOString()}).`;
}
