// An operator's console session (decision 019): a random token in its own cookie, qq_console (httpOnly,
// SameSite=Strict, sent only to /api/console), stored hashed in console_sessions with an expiry. It names an
// address, not a user: crew need no visitor account. Its role is read afresh on every request
// (operators/roles.ts), so a removed or changed operator's next request already sees it.
import { randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type DbOrTx, queryRows } from '../db/client';
import { consoleSessions } from '../db/schema';
import type { AppContext } from '../context';
import { DomainError, unauthenticated } from '../domain/errors';
import { hashToken } from '../session/session';
import { type Role, roleOfEmailSql } from './roles';

export const CONSOLE_COOKIE = 'qq_console';
const CONSOLE_COOKIE_PATH = '/api/console';
/** A long shift; an operator signs in again the next day. */
const CONSOLE_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface ConsoleOperator {
  email: string;
  /** Undefined when the address has lost its role since it signed in. */
  role: Role | undefined;
}

export async function createConsoleSession(tx: DbOrTx, email: string, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // Ended sessions are removed as new ones start: there are only ever a few operators.
  await tx.delete(consoleSessions).where(lt(consoleSessions.expiresAt, new Date(now)));
  await tx.insert(consoleSessions).values({
    idHash: hashToken(token),
    email,
    createdAt: new Date(now),
    expiresAt: new Date(now + CONSOLE_SESSION_TTL_MS),
  });
  return token;
}

export async function deleteConsoleSession(db: DbOrTx, token: string): Promise<void> {
  await db.delete(consoleSessions).where(eq(consoleSessions.idHash, hashToken(token)));
}

export function setConsoleCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(CONSOLE_COOKIE, token, {
    path: CONSOLE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: CONSOLE_SESSION_TTL_MS / 1000,
  });
}

export function clearConsoleCookie(reply: FastifyReply): void {
  reply.clearCookie(CONSOLE_COOKIE, { path: CONSOLE_COOKIE_PATH });
}

export function consoleToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[CONSOLE_COOKIE];
  return token && token.length <= 200 ? token : undefined;
}

// The role gate (http/route-registry.ts) and then the handler ask: the lookup is made once per request.
const operatorsOf = new WeakMap<FastifyRequest, Promise<ConsoleOperator | undefined>>();

/** The operator signed in on this request's console cookie, undefined without a live console session. */
export function consoleOperator(request: FastifyRequest): Promise<ConsoleOperator | undefined> {
  let operator = operatorsOf.get(request);
  if (!operator) operatorsOf.set(request, (operator = lookUpOperator(request)));
  return operator;
}

async function lookUpOperator(request: FastifyRequest): Promise<ConsoleOperator | undefined> {
  const token = consoleToken(request);
  if (!token) return undefined;
  const ctx = request.server.ctx;
  const [row] = await queryRows<{ email: string; role: Role | null }>(
    ctx.db,
    sql`select s.email, ${roleOfEmailSql(sql`s.email`)} as role
        from console_sessions s
        where s.id_hash = ${hashToken(token)} and s.expires_at > ${new Date(ctx.now()).toISOString()}::timestamptz`,
  );
  return row ? { email: row.email, role: row.role ?? undefined } : undefined;
}

/** The operator the role gate let through (http/route-registry.ts), for a handler that needs the actor. */
export async function requireOperator(request: FastifyRequest): Promise<{ email: string; role: Role }> {
  const operator = await consoleOperator(request);
  if (!operator?.role) throw unauthenticated();
  return { email: operator.email, role: operator.role };
}

/**
 * The campaign's time zone, in which the console shows every time, labelled (issue 32 part 5); null before any
 * campaign is loaded (the console then labels the browser's own zone).
 */
export async function consoleTimeZone(ctx: AppContext): Promise<string | null> {
  try {
    return (await ctx.campaign.get()).info.timeZone;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'unavailable') return null;
    throw error;
  }
}
