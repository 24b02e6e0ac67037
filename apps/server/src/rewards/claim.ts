// Claiming a reward: window, stock, eligibility, per-user limit and balance are checked and changed in
// one transaction; the same Idempotency-Key returns the first result and never charges twice.
import { randomInt } from 'node:crypto';
import { type ClaimResult, messages } from '@quackquest/contract';
import type { AppContext } from '../context';
import { statement } from '../db/client';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { sessionEnded } from '../session/session';

// Crockford-style alphabet: no 0/O or 1/I/L to misread when staff type a code.
const VOUCHER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newVoucherCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += VOUCHER_ALPHABET[randomInt(VOUCHER_ALPHABET.length)];
  return `QQ-${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What qq_claim saw and did (migration 0003); the rules' messages are picked from it (checkClaim). */
interface ClaimRow {
  ducks: number;
  cabin_owner: boolean;
  prev_item: string | null;
  prev_price: number | null;
  prev_voucher: string | null;
  prev_at_ms: number | null;
  reward_id: number | null;
  price: number | null;
  stock: number | null;
  start_date: string | number | null;
  end_date: string | number | null;
  eligibility: string | null;
  per_user_limit: number | null;
  mine: number | null;
  claim_id: string | number | null;
}

/**
 * The whole claim is one call of the database function qq_claim (migration 0003, decision 010): lock the
 * visitor's row (decision 003), read the previous claim with this key, the reward and the visitor's claims
 * of it, check the window, eligibility, per-user limit, balance and stock, and when they hold write the
 * claim, its ledger row and the balance, and take one from stock last. One round trip, and the reward's row
 * stays locked only from that last update to the end of the call: claims of one reward take turns on it.
 */
const claimStatement = statement<ClaimRow>('qq_claim', 'select * from qq_claim($1, $2, $3, $4, $5, $6, $7)');

/** Raised by qq_claim when every rule held but the stock ran out; nothing was written. */
const SOLD_OUT_SQLSTATE = 'QQ409';

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
  const atMs = ctx.now();
  const nowSec = Math.floor(atMs / 1000);
  const voucherCode = newVoucherCode();
  const [row] = await claimStatement(ctx.db, [
    userId,
    idempotencyKey,
    campaign.id,
    item,
    voucherCode,
    new Date(atMs).toISOString(),
    nowSec,
  ]).catch((error: unknown) => {
    if ((error as { code?: unknown }).code === SOLD_OUT_SQLSTATE) throw conflict(messages.rewardSoldOut);
    throw error;
  });
  if (!row) throw sessionEnded();
  if (row.prev_item !== null) {
    if (row.prev_item !== item) throw new HttpError(422, 'This Idempotency-Key was already used for another reward.');
    const claim = {
      item,
      price: Number(row.prev_price),
      voucherCode: String(row.prev_voucher),
      timestamp: Math.floor(Number(row.prev_at_ms) / 1000),
      duckPoints: row.ducks,
    };
    return { created: false, claim };
  }
  if (row.reward_id === null) throw notFound('Reward not found.');
  const price = Number(row.price);
  if (row.claim_id !== null) {
    return { created: true, claim: { item, price, voucherCode, timestamp: nowSec, duckPoints: row.ducks - price } };
  }
  // Refused: checkClaim throws the message of the first rule broken. qq_claim checks the same rules, so
  // there is always one; were there none, sold out is the answer that promises nothing.
  checkClaim({
    nowSec,
    startDate: row.start_date === null ? null : Number(row.start_date),
    endDate: row.end_date === null ? null : Number(row.end_date),
    stock: Number(row.stock),
    eligibility: row.eligibility,
    cabinOwner: row.cabin_owner,
    perUserLimit: row.per_user_limit,
    mine: Number(row.mine),
    price,
    ducks: row.ducks,
  });
  throw conflict(messages.rewardSoldOut);
}

/** The rules of a claim, in the order their messages take precedence; throws the first one broken. */
export function checkClaim(c: {
  nowSec: number;
  startDate: number | null;
  endDate: number | null;
  stock: number;
  eligibility: string | null;
  cabinOwner: boolean;
  perUserLimit: number | null;
  mine: number;
  price: number;
  ducks: number;
}): void {
  if ((c.startDate !== null && c.nowSec < c.startDate) || (c.endDate !== null && c.nowSec > c.endDate)) {
    throw forbidden(messages.rewardNotAvailable);
  }
  if (c.stock <= 0) throw conflict(messages.rewardSoldOut);
  if (c.eligibility === 'owners' && !c.cabinOwner) throw forbidden('This reward is for cabin owners only.');
  if (c.eligibility === 'non-owners' && c.cabinOwner) throw forbidden('This reward is for visitors who do not have a cabin yet.');
  if (c.perUserLimit !== null && c.mine >= c.perUserLimit) {
    throw conflict('You have already claimed this reward as many times as allowed.');
  }
  if (c.ducks < c.price) throw conflict(messages.notEnoughDucks(c.price, c.ducks));
}
