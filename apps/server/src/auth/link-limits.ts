// How many sign-in e-mails may be sent (decision 015), counted from the email_links rows so that every
// server instance sees the same counts (decision 005). Per address the limits are tight; per client IP
// high and configurable, because a ship or a venue puts thousands of visitors behind one IP. The sending rate
// per minute is kept by the mail queue (mail/queue.ts, decision 025): surplus e-mail waits, nobody is refused.
import { authMessages } from '@quackquest/contract';
import { sql } from 'drizzle-orm';
import type { Env } from '../config/env';
import { type RawTx, type Tx, statement } from '../db/client';
import { DomainError } from '../domain/errors';

const LIMIT_WINDOW_MS = 15 * 60 * 1000;
/** Links one client may ask for one address: a stranger's requests spend the stranger's allowance. */
const LINKS_PER_ADDRESS_AND_CLIENT = 5;
/** Links one address receives from everyone together: a bound on the mail an address can be sent. */
const LINKS_PER_ADDRESS = 10;

/**
 * Serializes everything about one address (requests and code checks) across instances, so a count and
 * the write it allows cannot interleave.
 */
export async function lockAddress(tx: Tx, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-link:${email}`}))`);
}

/** lockAddress inside transaction() (db/client.ts): the same lock. */
const lockStatement = statement('qq_lock_email_address', 'select pg_advisory_xact_lock(hashtext($1))');
export const lockAddressRaw = (tx: RawTx, email: string) => lockStatement(tx, [`email-link:${email}`]);

/** The three counts in one statement (decision 038): by address, by address from this client, by client. */
const countLinks = statement<{ by_address: number; by_address_and_client: number; by_client: number }>(
  'qq_count_email_links',
  `select count(*)::int as by_address,
          count(*) filter (where client_ip = $2)::int as by_address_and_client,
          (select count(*)::int from email_links where client_ip = $2 and created_at > $3::timestamptz) as by_client
   from email_links where email = $1 and created_at > $3::timestamptz`,
);

/**
 * Refuses a new link when a limit is reached; call it holding lockAddress. The per-address counts are
 * exact under that lock. The per-IP count takes no lock of their own, so concurrent requests
 * for different addresses may overshoot them by at most the number in flight (decision 015): a lock per IP
 * would make every visitor behind one NAT wait for the others.
 */
export async function checkSendLimits(tx: RawTx, env: Env, email: string, clientIp: string, now: number): Promise<void> {
  const since = new Date(now - LIMIT_WINDOW_MS).toISOString();
  const [counts] = await countLinks(tx, [email, clientIp, since]);
  if ((counts?.by_address_and_client ?? 0) >= LINKS_PER_ADDRESS_AND_CLIENT || (counts?.by_address ?? 0) >= LINKS_PER_ADDRESS) {
    throw new DomainError('rate_limited', authMessages.tooManyLinks);
  }
  if ((counts?.by_client ?? 0) >= env.SIGNIN_LINKS_PER_IP) {
    throw new DomainError('rate_limited', authMessages.tooManyLinks, { cause: 'SIGNIN_LINKS_PER_IP' });
  }
  // The global rate (SIGNIN_MAIL_PER_MINUTE) is the mail queue's worker's to keep: surplus e-mail waits (decision 025).
}
