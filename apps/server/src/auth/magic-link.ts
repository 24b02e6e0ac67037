// Magic-link sign-in: a random single-use token in a link back to the app, plus an 8-digit code for
// when the link opens in another browser. Both stored as keyed hashes, valid 15 minutes. Requests are
// limited in auth/link-limits.ts; wrong codes by a daily budget per address (decision 015). An operator address
// is the console's: its links open the console and its codes are the asking browser's (decision 056).
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { OPERATOR_CODE_DIGITS, type PendingSignup, SIGNIN_CODE_DIGITS, said } from '@quackquest/contract';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../context';
import { statement } from '../db/client';
import { emailLinks } from '../db/schema';
import { MAIL_DEFAULTS } from '../campaign/pack-schema';
import { invalid, rateLimited } from '../domain/errors';
import { isBlocked } from '../participants/blocking';
import { roleOf } from '../operators/roles';
import { sealBodies } from '../mail/queue';
import { limitArguments, lockAddress, refusal } from './link-limits';
import type { Language } from '../campaign/translations';
import { signInMailTexts } from './sign-in-mail-texts';
import { countWrongCode, spendOperatorCode } from './operator-links';
import { escapeHtml } from '../text/html';

const LINK_TTL_MS = 15 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Wrong-code comparisons one address may receive per 24 hours, from everyone together (decision 015):
 * 20 x 365 = 7,300 a year against 10^8 codes is a 7.3-in-100,000 chance, under 1 in 10,000.
 */
const WRONG_CODES_PER_DAY = 20;

/**
 * HMAC-SHA256 with the server secret: a database dump alone cannot test the 10^8 codes offline, and the
 * prefix keeps a token's hash apart from a code's.
 */
function keyedHash(secret: string, kind: 'token' | 'code', value: string): string {
  return createHmac('sha256', secret).update(`email-link-${kind}:${value}`).digest('hex');
}

/**
 * The address's lock, the limits and then the link with its sealed e-mail (mail/queue.ts), in one call of
 * qq_request_link (qq_request_link.sql beside this file, decision 046): one round trip instead of a transaction of five.
 */
const requestLink = statement<{ outcome: string }>(
  'qq_request_link',
  `select qq_request_link(p_email => $1, p_client_ip => $2, p_requester => $3,
     p_since => $4::timestamptz, p_minute_since => $5::timestamptz,
     p_per_address_and_client => $6, p_per_address => $7, p_per_client => $8,
     p_per_browser => $9, p_per_client_minute => $10, p_unbound_per_minute => $11,
     p_mail_per_minute => $12, p_longest_wait_seconds => $13,
     p_token_hash => $14, p_code_hash => $15, p_return_to => $16, p_signup => $17::jsonb,
     p_at => $18::timestamptz, p_expires => $19::timestamptz,
     p_channel => $20, p_subject => $21, p_text => $22, p_html => $23, p_requested_by => $24) as outcome`,
);

/**
 * Who asked for a link: the client's IP, the hash of the browser binding it presented (undefined without one: the
 * IP's unbound requests are one client, decision 058) and the hash of its binding now, presented or just set
 * (auth/handlers/browser.ts), to which an operator address's link is bound (decision 056).
 */
export interface Requester {
  ip: string;
  presented: string | undefined;
  browser: string;
}

/**
 * Writes the link and its e-mail to the queue in one statement and returns at once: the worker sends it
 * (mail/queue.ts, decision 025), so a slow or absent SMTP server never holds the request.
 */
export async function sendEmailLink(
  ctx: AppContext,
  email: string,
  asked: string,
  requester: Requester,
  asking?: PendingSignup,
  language: Language = 'en',
): Promise<void> {
  // An operator address's link opens the console whatever the requester asked, its code is longer and bound to
  // the asking browser, and its budget is its own (decision 056). Nobody is told which addresses these are.
  const operator = (await roleOf(ctx.db, email)) !== undefined;
  const returnTo = operator ? '/console' : asked;
  const pending = operator ? undefined : asking;
  const token = randomBytes(32).toString('base64url');
  const digits = operator ? OPERATOR_CODE_DIGITS : SIGNIN_CODE_DIGITS;
  const code = String(randomInt(0, 10 ** digits)).padStart(digits, '0');
  const now = ctx.now();
  const link = new URL(returnTo, ctx.env.PUBLIC_URL);
  link.searchParams.set('token', token);
  const signup = returnTo === '/signup';
  // The campaign's sender name and subjects (campaign.yaml mail); the defaults when none is loaded yet.
  const mail = (await ctx.campaign.get().catch(() => undefined))?.info.mail ?? MAIL_DEFAULTS;
  const app = mail.senderName;
  // In the visitor's language (decision 037); the subject is the pack's in English.
  const words = signInMailTexts[language];
  const subject =
    language === 'en' ? (signup ? mail.signUpSubject : mail.signInSubject) : signInMailTexts[language].subject(app, signup);
  const sealed = sealBodies(ctx.secret, {
    text: [words.lead(app, signup, 'link'), '', link.toString(), '', `${words.code} ${code}`, '', words.footer].join('\n'),
    html: `<p>${escapeHtml(words.lead(app, signup, 'button'))}</p>
<p><a href="${link.toString()}" style="display:inline-block;padding:12px 20px;background:#0b4f8a;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(words.button(signup))}</a></p>
<p>${escapeHtml(words.code)} <strong style="font-size:20px;letter-spacing:2px">${code}</strong></p>
<p>${escapeHtml(words.footer)}</p>`,
  });
  const at = new Date(now).toISOString();
  // An e-mail that arrives after its link's life is useless: the worker marks it expired instead.
  const expires = new Date(now + LINK_TTL_MS).toISOString();
  const [answer] = await requestLink(ctx.db, [
    email,
    requester.ip,
    requester.presented ?? null,
    ...limitArguments(ctx.env, now, operator),
    keyedHash(ctx.secret, 'token', token),
    keyedHash(ctx.secret, 'code', `${email}:${code}`),
    returnTo,
    pending ? JSON.stringify(pending) : null,
    at,
    expires,
    ctx.mail.channel,
    subject,
    sealed.text,
    sealed.html,
    operator ? requester.browser : null,
  ]);
  const refused = refusal(answer?.outcome);
  if (refused) throw refused;
  ctx.mail.nudge();
}

