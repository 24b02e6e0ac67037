// Server-side sessions: an opaque random token in an httpOnly cookie, stored hashed in the database,
// so logout and expiry work and any number of server instances share them.
// Each instance remembers a cookie's user id for a few seconds (cache/sessions.ts, decision 008); logout
// forgets it at once in this process.
import { createHash, randomBytes } from 'node:crypto';
import { said } from '@quackquest/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { perApp } from '../cache/per-app';
import { type SessionCache, createSessionCache, forgetSession, registerSessionCache } from '../cache/sessions';
import type { AppContext } from '../context';
import { type DbOrTx, statement } from '../db/client';
import { sessions } from '../db/schema';
import { unauthenticated } from '../domain/errors';

export const SESSION_COOKIE = 'qq_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new session's token: the cookie's value; the table keeps hashToken of it. */
export const newSessionToken = () => randomBytes(32).toString('base64url');

export async function createSession(db: DbOrTx, userId: number, now: number): Promise<string> {
  const token = newSessionToken();
  await db.insert(sessions).values({ idHash: hashToken(token), userId, expiresAt: new Date(now + SESSION_TTL_MS) });
  return token;
}

export async function deleteSession(db: DbOrTx, token: string): Promise<void> {
  const idHash = hashToken(token);
  forgetSession(db, idHash);
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
  // Forgotten again: a request that read the session just before the delete may have cached it meanwhile.
  forgetSession(db, idHash);
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

/** This app instance's session cache; none when its settings turn it off. */
function sessionCache(ctx: AppContext): SessionCache | undefined {
  return perApp(ctx, 'sessions', (settings) => {
    if (settings.sessionTtlMs <= 0) return undefined;
    const cache = createSessionCache(settings.sessionTtlMs, settings.sessionMax);
    registerSessionCache(ctx.db, cache);
    return cache;
  });
}

/**
 * Remembers a session this instance has just made (and committed): the visitor's next request, which comes to this
 * instance more often than not, finds them without asking the database (issue 33; decision 094).
 */
export function rememberSession(ctx: AppContext, token: string, userId: number, now: number): void {
  sessionCache(ctx)?.set(hashToken(token), { userId, expiresAt: now + SESSION_TTL_MS }, now);
}

/** The user this instance remembers for a session cookie's token, without asking the database (tests). */
export function rememberedUser(ctx: AppContext, token: string, now: number): number | undefined {
  return sessionCache(ctx)?.get(hashToken(token), now)?.userId;
}

export const sessionEnded = () => unauthenticated(said('sessionEnded'));

function cookieToken(request: FastifyRequest): string {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 200) throw unauthenticated();
  return token;
}

/** The hash of the request's session cookie, as stored in `sessions`; a 401 without a plausible cookie. */
export function sessionHash(request: FastifyRequest): string {
  return hashToken(cookieToken(request));
}

const sessionQuery = statement<{ user_id: string | number; expires_ms: number }>(
  'qq_session',
  `select user_id, (extract(epoch from expires_at) * 1000)::float8 as expires_ms
   from sessions where id_hash = $1 and expires_at > $2::timestamptz`,
);

// The session hook (http/route-registry.ts) and then the handler ask: the lookup is made once per request.
const userIds = new WeakMap<FastifyRequest, Promise<number>>();

/**
 * The signed-in user's id, or a 401. With the session cache, a recent cookie costs no query; the caller
 * reads the user itself (a user that no longer exists is then its 401 to give).
 */
export function requireUserId(request: FastifyRequest): Promise<number> {
  let userId = userIds.get(request);
  if (!userId) userIds.set(request, (userId = lookUpUserId(request)));
  return userId;
}

async function lookUpUserId(request: FastifyRequest): Promise<number> {
  const idHash = sessionHash(request);
  const ctx = request.server.ctx;
  const cache = sessionCache(ctx);
  const now = ctx.now();
  const cached = cache?.get(idHash, now);
  if (cached) return cached.userId;
  const [row] = await sessionQuery(ctx.db, [idHash, new Date(now).toISOString()]);
  if (!row) throw sessionEnded();
  const userId = Number(row.user_id);
  cache?.set(idHash, { userId, expiresAt: Number(row.expires_ms) }, now);
  return userId;
}
