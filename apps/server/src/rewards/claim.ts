// Claiming a reward: window, stock, eligibility, per-user limit and balance are checked and changed in
// one transaction; the same Idempotency-Key returns the first result and never charges twice.
import { randomInt } from 'node:crypto';
import {
  CLAIM_REFUSALS,
  packRefusal,
  type ClaimRefusalCode,
  type ClaimRefusalFacts,
  type ClaimResult,
  claimRefusal,
  isClaimRefusalCode,
} from '@quackquest/contract';
import { type Language, translateScreens, translationsFor } from '../campaign/translations';
import type { AppContext } from '../context';
import { statement } from '../db/client';
import { DomainError } from '../domain/errors';
import { requireIdempotencyKey } from '../domain/idempotency-key';
import { sessionEnded } from '../session/session';

// Crockford-style alphabet: no 0/O or 1/I/L to misread when staff type a code.
const VOUCHER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

function newVoucherCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += VOUCHER_ALPHABET[randomInt(VOUCHER_ALPHABET.length)];
  return `QQ-${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What qq_claim answered (qq_claim.sql): a refusal code, or the claim made or replayed. */
interface ClaimRow {
  refusal: string | null;
  /** The visitor's ducks now: after this claim's debit when one was made. */
  ducks: number;
  price: number | null;
  /** Set when this Idempotency-Key was used before: the first claim's item, voucher and time. */
  prev_item: string | null;
  prev_voucher: string | null;
  prev_at_ms: number | null;
}

/**
 * The whole claim is one call of the database function qq_claim (qq_claim.sql beside this file, decision 010):
 * lock the visitor's row (decision 003), read the previous claim with this key, the reward and the
 * visitor's claims of it, check the window, stock, eligibility, per-user limit and balance, and when they
 * hold write the claim, its ledger row and the balance, and take one from stock last. One round trip, and
 * the reward's row stays locked only from that last update to the end of the call: claims of one reward
 * take turns on it. The rules live only there; a refusal comes back as a code of the contract's
 * CLAIM_REFUSALS, which gives its message and kind of error.
 */
const claimStatement = statement<ClaimRow>(
  'qq_claim',
  `select * from qq_claim(p_user => $1, p_key => $2, p_campaign => $3, p_item => $4, p_voucher => $5, p_at => $6,
                          p_now_sec => $7)`,
);

/** Raised by qq_claim when every rule held but the stock ran out; nothing was written. */
const SOLD_OUT_SQLSTATE = 'QQ409';

export async function claimReward(
  ctx: AppContext,
  userId: number,
  item: string,
  idempotencyKey: string,
  language: Language = 'en',
): Promise<{ created: boolean; claim: ClaimResult }> {
  requireIdempotencyKey(idempotencyKey);
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
    if ((error as { code?: unknown }).code === SOLD_OUT_SQLSTATE) throw soldOut();
    throw error;
  });
  if (!row) throw sessionEnded();
  const price = Number(row.price);
  if (row.prev_item !== null) {
    if (row.prev_item !== item) throw new DomainError('mismatch', 'This Idempotency-Key was already used for another reward.');
    const claim = {
      item,
      price,
      voucherCode: String(row.prev_voucher),
      timestamp: Math.floor(Number(row.prev_at_ms) / 1000),
      duckPoints: row.ducks,
    };
    return { created: false, claim };
  }
  if (row.refusal !== null) {
    // A code this server does not know (a newer function during a deploy): sold out promises nothing.
    if (!isClaimRefusalCode(row.refusal)) throw soldOut();
    // The eligibility refusals speak of the campaign's own sign-up answers (campaign.yaml signup), in the
    // visitor's language where the pack has it (decision 037): the pack's words, so their code is the kind's.
    const screens = campaign.info.screens;
    const signup = screens && translateScreens(screens, translationsFor(campaign.info.translations, language)).signup;
    const words = packRefusal(row.refusal, signup);
    if (words) throw new DomainError(CLAIM_REFUSALS[row.refusal].kind, words);
    throw refusal(row.refusal, { price, ducks: row.ducks });
  }
  return { created: true, claim: { item, price, voucherCode, timestamp: nowSec, duckPoints: row.ducks } };
}

function refusal(code: ClaimRefusalCode, facts: ClaimRefusalFacts): DomainError {
  return new DomainError(CLAIM_REFUSALS[code].kind, claimRefusal(code, facts));
}

function soldOut(): DomainError {
  return refusal('sold_out', { price: 0, ducks: 0 });
}