/** The address a link or code proves, and the sign-up details the link was requested with. */
export interface VerifiedLink {
  email: string;
  signup: PendingSignup | null;
  /** Where the link leads: '/console' for the crew's console sign-in. */
  returnTo: string;
  /** The address belongs to a blocked visitor (decision 020). */
  blocked: boolean;
}

/** `browser`: the hash of the asking browser's binding, if it has one (an operator's code is that browser's). */
export async function verifyEmailLink(
  ctx: AppContext,
  proof: { token: string } | { email: string; code: string },
  browser?: string,
): Promise<VerifiedLink> {
  return 'token' in proof ? spendToken(ctx, proof.token) : spendCode(ctx, proof.email, proof.code, browser);
}

/**
 * Spends a live, unused link by its token in one statement (decision 038); the row lock of the UPDATE makes a
 * second use of the same token wait and then find it used. Whether the address is blocked comes with it.
 */
const spendTokenStatement = statement<{ email: string; signup: PendingSignup | null; return_to: string; blocked: boolean }>(
  'qq_spend_email_token',
  `update email_links set used_at = $2::timestamptz
   where token_hash = $1 and used_at is null and expires_at >= $2::timestamptz
   returning email, signup, return_to,
             exists (select 1 from users u where u.email = email_links.email and u.blocked_at is not null) as blocked`,
);
/** Why a token spent nothing: no such link, used, or expired. */
const tokenState = statement<{ used: boolean }>(
  'qq_email_token_state',
  'select used_at is not null as used from email_links where token_hash = $1',
);

/** The token is 256 random bits: it works within its life whatever codes anyone typed (decision 015). */
async function spendToken(ctx: AppContext, token: string): Promise<VerifiedLink> {
  const hash = keyedHash(ctx.secret, 'token', token);
  const [link] = await spendTokenStatement(ctx.db, [hash, new Date(ctx.now()).toISOString()]);
  if (link) return { email: link.email, signup: link.signup, returnTo: link.return_to, blocked: link.blocked };
  const [state] = await tokenState(ctx.db, [hash]);
  if (!state) throw invalid(said('linkInvalid'));
  throw invalid(said(state.used ? 'linkUsed' : 'linkExpired'));
}

/**
 * The code is compared with every live unused link of the address, so a link someone else asked for
 * later does not hide the visitor's own. Each failed comparison is one guess against the address's
 * daily budget; the budget never spends a link, so the token in the e-mail keeps working.
 */
async function spendCode(ctx: AppContext, email: string, code: string, browser: string | undefined): Promise<VerifiedLink> {
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockAddress(tx, email);
    const now = ctx.now();
    const hash = keyedHash(ctx.secret, 'code', `${email}:${code}`);
    if (await roleOf(tx, email)) {
      const spent = await spendOperatorCode(tx, { email, codeHash: hash, browser, now, since: now - DAY_MS });
      return typeof spent === 'string' ? spent : { ...spent, signup: null, blocked: false };
    }
    const links = await tx
      .select()
      .from(emailLinks)
      .where(and(eq(emailLinks.email, email), gt(emailLinks.createdAt, new Date(now - DAY_MS))))
      .orderBy(desc(emailLinks.id));
    const guessed = links.reduce((sum, link) => sum + link.failedCodes, 0);
    if (guessed >= WRONG_CODES_PER_DAY) return 'tooManyCodes';
    const live = links.filter((link) => !link.usedAt && link.expiresAt.getTime() >= now);
    // Never more comparisons than the budget has left: the newest links first.
    const compared = live.slice(0, WRONG_CODES_PER_DAY - guessed);
    const match = compared.find((link) => link.codeHash === hash);
    if (match) {
      await tx
        .update(emailLinks)
        .set({ usedAt: new Date(now) })
        .where(eq(emailLinks.id, match.id));
      return { email: match.email, signup: match.signup, returnTo: match.returnTo, blocked: await isBlocked(tx, match.email) };
    }
    // The right code of a link already spent (often: the other browser finished first) is not a guess.
    if (links.some((link) => link.usedAt && link.codeHash === hash)) return 'codeUsed';
    if (compared.length === 0) return links.some((link) => !link.usedAt) ? 'linkExpired' : 'codeWrong';
    await countWrongCode(tx, compared);
    return 'codeWrong';
  });
  // Refused outside the transaction so the counted guesses are kept.
  if (typeof outcome !== 'string') return outcome;
  throw outcome === 'tooManyCodes' ? rateLimited(said(outcome)) : invalid(said(outcome));
}
