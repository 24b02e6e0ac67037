// POST /api/auth (log in or sign up with an ID token) and POST /api/auth/logout.
import { authBodySchema, type SignupBody, said } from '@quackquest/contract';
import { eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { spentIdTokens, users } from '../../db/schema';
import { conflict, forbidden, invalid, notFound, unauthenticated } from '../../domain/errors';
import { keptLanguage } from '../../campaign/translations';
import { isBlocked } from '../../participants/blocking';
import { statement } from '../../db/client';
import {
  SESSION_COOKIE,
  SESSION_TTL_MS,
  createSession,
  deleteSession,
  hashToken,
  newSessionToken,
  rememberSession,
  setSessionCookie,
} from '../../session/session';
import type { Proven } from '../id-token';
import { recordSignupSignals } from '../signup-signals';
import { isSameBrowser } from './browser';
import { type AuthDeps, parseBody } from './deps';

export async function logInOrSignUp(auth: AuthDeps, request: FastifyRequest, reply: FastifyReply) {
  const body = parseBody(authBodySchema, request.body);
  if (body.action === 'signup') checkSignup(body);
  const identity = await auth.idTokens.verify(body.idToken);
  if (!identity) throw unauthenticated(said('tokenInvalid'));
  const email = body.email.trim().toLowerCase();
  if (identity.email !== email) throw unauthenticated(said('tokenEmailMismatch'));
  // Login CSRF (issue 12): a proof issued to another browser signs nobody in here (decision 016).
  if (!isSameBrowser(request, identity.browser)) throw unauthenticated(said('tokenOtherBrowser'));
  // Kept for the e-mails sent later (the winner notice, decision 037); null is English.
  const language = keptLanguage(request);
  if (body.action === 'signup') return signUp(auth, request, reply, body, identity, language);
  const [existing] = await auth.ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!existing) throw notFound(said('userNotFound'));
  const at = auth.ctx.now();
  const token = await auth.ctx.db.transaction(async (tx) => {
    await spendProof(tx, identity, at);
    // A blocked visitor (decision 020), checked under their row lock (shared) with the session written in the
    // same transaction: a block that commits first is seen here, and one that comes later deletes this session.
    if (await isBlocked(tx, existing.id, { lock: true })) throw forbidden(said('accountBlocked'));
    if (existing.language !== language) await tx.update(users).set({ language }).where(eq(users.id, existing.id));
    return createSession(tx, existing.id, at);
  });
  rememberSession(auth.ctx, token, existing.id, at);
  setSessionCookie(reply, token, auth.secureCookies);
  return { message: 'Login successful', email, userName: existing.fullName };
}

/**
 * A sign-up in one call of qq_sign_up (auth/qq_sign_up.sql, decision 046): the account, the proof spent and the session,
 * with expired proofs swept. A refusal writes nothing ('exists': the address has an account, made before or by
 * another request at the same moment; 'used': the proof was spent), so the proof of a refused sign-up is left for
 * the login that follows.
 */
const signUpStatement = statement<{ sign_up_outcome: string; sign_up_user: string | number | null; sign_up_name: string | null }>(
  'qq_sign_up',
  `select * from qq_sign_up(p_jti => $1, p_jti_expires => $2::timestamptz, p_at => $3::timestamptz,
     p_email => $4, p_full_name => $5, p_phone => $6, p_instagram => $7, p_cabin_owner => $8,
     p_session_hash => $9, p_session_expires => $10::timestamptz, p_language => $11)`,
);

async function signUp(
  auth: AuthDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  body: SignupBody,
  identity: Proven,
  language: string | null,
) {
  const now = auth.ctx.now();
  const token = newSessionToken();
  const [row] = await signUpStatement(auth.ctx.db, [
    identity.jti,
    identity.expiresAt.toISOString(),
    new Date(now).toISOString(),
    identity.email,
    body.userName,
    body.PhoneNumber,
    body.InstagramHandle,
    body.CabinOwnership === 'yes',
    hashToken(token),
    new Date(now + SESSION_TTL_MS).toISOString(),
    language,
  ]);
  if (row?.sign_up_outcome === 'exists') throw conflict(said('userExists'));
  if (row?.sign_up_outcome === 'used') throw unauthenticated(said('tokenUsed'));
  if (row?.sign_up_outcome !== 'created' || row.sign_up_name === null) {
    throw new Error(`qq_sign_up answered ${String(row?.sign_up_outcome)}`);
  }
  // The signals a prize committee compares (decision 075): after the account, outside its call, so that a failure here
  // costs a signal, never a sign-up.
  await recordSignupSignals(auth.ctx.db, auth.ctx.secret, {
    userId: Number(row.sign_up_user),
    at: new Date(now),
    address: request.ip,
    browser: identity.browser,
  }).catch((error: unknown) => request.log.warn({ err: error }, 'the sign-up signals were not kept'));
  rememberSession(auth.ctx, token, Number(row.sign_up_user), now);
  setSessionCookie(reply, token, auth.secureCookies);
  return reply.status(201).send({ message: 'Signup successful', email: identity.email, userName: row.sign_up_name });
}

export async function logOut(auth: AuthDeps, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await deleteSession(auth.ctx.db, token);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  return { message: 'Logged out' };
}

function checkSignup(body: SignupBody): void {
  if (body.termsAccepted === false) throw invalid(said('termsRequired'));
  if (!body.email.trim() || !body.userName) throw invalid(said('emailAndNameRequired'));
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
  if (!spent) throw unauthenticated(said('tokenUsed'));
}
