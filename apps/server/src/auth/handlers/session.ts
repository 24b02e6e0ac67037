// POST /api/auth (log in or sign up with an ID token) and POST /api/auth/logout.
import { authBodySchema, authMessages, messages, type SignupBody } from '@quackquest/contract';
import { eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { spentIdTokens, users } from '../../db/schema';
import { conflict, forbidden, invalid, notFound, unauthenticated } from '../../domain/errors';
import { requestLanguage } from '../../campaign/translations';
import { isBlocked } from '../../participants/blocking';
import { SESSION_COOKIE, createSession, deleteSession, setSessionCookie } from '../../session/session';
import type { Proven } from '../id-token';
import { isSameBrowser } from './browser';
import { type AuthDeps, parseBody } from './deps';

export async function logInOrSignUp(auth: AuthDeps, request: FastifyRequest, reply: FastifyReply) {
  const body = parseBody(authBodySchema, request.body);
  if (body.action === 'signup') checkSignup(body);
  const identity = await auth.idTokens.verify(body.idToken);
  if (!identity) throw unauthenticated(authMessages.tokenInvalid);
  const email = body.email.trim().toLowerCase();
  if (identity.email !== email) throw unauthenticated(authMessages.tokenEmailMismatch);
  // Login CSRF (issue 12): a proof issued to another browser signs nobody in here (decision 016).
  if (!isSameBrowser(request, identity.browser)) throw unauthenticated(authMessages.tokenOtherBrowser);
  const [existing] = await auth.ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  // Kept for the e-mails sent later (the winner notice, decision 037); null is English.
  const requested = requestLanguage(request);
  const language = requested === 'en' ? null : requested;
  if (body.action === 'login') {
    if (!existing) throw notFound(authMessages.userNotFound);
    const token = await auth.ctx.db.transaction(async (tx) => {
      await spendProof(tx, identity, auth.ctx.now());
      // A blocked visitor (decision 020), checked under their row lock (shared) with the session written in the
      // same transaction: a block that commits first is seen here, and one that comes later deletes this session.
      if (await isBlocked(tx, existing.id, { lock: true })) throw forbidden(messages.accountBlocked);
      if (existing.language !== language) await tx.update(users).set({ language }).where(eq(users.id, existing.id));
      return createSession(tx, existing.id, auth.ctx.now());
    });
    setSessionCookie(reply, token, auth.secureCookies);
    return { message: 'Login successful', email, userName: existing.fullName };
  }
  if (existing) throw conflict(authMessages.userExists);
  // The proof is spent with the account it creates: a refused sign-up leaves it for the login that follows.
  const created = await auth.ctx.db.transaction(async (tx) => {
    await spendProof(tx, identity, auth.ctx.now());
    const user = await createUser(tx, auth.ctx.now(), body, identity, language);
    // Signed up by another request since the look-up above.
    if (!user) throw conflict(authMessages.userExists);
    return user;
  });
  await startSession(auth, reply, created.id);
  return reply.status(201).send({ message: 'Signup successful', email, userName: created.fullName });
}

export async function logOut(auth: AuthDeps, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await deleteSession(auth.ctx.db, token);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  return { message: 'Logged out' };
}

function checkSignup(body: SignupBody): void {
  if (body.termsAccepted === false) throw invalid(authMessages.termsRequired);
  if (!body.email.trim() || !body.userName) throw invalid(authMessages.emailAndNameRequired);
}

async function startSession(auth: AuthDeps, reply: FastifyReply, userId: number): Promise<void> {
  setSessionCookie(reply, await createSession(auth.ctx.db, userId, auth.ctx.now()), auth.secureCookies);
}

type Db = AppContext['db'];
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Each proof starts one session: its id is kept until it expires, and a second use is refused. */
export async function spendProof(tx: Tx, proof: Proven, now: number): Promise<void> {
  await tx.delete(spentIdTokens).where(lt(spentIdTokens.expiresAt, new Date(now)));
  const [spent] = await tx
    .insert(spentIdTokens)
    .values({ jti: proof.jti, expiresAt: proof.expiresAt })
    .onConflictDoNothing()
    .returning({ jti: spentIdTokens.jti });
  if (!spent) throw unauthenticated(authMessages.tokenUsed);
}

async function createUser(tx: Tx, now: number, body: SignupBody, identity: Proven, language: string | null) {
  const [created] = await tx
    .insert(users)
    .values({
      email: identity.email,
      fullName: body.userName,
      phone: body.PhoneNumber,
      instagram: body.InstagramHandle,
      cabinOwner: body.CabinOwnership === 'yes',
      acceptedTermsAt: new Date(now),
      language,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return created;
}
