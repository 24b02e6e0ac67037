// Helpers for the sign-in tests: extra app instances on the shared test database, JSON calls from
// a chosen client address, and the sign-in steps through the dev outbox.
import { randomBytes, randomInt } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app';
import { parseEnv } from '../src/config/env';
import { TESTS_MAIL_PER_MINUTE, getTestContext, unique } from './helpers';

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Another app instance with its own configuration, on the same database (and secret) as the shared one. Its mail
 * worker serves its own channel of the queue (unless `mailChannel` says which), so its e-mail reaches its own
 * SMTP server or dev outbox, whichever other apps share the database. A server test builds every app with it
 * (eslint.config.js).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'env' | 'database'> = {},
  /** Routes of the test's own, added before the app is ready. */
  prepare?: (app: App) => void,
) {
  const { database, dataDir } = await getTestContext();
  const app = await buildApp({
    env: parseEnv({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      SIGNIN_MAIL_PER_MINUTE: TESTS_MAIL_PER_MINUTE,
      ...env,
    }),
    database,
    mailChannel: unique('app'),
    ...options,
  });
  prepare?.(app);
  await app.ready();
  return app;
}

/** What production insists on (decision 024), with the test's own SMTP server (test/smtp.ts) for its e-mail. */
export function productionEnv(smtpUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    SESSION_SECRET: 'p'.repeat(40),
    SMTP_URL: smtpUrl,
    PUBLIC_URL: 'https://quackquest.example',
    MAIL_FROM: 'QuackQuest <no-reply@quackquest.example>',
    VAPID_PUBLIC_KEY: 'BOKEXLypUiwig0lZlE7yr0fShY7Y-csXRbMV8KxjzLOxA79us5PuNkd5rCrtHLBheUhgVMfZNfKD4wqftPgaNRY',
    VAPID_PRIVATE_KEY: 't2Vw_x3l_biga8UmJa-BZEtFcEaztlt5mu8s2WZvSTU',
    ALLOW_EMBEDDED_DATABASE: '1',
    ALLOW_LOCAL_PHOTOS: '1',
  };
}

/** A client address of its own, so a test never spends another test's per-client limit. */
export const uniqueIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
export const uniqueEmail = (prefix = 'visitor') => `${unique(prefix)}@example.com`;

export interface Reply {
  status: number;
  body: Record<string, unknown> & { message?: string };
  headers: Record<string, string | string[] | number | undefined>;
}

/** The binding cookie (qq_browser) of the test browser each idToken was issued to (decision 016). */
const browserOfToken = new Map<string, string>();

export function rememberBrowser(idToken: string, cookie: string): void {
  browserOfToken.set(idToken, cookie);
}

export const browserOf = (idToken: string) => browserOfToken.get(idToken);

/** Calls as the browser an idToken in the body was issued to, unless the test chose the cookies itself. */
function browserCookie(body: unknown): string | undefined {
  const idToken = typeof body === 'object' && body !== null ? (body as { idToken?: unknown }).idToken : undefined;
  return typeof idToken === 'string' ? browserOfToken.get(idToken) : undefined;
}

export async function call(
  app: App,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; ip?: string; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const inject: InjectOptions = {
    method,
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { ...cookieHeader(options.cookie ?? browserCookie(options.body)), ...options.headers },
  };
  if (options.body !== undefined) inject.payload = options.body as InjectOptions['payload'];
  const response = await app.inject(inject);
  let body: Reply['body'];
  try {
    body = response.json();
  } catch {
    body = {};
  }
  // A verify answer: this test browser got the idToken and its binding cookie together.
  const browser = cookieFrom(response.headers, 'qq_browser');
  if (typeof body.idToken === 'string' && browser) rememberBrowser(body.idToken, browser);
  return { status: response.statusCode, body, headers: response.headers };
}

const cookieHeader = (cookie: string | undefined) => (cookie ? { cookie } : {});

/** `name=value` of a Set-Cookie header, ready for a Cookie header; undefined when not set. */
export function cookieFrom(headers: Reply['headers'], name: string): string | undefined {
  const raw = headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw === undefined ? [] : [String(raw)];
  const line = all.find((c) => c.startsWith(`${name}=`));
  return line?.split(';')[0];
}

export function setCookieLine(headers: Reply['headers'], name: string): string | undefined {
  const raw = headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw === undefined ? [] : [String(raw)];
  return all.find((c) => c.startsWith(`${name}=`));
}

/**
 * A browser binding of its own (qq_browser, decision 016), as the sign-in forms set it when they open: its requests
 * count as its own client's (decision 058).
 */
export const newBrowser = () => `qq_browser=${randomBytes(24).toString('base64url')}`;

/**
 * Requests a link through the dev outbox of the shared app and returns the e-mail kept there. The request comes from a
 * browser the form has bound, as the web app's does (decision 058).
 */
export async function requestLink(app: App, email: string, ip: string, returnTo: '/' | '/signup' = '/') {
  const sent = await call(app, 'POST', '/api/auth/email-link', { body: { email, returnTo }, ip, cookie: newBrowser() });
  expect(sent.status).toBe(202);
  const outbox = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  const mails = outbox.json<{ link: string; code: string; text: string }[]>();
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no e-mail to ${email} in the dev outbox`);
  return { ...mail, token: new URL(mail.link).searchParams.get('token') ?? '' };
}

/** An idToken for this address, proven by a magic link. */
export async function idTokenFor(app: App, email: string, ip = uniqueIp()): Promise<string> {
  const { token } = await requestLink(app, email, ip);
  const verified = await call(app, 'POST', '/api/auth/email-link/verify', { body: { token }, ip });
  expect(verified.status).toBe(200);
  return verified.body.idToken as string;
}

export const signupBody = (email: string, idToken: string, extra: Record<string, unknown> = {}) => ({
  action: 'signup',
  idToken,
  email,
  userName: 'Ada Lovelace',
  InstagramHandle: '@ada',
  PhoneNumber: '+65 8123 4567',
  CabinOwnership: 'no',
  ...extra,
});
