// Magic-link sign-in: a random single-use token in a link back to the app, plus a 6-digit code for
// when the link opens in another browser. Both stored hashed, valid 15 minutes, rate-limited per
// address and per client in the database, so the limit holds across server instances.
import { randomBytes, randomInt } from 'node:crypto';
import { type PendingSignup, authMessages } from '@quackquest/contract';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { emailLinks } from '../db/schema';
import { DomainError, invalid } from '../domain/errors';
import type { Mailer } from '../mail/mailer';
import { hashToken } from '../session/session';

const LINK_TTL_MS = 15 * 60 * 1000;
const LIMIT_WINDOW_MS = 15 * 60 * 1000;
const LIMIT_PER_ADDRESS = 5;
const LIMIT_PER_CLIENT = 20;
const MAX_WRONG_CODES = 5;

export async function sendEmailLink(
  ctx: AppContext,
  mailer: Mailer,
  email: string,
  returnTo: string,
  clientIp: string,
  pending?: PendingSignup,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = ctx.now();
  const linkId = await ctx.db.transaction(async (tx) => {
    // One request per address at a time, across instances: the count and the insert cannot interleave.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-link:${email}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-link-ip:${clientIp}`}))`);
    const since = new Date(now - LIMIT_WINDOW_MS);
    const [byAddress] = await tx
      .select({ n: count() })
      .from(emailLinks)
      .where(and(eq(emailLinks.email, email), gt(emailLinks.createdAt, since)));
    const [byClient] = await tx
      .select({ n: count() })
      .from(emailLinks)
      .where(and(eq(emailLinks.clientIp, clientIp), gt(emailLinks.createdAt, since)));
    if ((byAddress?.n ?? 0) >= LIMIT_PER_ADDRESS || (byClient?.n ?? 0) >= LIMIT_PER_CLIENT) {
      throw new DomainError('rate_limited', authMessages.tooManyLinks);
    }
    const [row] = await tx
      .insert(emailLinks)
      .values({
        email,
        tokenHash: hashToken(token),
        codeHash: hashToken(`${email}:${code}`),
        returnTo,
        clientIp,
        signup: pending ?? null,
        createdAt: new Date(now),
        expiresAt: new Date(now + LINK_TTL_MS),
      })
      .returning({ id: emailLinks.id });
    return row!.id;
  });
  const link = new URL(returnTo, ctx.env.PUBLIC_URL);
  link.searchParams.set('token', token);
  const signup = returnTo === '/signup';
  await mailer
    .send({
      to: email,
      subject: signup ? 'Finish signing up to QuackQuest' : 'Your QuackQuest sign-in link',
      text: [
        signup ? 'Tap the link below to finish signing up to QuackQuest:' : 'Tap the link below to sign in to QuackQuest:',
        '',
        link.toString(),
        '',
        `Opening it on another device? Enter this code instead: ${code}`,
        '',
        'The link and the code work once, for 15 minutes. If you did not ask for this, ignore this e-mail.',
      ].join('\n'),
      html: `<p>${signup ? 'Tap the button to finish signing up to QuackQuest.' : 'Tap the button to sign in to QuackQuest.'}</p>
<p><a href="${link.toString()}" style="display:inline-block;padding:12px 20px;background:#0b4f8a;color:#fff;border-radius:8px;text-decoration:none">${signup ? 'Finish signing up' : 'Sign in'}</a></p>
<p>Opening it on another device? Enter this code instead: <strong style="font-size:20px;letter-spacing:2px">${code}</strong></p>
<p>The link and the code work once, for 15 minutes. If you did not ask for this, ignore this e-mail.</p>`,
      link: link.toString(),
      code,
    })
    .catch(async (error: unknown) => {
      // An outage, not the visitor's fault: the unsent link is removed so it does not count against them.
      await ctx.db.delete(emailLinks).where(eq(emailLinks.id, linkId));
      throw new DomainError('unavailable', authMessages.mailFailed, { cause: error });
    });
}

/** Spends a link (by its token, or by the address and code): the address it proves, and its sign-up details. */
export async function verifyEmailLink(
  ctx: AppContext,
  proof: { token: string } | { email: string; code: string },
): Promise<{ email: string; signup: PendingSignup | null }> {
  return ctx.db
    .transaction(async (tx) => {
      const where =
        'token' in proof
          ? eq(emailLinks.tokenHash, hashToken(proof.token))
          : and(eq(emailLinks.email, proof.email), isNull(emailLinks.usedAt));
      const [link] = await tx.select().from(emailLinks).where(where).orderBy(desc(emailLinks.id)).limit(1).for('update');
      if (!link) throw invalid('token' in proof ? authMessages.linkInvalid : await codeRefusal(tx, proof));
      if (link.usedAt) throw invalid(authMessages.linkUsed);
      if (link.expiresAt.getTime() < ctx.now()) throw invalid(authMessages.linkExpired);
      if ('code' in proof && hashToken(`${proof.email}:${proof.code}`) !== link.codeHash) {
        const failed = link.failedCodes + 1;
        // Too many wrong codes spend the link: six digits must not be guessable.
        await tx
          .update(emailLinks)
          .set({ failedCodes: failed, ...(failed >= MAX_WRONG_CODES ? { usedAt: new Date(ctx.now()) } : {}) })
          .where(eq(emailLinks.id, link.id));
        return { wrongCode: true as const };
      }
      await tx
        .update(emailLinks)
        .set({ usedAt: new Date(ctx.now()) })
        .where(eq(emailLinks.id, link.id));
      return { email: link.email, signup: link.signup };
    })
    .then((result) => {
      // Thrown outside the transaction so the failed-code count is kept.
      if ('wrongCode' in result) throw invalid(authMessages.codeWrong);
      return result;
    });
}

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/** No unspent link for the address: the code of its latest link, spent already, is "already used" (issue 12). */
async function codeRefusal(tx: Tx, proof: { email: string; code: string }): Promise<string> {
  const [latest] = await tx
    .select({ codeHash: emailLinks.codeHash, usedAt: emailLinks.usedAt })
    .from(emailLinks)
    .where(eq(emailLinks.email, proof.email))
    .orderBy(desc(emailLinks.id))
    .limit(1);
  return latest?.usedAt && latest.codeHash === hashToken(`${proof.email}:${proof.code}`)
    ? authMessages.codeUsed
    : authMessages.codeWrong;
}
