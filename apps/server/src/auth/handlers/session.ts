// POST /api/auth (log in or sign up with an ID token) and POST /api/auth/logout.
import { authBodySchema, authMessages, messages, type SignupBody } from '@quackquest/contract';
import { eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { spentIdTokens, users } from '../../db/schema';
import { conflict, forbidden, invalid, notFound, unauthenticated } from '../../domain/errors';
import { requestLanguage } from '../../campaign/translations';
import { isBlocked } from '../../participants/blocking';
import { transaction, statement } from '../../db/client';
import {
  SESSION_COOKIE,
  SESSION_TTL_MS,
  createSession,
  deleteSession,
  hashToken,
  newSessionToken,
  setSessionCookie,
} from '../../session/session';
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
  // Kept for the e-mails sent later (the winner notice, decision 037); null is English.
  const requested = requestLanguage(request);
  const language = requested === 'en' ? null : requested;
  if (body.action === 'signup') return signUp(auth, reply, body, identity, language);
  const [existing] = await auth.ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
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

/**
 * A sign-up in one statement (decision 038): expired proofs swept, this proof spent, the account and its session
 * created, and whether the address already had an account (read as the statement started). Its transaction is
 * rolled back on a refusal, so the proof is spent only with the account it creates and a refused sign-up leaves
 * it for the login that follows.
 */
const signUpStatement = statement<{
  spent: boolean;
  existed: boolean;
  user_id: string | number | null;
  full_name: string | null;
}>(
  'qq_sign_up',
  `with swept as (delete from spent_id_tokens where expires_at < $3::timestamptz),
   spent as (insert into spent_id_tokens (jti, expires_at) values ($1, $2::timestamptz) on conflict do nothing returning jti),
   created as (
     insert into users (email, full_name, phone, instagram, cabin_owner, accepted_terms_at, language)
     select $4, $5, $6, $7, $8, $3::timestamptz, $11 where exists (select 1 from spent)
     on conflict (email) do nothing
     returning id, full_name),
   session as (insert into sessions (id_hash, user_id, expires_at) select $9, id, $10::timestamptz from created)
   select exists (select 1 from spent) as spent, exists (select 1 from users where email = $4) as existed,
          (select id from created) as user_id, (select full_name from created) as full_name`,
);

async function signUp(auth: AuthDeps, reply: FastifyReply, body: SignupBody, identity: Proven, language: string | null) {
  const now = auth.ctx.now();
  const token = newSessionToken();
  const created = await transaction(auth.ctx.db, async (tx) => {
    const [row] = await signUpStatement(tx, [
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
    // Signed up before, or by another request at the same moment.
    if (row?.existed) throw conflict(authMessages.userExists);
    if (!row?.spent) throw unauthenticated(authMessages.tokenUsed);
    if (row.user_id === null) throw conflict(authMessages.userExists);
    return { fullName: row.full_name! };
  });
  setSessionCookie(reply, token, auth.secureCookies);
  return reply.status(201).send({ message: 'Signup successful', email: identity.email, userName: created.fullName });
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
