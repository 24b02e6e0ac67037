// The browser binding of a sign-in (decision 016): a random value in an httpOnly cookie of this browser,
// sent only to /api/auth. An idToken carries its hash, and POST /api/auth accepts the idToken only from
// the browser holding the value, so a proof issued to one browser cannot sign another one in.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthDeps } from './deps';

const BROWSER_COOKIE = 'qq_browser';
const BROWSER_COOKIE_PATH = '/api/auth';
/** Longer than a sign-in takes (an idToken lives 15 minutes); renewed whenever a proof is issued. */
const BROWSER_COOKIE_MAX_AGE_S = 24 * 60 * 60;

const hashOf = (value: string) => createHash('sha256').update(value).digest('base64url');

function readBrowser(request: FastifyRequest): string | undefined {
  const value = request.cookies[BROWSER_COOKIE];
  return value && /^[\w-]{20,100}$/.test(value) ? value : undefined;
}

/** This browser's binding (set now if it has none): the hash an idToken issued to it carries. */
export function bindBrowser(auth: AuthDeps, request: FastifyRequest, reply: FastifyReply): string {
  const value = readBrowser(request) ?? randomBytes(24).toString('base64url');
  reply.setCookie(BROWSER_COOKIE, value, {
    path: BROWSER_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: auth.secureCookies,
    maxAge: BROWSER_COOKIE_MAX_AGE_S,
  });
  return hashOf(value);
}

/** The hash of this browser's binding, if it has one: an operator's code is compared with its links only (decision 056). */
export function browserOf(request: FastifyRequest): string | undefined {
  const value = readBrowser(request);
  return value ? hashOf(value) : undefined;
}

/** Whether the idToken's binding is this browser's. */
export function isSameBrowser(request: FastifyRequest, bound: string): boolean {
  const value = readBrowser(request);
  if (!value) return false;
  const mine = Buffer.from(hashOf(value));
  const theirs = Buffer.from(bound);
  return mine.length === theirs.length && timingSafeEqual(mine, theirs);
}
