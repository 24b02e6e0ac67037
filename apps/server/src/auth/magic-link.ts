// Magic-link sign-in: a random single-use token in a link back to the app, plus an 8-digit code for
// when the link opens in another browser. Both stored as keyed hashes, valid 15 minutes. Requests are
// limited in auth/link-limits.ts; wrong codes by a daily budget per address (decision 015).
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { type PendingSignup, SIGNIN_CODE_DIGITS, authMessages } from '@quackquest/contract';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { emailLinks } from '../db/schema';
import { MAIL_DEFAULTS } from '../campaign/pack-schema';
import { DomainError, invalid } from '../domain/errors';
import type { Language } from '../campaign/translations';
import { enqueueMail } from '../mail/queue';
import { signInMailTexts } from './sign-in-mail-texts';
import { checkSendLimits, lockAddress } from './link-limits';

const LINK_TTL_MS = 15 * 60 * 1000;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
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
 * Writes the link and its e-mail to the queue in one transaction and returns at once: the worker sends it
 * (mail/queue.ts, decision 025), so a slow or absent SMTP server never holds the request.
 */
export async function sendEmailLink(
  ctx: AppContext,
  email: string,
  returnTo: string,
  clientIp: string,
  pending?: PendingSignup,
  language: Language = 'en',
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const code = String(randomInt(0, 10 ** SIGNIN_CODE_DIGITS)).padStart(SIGNIN_CODE_DIGITS, '0');
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
  await ctx.db.transaction(async (tx) => {
    await lockAddress(tx, email);
    await checkSendLimits(tx, ctx.env, email, clientIp, now);
    await tx.insert(emailLinks).values({
      email,
      tokenHash: keyedHash(ctx.secret, 'token', token),
      codeHash: keyedHash(ctx.secret, 'code', `${email}:${code}`),
      returnTo,
      clientIp,
      signup: pending ?? null,
      createdAt: new Date(now),
      expiresAt: new Date(now + LINK_TTL_MS),
    });
    await enqueueMail(
      tx,
      ctx.mail,
      {
        kind: 'sign_in',
        to: email,
        // An e-mail that arrives after its link's life is useless: the worker marks it expired instead.
        expiresAt: new Date(now + LINK_TTL_MS),
        subject,
        text: [words.lead(app, signup, 'link'), '', link.toString(), '', `${words.code} ${code}`, '', words.footer].join('\n'),
        html: `<p>${escapeHtml(words.lead(app, signup, 'button'))}</p>
<p><a href="${link.toString()}" style="display:inline-block;padding:12px 20px;background:#0b4f8a;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(words.button(signup))}</a></p>
<p>${escapeHtml(words.code)} <strong style="font-size:20px;letter-spacing:2px">${code}</strong></p>
<p>${escapeHtml(words.footer)}</p>`,
      },
      new Date(now),
    );
  });
  ctx.mail.nudge();
}

/** Spends a link (by its token, or by the address and code): the address it proves, and its sign-up details. */
/** The address a link or code proves, and the sign-up details the link was requested with. */
export interface VerifiedLink {
  email: string;
  signup: PendingSignup | null;
  /** Where the link leads: '/console' for the crew's console sign-in. */
  returnTo: string;
}

export async function verifyEmailLink(
  ctx: AppContext,
  proof: { token: string } | { email: string; code: string },
): Promise<VerifiedLink> {
  return 'token' in proof ? spendToken(ctx, proof.token) : spendCode(ctx, proof.email, proof.code);
}

/** The token is 256 random bits: it works within its life whatever codes anyone typed (decision 015). */
async function spendToken(ctx: AppContext, token: string): Promise<VerifiedLink> {
  return ctx.db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(emailLinks)
      .where(eq(emailLinks.tokenHash, keyedHash(ctx.secret, 'token', token)))
      .limit(1)
      .for('update');
    if (!link) throw invalid(authMessages.linkInvalid);
    if (link.usedAt) throw invalid(authMessages.linkUsed);
    if (link.expiresAt.getTime() < ctx.now()) throw invalid(authMessages.linkExpired);
    await tx
      .update(emailLinks)
      .set({ usedAt: new Date(ctx.now()) })
      .where(eq(emailLinks.id, link.id));
    return { email: link.email, signup: link.signup, returnTo: link.returnTo };
  });
}

/**
 * The code is compared with every live unused link of the address, so a link someone else asked for
 * later does not hide the visitor's own. Each failed comparison is one guess against the address's
 * daily budget; the budget never spends a link, so the token in the e-mail keeps working.
 */
async function spendCode(ctx: AppContext, email: string, code: string): Promise<VerifiedLink> {
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockAddress(tx, email);
    const now = ctx.now();
    const links = await tx
      .select()
      .from(emailLinks)
      .where(and(eq(emailLinks.email, email), gt(emailLinks.createdAt, new Date(now - DAY_MS))))
      .orderBy(desc(emailLinks.id));
    const guessed = links.reduce((sum, link) => sum + link.failedCodes, 0);
    if (guessed >= WRONG_CODES_PER_DAY) return authMessages.tooManyCodes;
    const live = links.filter((link) => !link.usedAt && link.expiresAt.getTime() >= now);
    // Never more comparisons than the budget has left: the newest links first.
    const compared = live.slice(0, WRONG_CODES_PER_DAY - guessed);
    const hash = keyedHash(ctx.secret, 'code', `${email}:${code}`);
    const match = compared.find((link) => link.codeHash === hash);
    if (match) {
      await tx
        .update(emailLinks)
        .set({ usedAt: new Date(now) })
        .where(eq(emailLinks.id, match.id));
      return { email: match.email, signup: match.signup, returnTo: match.returnTo };
    }
    // The right code of a link already spent (often: the other browser finished first) is not a guess.
    if (links.some((link) => link.usedAt && link.codeHash === hash)) return authMessages.codeUsed;
    if (compared.length === 0) return links.some((link) => !link.usedAt) ? authMessages.linkExpired : authMessages.codeWrong;
    await tx
      .update(emailLinks)
      .set({ failedCodes: sql`${emailLinks.failedCodes} + 1` })
      .where(
        inArray(
          emailLinks.id,
          compared.map((link) => link.id),
        ),
      );
    return authMessages.codeWrong;
  });
  // Refused outside the transaction so the counted guesses are kept.
  if (typeof outcome !== 'string') return outcome;
  throw outcome === authMessages.tooManyCodes ? new DomainError('rate_limited', outcome) : invalid(outcome);
}
