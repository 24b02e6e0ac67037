// Server-side sessions: an opaque random token in an httpOnly cookie, stored hashed in the database,
// so logout and expiry work and any number of server instances share them.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { sessions, users } from '../db/schema';
import { unauthorized } from '../http/errors';

export const SESSION_COOKIE = 'qq_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type User = typeof users.$inferSelect;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: DbOrTx, userId: number, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ idHash: hashToken(token), userId, expiresAt: new Date(now + SESSION_TTL_MS) });
  return token;
}

export async function deleteSession(db: DbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

export async function findSessionUser(db: DbOrTx, token: string, now = Date.now()): Promise<User | undefined> {
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, hashToken(token)), gt(sessions.expiresAt, new Date(now))))
    .limit(1);
  return rows[0]?.user;
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

/** The signed-in user, or a 401 that the web app answers by clearing its flags and going to /. */
export async function requireUser(db: DbOrTx, request: FastifyRequest): Promise<User> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 200) throw unauthorized();
  const user = await findSessionUser(db, token);
  if (!user) throw unauthorized('Your session has ended. Please log in again.');
  return user;
}
