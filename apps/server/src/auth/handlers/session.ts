// POST /api/auth (log in or sign up with an ID token) and POST /api/auth/logout.
import { authBodySchema, authMessages, type SignupBody } from '@quackquest/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../../db/schema';
import { conflict, invalid, notFound, unauthenticated } from '../../domain/errors';
import { SESSION_COOKIE, createSession, deleteSession, setSessionCookie } from '../../session/session';
import type { Identity } from '../id-token';
import { type AuthDeps, parseBody } from './deps';

export async function logInOrSignUp(auth: AuthDeps, request: FastifyRequest, reply: FastifyReply) {
  const body = parseBody(authBodySchema, request.body);
  if (body.action === 'signup') checkSignup(body);
  const identity = await auth.idTokens.verify(body.idToken);
  if (!identity) throw unauthenticated(authMessages.tokenInvalid);
  const email = body.email.trim().toLowerCase();
  if (identity.email !== email) throw unauthenticated(authMessages.tokenEmailMismatch);
  const [existing] = await auth.ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (body.action === 'login') {
    if (!existing) throw notFound(authMessages.userNotFound);
    await startSession(auth, reply, existing.id);
    return { message: 'Login successful', email, userName: existing.fullName };
  }
  if (existing) throw conflict(authMessages.userExists);
  const created = await createUser(auth, body, identity);
  // Signed up by another request since the look-up above.
  if (!created) throw conflict(authMessages.userExists);
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

async function createUser(auth: AuthDeps, body: SignupBody, identity: Identity) {
  const [created] = await auth.ctx.db
    .insert(users)
    .values({
      email: identity.email,
      fullName: body.userName,
      phone: body.PhoneNumber,
      instagram: body.InstagramHandle,
      cabinOwner: body.CabinOwnership === 'yes',
      acceptedTermsAt: new Date(auth.ctx.now()),
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return created;
}
