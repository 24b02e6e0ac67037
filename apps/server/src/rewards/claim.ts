// Claiming a reward: window, stock, eligibility, per-user limit and balance are checked and changed in
// one transaction; the same Idempotency-Key returns the first result and never charges twice.
import { randomInt } from 'node:crypto';
import { type ClaimResult, messages } from '@quackquest/contract';
import type { AppContext } from '../context';
import { statement, transaction } from '../db/client';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { lockUserRow } from '../ledger/ledger';
import { sessionEnded } from '../session/session';

// Crockford-style alphabet: no 0/O or 1/I/L to misread when staff type a code.
const VOUCHER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newVoucherCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += VOUCHER_ALPHABET[randomInt(VOUCHER_ALPHABET.length)];
  return `QQ-${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What one claim statement saw and did; the rules are checked on it in TypeScript (checkClaim). */
interface ClaimRow {
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
 * $1 user id, $2 Idempotency-Key, $3 campaign id, $4 item, $5 the visitor's locked balance, $6 a new voucher
 * code, $7 time. Reads the previous claim with this key, the reward and the visitor's claims of it, and,
 * when there is no previous claim, the balance covers the price and stock is above 0, takes one from
 * stock and writes the claim, its ledger row and the balance (what ledger/addLedgerRow does, in SQL).
 */
const claimStatement = statement<ClaimRow>(
  'qq_claim',
  `with prev as (
     select r.item, c.price, c.voucher_code, c.created_at from claims c join rewards r on r.id = c.reward_id
     where c.user_id = $1 and c.idempotency_key = $2),
   reward as (
     select id, price, stock, start_date, end_date, eligibility, per_user_limit from rewards
     where campaign_id = $3 and item = $4 and not removed),
   mine as (select count(*)::int as n from claims where user_id = $1 and reward_id = (select id from reward)),
   taken as (
     update rewards set stock = rewards.stock - 1 from reward
     where rewards.id = reward.id and rewards.stock > 0 and reward.price <= $5::int
       and not exists (select 1 from prev)
     returning rewards.id, reward.price),
   claim as (
     insert into claims (user_id, reward_id, price, voucher_code, idempotency_key, created_at)
     select $1, id, price, $6, $2, $7::timestamptz from taken
     returning id, price),
   entry as (
     insert into ledger (user_id, amount, posted, kind, claim_id, created_at)
     select $1, -price, true, 'claim', id, $7::timestamptz from claim returning amount),
   balance as (
     update users set ducks = ducks + entry.amount, ducks_at = $7::timestamptz from entry
     where users.id = $1 returning users.id)
   select prev.item as prev_item, prev.price as prev_price, prev.voucher_code as prev_voucher,
          (extract(epoch from prev.created_at) * 1000)::float8 as prev_at_ms,
          reward.id as reward_id, reward.price, reward.stock, reward.start_date, reward.end_date,
          reward.eligibility, reward.per_user_limit, (select n from mine) as mine,
          (select claim.id from claim, balance) as claim_id
   from (select 1) as one left join prev on true left join reward on true`,
);

/**
 * Four round trips: BEGIN, the visitor's lock (decision 003), claimStatement, COMMIT. The statement runs
 * after the lock is held, so it sees every earlier claim of this visitor. The rules are checked in
 * TypeScript on what it read (checkClaim); a claim they refuse is rolled back. The reward's row stays
 * locked from that statement to the commit: one round trip.
 */
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
  return transaction(ctx.db, async (tx) => {
    const [user] = await lockUserRow(tx, [userId]);
    if (!user) throw sessionEnded();
    const atMs = ctx.now();
    const voucherCode = newVoucherCode();
    const [row] = await claimStatement(tx, [
      userId,
      idempotencyKey,
      campaign.id,
      item,
      user.ducks,
      voucherCode,
      new Date(atMs).toISOString(),
    ]);
    if (row?.prev_item != null) {
      if (row.prev_item !== item) throw new HttpError(422, 'This Idempotency-Key was already used for another reward.');
      const claim = {
        item,
        price: Number(row.prev_price),
        voucherCode: String(row.prev_voucher),
        timestamp: Math.floor(Number(row.prev_at_ms) / 1000),
        duckPoints: user.ducks,
      };
      return { created: false, claim };
    }
    if (row?.reward_id == null) throw notFound('Reward not found.');
    const price = Number(row.price);
    checkClaim({
      nowSec: Math.floor(atMs / 1000),
      startDate: row.start_date === null ? null : Number(row.start_date),
      endDate: row.end_date === null ? null : Number(row.end_date),
      stock: Number(row.stock),
      eligibility: row.eligibility,
      cabinOwner: user.cabin_owner,
      perUserLimit: row.per_user_limit,
      mine: Number(row.mine),
      price,
      ducks: user.ducks,
    });
    // Every rule passed but the stock ran out between this statement's start and its update.
    if (row.claim_id === null) throw conflict(messages.rewardSoldOut);
    return {
      created: true,
      claim: { item, price, voucherCode, timestamp: Math.floor(atMs / 1000), duckPoints: user.ducks - price },
    };
  });
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
