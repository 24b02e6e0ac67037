// Journey fixtures: every request leaving loopback fails the test; visitors are created through the
// real sign-up API (link e-mailed through SMTP) so journeys that are not about sign-in start signed in.
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { APP_URL, CONTROL_URL } from './ports';
import { signUpVisitor } from '../../apps/server/test/sign-up';
import { serverBuild } from './server-build';

const root = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

export interface Visitor {
  email: string;
  name: string;
  cookie: string;
}

export interface Mail {
  subject: string;
  /** The From header as the SMTP server received it. */
  from: string;
  text: string;
  html: string;
}

export async function readMail(to: string, count = 1, timeoutMs = 10_000): Promise<Mail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await (await fetch(`${CONTROL_URL}/mail?to=${encodeURIComponent(to)}`)).json()) as Mail[];
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function linkIn(mail: Mail): string {
  const link = /https?:\/\/\S+token=[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no sign-in link in: ${mail.text}`);
  return link;
}

export const uniqueEmail = (who = 'visitor') => `${who}-${randomBytes(4).toString('hex')}@example.com`;

/**
 * POST from a given loopback source address. The server allows 20 e-mail links per client address per
 * 15 minutes, and the journeys together create more visitors than that: each visitor connects from its
 * own address in 127.0.0.0/8 (all loopback), as visitors' own phones would.
 */
function postFrom(
  localAddress: string,
  path: string,
  body: unknown,
  cookie = '',
  appUrl = APP_URL,
): Promise<{ status: number; setCookie: string; json: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${appUrl}${path}`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            setCookie: (response.headers['set-cookie'] ?? []).join('\n'),
            json: text ? (JSON.parse(text) as unknown) : null,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/**
 * A registered visitor with a session, made through the real API (no clicking); `appUrl` names another server
 * than the journeys' own (its e-mail going to the same SMTP server). `browser` (a `qq_browser=...` cookie) and `from`
 * (a loopback address) sign up from a browser and an address another visitor used too: one person, two accounts.
 */
export async function createVisitor(
  options: { name?: string; cabin?: boolean; appUrl?: string; browser?: string; from?: string } = {},
): Promise<Visitor> {
  const email = uniqueEmail();
  const name = options.name ?? 'Marina Tan';
  const [a, b, c] = randomBytes(3);
  const from = options.from ?? `127.${a!}.${b!}.${(c! % 250) + 2}`;
  const cookie = await signUpVisitor(
    {
      post: (path, body, cookie) => postFrom(from, path, body, cookie, options.appUrl),
      linkFor: async (to) => linkIn((await readMail(to)).at(-1)!),
    },
    {
      email,
      name,
      browser: options.browser,
      fields: { InstagramHandle: '@marina', PhoneNumber: '+65 9123 4567', CabinOwnership: options.cabin ? 'yes' : 'no' },
    },
  );
  return { email, name, cookie };
}

/** Puts the visitor's session into the browser: the cookie and the spec's stored flags. */
export async function signIn(context: BrowserContext, visitor: Visitor, appUrl = APP_URL): Promise<void> {
  await context.addCookies([{ name: 'qq_session', value: visitor.cookie, url: appUrl, httpOnly: true, sameSite: 'Lax' }]);
  await context.addInitScript(
    ([email, name]) => {
      if (!sessionStorage.getItem('e2e-signed-in')) {
        localStorage.setItem('isAuthenticated', 'true');
        localStorage.setItem('userEmail', email!);
        localStorage.setItem('userName', name!);
        sessionStorage.setItem('e2e-signed-in', '1');
      }
    },
    [visitor.email, visitor.name],
  );
}

/** Calls the server's API as the visitor (for setting up state, never for the behaviour under test). */
export async function apiAs<T>(
  visitor: Visitor,
  path: string,
  body?: unknown,
  appUrl = APP_URL,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${appUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { cookie: `qq_session=${visitor.cookie}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Claims `item` as the visitor through the API (setting up a voucher, not the claim flow); answers its voucher code. */
export async function claimAs(visitor: Visitor, item: string, appUrl = APP_URL): Promise<string> {
  const response = await fetch(`${appUrl}/api/claims`, {
    method: 'POST',
    headers: { cookie: `qq_session=${visitor.cookie}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ item }),
  });
  expect([response.status, response.status === 201 ? '' : await response.text()]).toEqual([201, '']);
  return ((await response.json()) as { voucherCode: string }).voucherCode;
}

/** Runs an operator command against the journeys' database. */
export async function ops(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [serverBuild().ops, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'warn' },
  });
  return stdout;
}

export const test = base.extend<{ visitor: Visitor; signedInPage: Page }>({
  // Every request to anywhere but loopback fails the journey. The browser cannot reach another host (its resolver
  // finds none: chromiumArgs in support/ports.ts); the requests are watched, not routed, because routing every request
  // turns the browser's HTTP cache off and sends each one through this process (decision 069).
  context: async ({ context }, use) => {
    const escaped: string[] = [];
    context.on('request', (request) => {
      const { hostname, protocol } = new URL(request.url());
      if (protocol === 'data:' || protocol === 'blob:' || ['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) return;
      escaped.push(request.url());
    });
    await use(context);
    expect(escaped, 'requests that left this machine').toEqual([]);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
  visitor: async ({}, use) => {
    await use(await createVisitor());
  },
  signedInPage: async ({ context, page, visitor }, use) => {
    await signIn(context, visitor);
    await use(page);
  },
});

export { expect };
