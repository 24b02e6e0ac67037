// How many sign-in e-mails may be sent (decision 015), counted from the email_links rows so that every
// server instance sees the same counts (decision 005). Per address the limits are tight; per client IP
// high and configurable, because a ship or a venue puts thousands of visitors behind one IP. The sending rate
// per minute is kept by the mail queue (mail/queue.ts, decision 025), in turns by client and IP (decision 058). A
// client is the browser that asked, by its binding (qq_browser, decision 016); requests without one are one client per
// IP. Limits per browser and per IP and minute keep a burst from spending a shared address's allowance (decision 058).
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

/** Links one browser may ask for per 15 minutes, whatever the addresses (decision 058): a visitor and a few resends. */
const LINKS_PER_BROWSER = 5;
/** The short window under the 15-minute one (decision 058). */
const MINUTE_MS = 60 * 1000;
/**
 * The longest an e-mail may be expected to wait in the queue (decision 058): its link lives 15 minutes, so one sent
 * later would leave less than 5 of them to open it. Such a request is refused at once, while the visitor can still
 * try again, rather than sending an e-mail that is nearly spent or expires unsent.
 */
const LONGEST_WAIT_S = 10 * 60;

/**
 * What qq_request_link (qq_request_link.sql, decision 046) answered, as the refusal a visitor reads. It counts under the
 * address's lock, so the per-address counts are exact. The per-IP and per-browser counts take no lock of their own, so
 * concurrent requests for different addresses may overshoot them by at most the number in flight (decision 015): a
 * lock per IP would make every visitor behind one NAT wait for the others. The global rate (SIGNIN_MAIL_PER_MINUTE)
 * is the mail queue's worker's to keep, in turns by client and IP (decision 058); an e-mail that would wait longer
 * than LONGEST_WAIT_S is refused now.
 */
export function refusal(outcome: string | undefined): DomainError | undefined {
  if (outcome === 'address' || outcome === 'browser') return new DomainError('rate_limited', said('tooManyLinks'));
  if (outcome === 'client') return new DomainError('rate_limited', said('tooManyLinks'), { cause: 'SIGNIN_LINKS_PER_IP' });
  // Without a binding the IP's requests are one client: the web app binds the browser and asks again at once.
  if (outcome === 'unbound') return new DomainError('rate_limited', said('linkAskAgain'));
  if (outcome === 'client_minute')
    return new DomainError('rate_limited', said('manySigningIn'), { cause: 'SIGNIN_LINKS_PER_IP' });
  if (outcome === 'late') return new DomainError('rate_limited', said('mailRunningLate'));
  if (outcome !== 'sent') throw new Error(`qq_request_link answered ${String(outcome)}`);
  return undefined;
}

/** The limits of one minute per IP (decision 058): a tenth of SIGNIN_LINKS_PER_IP, and a 300th without a binding. */
function minuteLimits(env: Env): { perClient: number; unbound: number } {
  return {
    perClient: Math.max(1, Math.floor(env.SIGNIN_LINKS_PER_IP / 10)),
    unbound: Math.max(1, Math.floor(env.SIGNIN_LINKS_PER_IP / 300)),
  };
}

/**
 * The limits as qq_request_link's arguments, from p_since to p_longest_wait_seconds: the window's start, the minute's,
 * per address and client, per address, per client IP, per browser, per client IP in a minute, without a binding in a
 * minute, the queue's rate and the longest wait. An operator address has a budget of its own (decision 056).
 */
export function limitArguments(
  env: Env,
  now: number,
  operator: boolean,
): [string, string, number, number, number, number, number, number, number, number] {
  const minute = minuteLimits(env);
  return [
    new Date(now - LIMIT_WINDOW_MS).toISOString(),
    new Date(now - MINUTE_MS).toISOString(),
    LINKS_PER_ADDRESS_AND_CLIENT,
    operator ? LINKS_PER_OPERATOR_ADDRESS : LINKS_PER_ADDRESS,
    env.SIGNIN_LINKS_PER_IP,
    LINKS_PER_BROWSER,
    minute.perClient,
    minute.unbound,
    env.SIGNIN_MAIL_PER_MINUTE,
    LONGEST_WAIT_S,
  ];
}
