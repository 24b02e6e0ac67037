// How many sign-in e-mails may be sent (decision 015), counted from the email_links rows so that every
// server instance sees the same counts (decision 005). Per address the limits are tight; per client IP
// high and configurable, because a ship or a venue puts thousands of visitors behind one IP. The sending rate
// per minute is kept by the mail queue (mail/queue.ts, decision 025): surplus e-mail waits, nobody is refused.
// LINKS_PER_ADDRESS_AND_CLIENT: links one client may ask for one address (a stranger's requests spend the stranger's
// allowance); in the contract, because the web app's resend offer keeps within it.
import { LINKS_PER_ADDRESS_AND_CLIENT, said } from '@quackquest/contract';
import { sql } from 'drizzle-orm';
import type { Env } from '../config/env';
import type { Tx } from '../db/client';
import { DomainError } from '../domain/errors';

const LIMIT_WINDOW_MS = 15 * 60 * 1000;
/** Links one address receives from everyone together: a bound on the mail an address can be sent. */
const LINKS_PER_ADDRESS = 10;
/**
 * The same bound for an operator address (decision 056): every one of its links opens the console, so a stranger
 * who reaches it has put this many live console links in the operator's inbox; it also bounds the guesses at its
 * 12-digit codes (5 per link).
 */
const LINKS_PER_OPERATOR_ADDRESS = 30;

/**
 * Serializes everything about one address (requests and code checks) across instances, so a count and
 * the write it allows cannot interleave. qq_request_link takes the same lock.
 */
export async function lockAddress(tx: Tx, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-link:${email}`}))`);
}

/**
 * What qq_request_link (qq_request_link.sql, decision 046) answered, as the refusal a visitor reads. It counts under the
 * address's lock, so the per-address counts are exact. The per-IP count takes no lock of its own, so concurrent
 * requests for different addresses may overshoot it by at most the number in flight (decision 015): a lock per IP
 * would make every visitor behind one NAT wait for the others. The global rate (SIGNIN_MAIL_PER_MINUTE) is the
 * mail queue's worker's to keep: surplus e-mail waits (decision 025).
 */
export function refusal(outcome: string | undefined): DomainError | undefined {
  if (outcome === 'address') return new DomainError('rate_limited', said('tooManyLinks'));
  if (outcome === 'client') return new DomainError('rate_limited', said('tooManyLinks'), { cause: 'SIGNIN_LINKS_PER_IP' });
  if (outcome !== 'sent') throw new Error(`qq_request_link answered ${String(outcome)}`);
  return undefined;
}

/**
 * The limits as qq_request_link's arguments: the window's start, per address and client, per address, per client.
 * An operator address has a budget of its own (decision 056).
 */
export function limitArguments(env: Env, now: number, operator: boolean): [string, number, number, number] {
  return [
    new Date(now - LIMIT_WINDOW_MS).toISOString(),
    LINKS_PER_ADDRESS_AND_CLIENT,
    operator ? LINKS_PER_OPERATOR_ADDRESS : LINKS_PER_ADDRESS,
    env.SIGNIN_LINKS_PER_IP,
  ];
}
