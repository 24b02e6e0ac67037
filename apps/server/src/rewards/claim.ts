// Claiming a reward: window, stock, eligibility, per-user limit and balance are checked and changed in
// one transaction; the same Idempotency-Key returns the first result and never charges twice.
import { randomInt } from 'node:crypto';
import { type ClaimResult, messages } from '@quackquest/contract';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { claims, rewards } from '../db/schema';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { addLedgerRow, lockUser } from '../ledger/ledger';

// Crockford-style alphabet: no 0/O or 1/I/L to misread when staff type a code.
const VOUCHER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newVoucherCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += VOUCHER_ALPHABET[randomInt(VOUCHER_ALPHABET.length)];
  return `QQ-${code.slice(0, 5)}-${code.slice(5)}`;
}

export async function claimReward(
  ctx: AppContext,
  userId: number,
  item: string,
  idempotencyKey: string,
): Promise<{ created: boolean; claim: ClaimResult }> {
  if (!/^[\w-]{8,100}$/.test(idempotencyKey)) {
    throw badRequest('The Idempotency-Key header must be 8 to 100 letters, digits, "-" or "_".');
  }
  const campaign = await ctx.campaign.get();
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw notFound('User not found.');
    const previous = await findClaimByKey(tx, userId, idempotencyKey);
    if (previous) {
      if (previous.item !== item) throw new HttpError(422, 'This Idempotency-Key was already used for another reward.');
      return { created: false, claim: { ...previous, duckPoints: user.ducks } };
    }
    const [reward] = await tx
      .select()
      .from(rewards)
      .where(and(eq(rewards.campaignId, campaign.id), eq(rewards.item, item), eq(rewards.removed, false)))
      .limit(1);
    if (!reward) throw notFound('Reward not found.');
    const nowSec = Math.floor(ctx.now() / 1000);
    if ((reward.startDate !== null && nowSec < reward.startDate) || (reward.endDate !== null && nowSec > reward.endDate)) {
      throw forbidden(messages.rewardNotAvailable);
    }
    if (reward.stock <= 0) throw conflict(messages.rewardSoldOut);
    if (reward.eligibility === 'owners' && !user.cabinOwner) throw forbidden('This reward is for cabin owners only.');
    if (reward.eligibility === 'non-owners' && user.cabinOwner)
      throw forbidden('This reward is for visitors who do not have a cabin yet.');
    if (reward.perUserLimit !== null) {
      const [mine] = await tx
        .select({ n: count() })
        .from(claims)
        .where(and(eq(claims.userId, userId), eq(claims.rewardId, reward.id)));
      if ((mine?.n ?? 0) >= reward.perUserLimit) throw conflict('You have already claimed this reward as many times as allowed.');
    }
    if (user.ducks < reward.price) throw conflict(messages.notEnoughDucks(reward.price, user.ducks));

    const at = new Date(ctx.now());
    const [claim] = await tx
      .insert(claims)
      .values({ userId, rewardId: reward.id, price: reward.price, voucherCode: newVoucherCode(), idempotencyKey, createdAt: at })
      .returning();
    await addLedgerRow(tx, { userId, amount: -reward.price, posted: true, kind: 'claim', claimId: claim!.id, at });
    // Last, so the reward's row lock is held only until the commit just after it. The row changes only
    // while stock is above 0: two instances can never sell the last one twice (the rest rolls back).
    const [taken] = await tx
      .update(rewards)
      .set({ stock: sql`${rewards.stock} - 1` })
      .where(and(eq(rewards.id, reward.id), gt(rewards.stock, 0)))
      .returning({ id: rewards.id });
    if (!taken) throw conflict(messages.rewardSoldOut);
    return {
      created: true,
      claim: {
        item,
        price: reward.price,
        voucherCode: claim!.voucherCode,
        timestamp: Math.floor(at.getTime() / 1000),
        duckPoints: user.ducks - reward.price,
      },
    };
  });
}

async function findClaimByKey(tx: Tx, userId: number, key: string) {
  const [row] = await tx
    .select({ item: rewards.item, price: claims.price, voucherCode: claims.voucherCode, createdAt: claims.createdAt })
    .from(claims)
    .innerJoin(rewards, eq(rewards.id, claims.rewardId))
    .where(and(eq(claims.userId, userId), eq(claims.idempotencyKey, key)))
    .limit(1);
  return (
    row && {
      item: row.item,
      price: row.price,
      voucherCode: row.voucherCode,
      timestamp: Math.floor(row.createdAt.getTime() / 1000),
    }
  );
}
