import { randomBytes, randomUUID } from 'node:crypto';
import { authMessages } from '@quackquest/contract';
import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type App,
  browserOf,
  buildTestApp,
  call,
  cookieFrom,
  idTokenFor,
  rememberBrowser,
  requestLink,
  signupBody,
  uniqueEmail,
  uniqueIp,
} from '../../test/auth';
import { getTestContext } from '../../test/helpers';
import { sessions, spentIdTokens, users } from '../db/schema';
import { hashToken } from '../session/session';

let app: App;
let https: App;

beforeAll(async () => {
  app = (await getTestContext()).app;
  https = await buildTestApp({ PUBLIC_URL: 'https://quack.example' });
});

afterAll(async () => {
  await https?.close();
});

const auth = (body: unknown, ip = uniqueIp()) => call(app, 'POST', '/api/auth', { body, ip });

async function userRow(email: string) {
  const { database } = await getTestContext();
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Signs up a new visitor through a magic link and returns the address and session cookie. */
async function signedUp(extra: Record<string, unknown> = {}) {
  const email = uniqueEmail('member');
  const reply = await auth(signupBody(email, await idTokenFor(app, email), extra));
  expect(reply.status).toBe(201);
  return { email, cookie: cookieFrom(reply.headers, 'qq_session') ?? '' };
}

/** The payload of a JWT replaced, its header and signature kept. */
function withPayload(token: string, changes: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  const payload = Buffer.from(JSON.stringify({ ...decodeJwt(token), ...changes })).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

describe('POST /api/auth login', () => {
  it('an unknown user gets 404 "User not found" and no session', async () => {
    const email = uniqueEmail('stranger');
    const reply = await auth({ action: 'login', idToken: await idTokenFor(app, email), email });
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe(authMessages.userNotFound);
    expect(reply.body.message).toContain('not found');
    expect(cookieFrom(reply.headers, 'qq_session')).toBeUndefined();
  });

  it('a registered user gets a session; the address is matched case-insensitively', async () => {
    const { email } = await signedUp({ userName: 'Grace' });
    const reply = await auth({ action: 'login', idToken: await idTokenFor(app, email), email: email.toUpperCase() });
    expect(reply).toMatchObject({ status: 200, body: { email, userName: 'Grace' } });
    const cookie = cookieFrom(reply.headers, 'qq_session');
    expect((await call(app, 'GET', '/api/me', { cookie })).body.userName).toBe('Grace');
  });

  // Issue 12: an idToken starts one session; a copy of it (from a history, a log, a shared screen) starts none.
  it('an idToken logs in once: the same token again is refused', async () => {
    const { email } = await signedUp();
    const idToken = await idTokenFor(app, email);
    const one = await auth({ action: 'login', idToken, email });
    expect(cookieFrom(one.headers, 'qq_session')).toBeTruthy();
    const two = await auth({ action: 'login', idToken, email });
    expect(two).toMatchObject({ status: 401, body: { message: authMessages.tokenUsed } });
    expect(cookieFrom(two.headers, 'qq_session')).toBeUndefined();
  });
});

describe('POST /api/auth signup', () => {
  it('an existing user gets 409 "User already exists" and keeps the data', async () => {
    const { email } = await signedUp({ userName: 'First Name', CabinOwnership: 'yes' });
    const reply = await auth(signupBody(email, await idTokenFor(app, email), { userName: 'Second Name', CabinOwnership: 'no' }));
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe(authMessages.userExists);
    expect(reply.body.message).toContain('already exists');
    expect(await userRow(email)).toMatchObject({ fullName: 'First Name', cabinOwner: true });
  });

  it('a refused sign-up leaves its proof unspent: the same idToken then logs in', async () => {
    const { email } = await signedUp();
    const idToken = await idTokenFor(app, email);
    expect((await auth(signupBody(email, idToken))).status).toBe(409);
    const login = await auth({ action: 'login', idToken, email });
    expect(login.status).toBe(200);
    expect(cookieFrom(login.headers, 'qq_session')).toBeTruthy();
  });

  it('a proof already spent signs nobody up and leaves no account behind', async () => {
    const email = uniqueEmail('spent');
    const idToken = await idTokenFor(app, email);
    const { jti, exp } = decodeJwt(idToken);
    const { database } = await getTestContext();
    await database.db.insert(spentIdTokens).values({ jti: String(jti), expiresAt: new Date(Number(exp) * 1000) });
    const reply = await auth(signupBody(email, idToken));
    expect(reply).toMatchObject({ status: 401, body: { message: authMessages.tokenUsed } });
    expect(cookieFrom(reply.headers, 'qq_session')).toBeUndefined();
    expect(await userRow(email)).toBeUndefined();
  });

  it('two concurrent signups for one address create one user', async () => {
    const email = uniqueEmail('twice');
    const [a, b] = await Promise.all([
      auth(signupBody(email, await idTokenFor(app, email))),
      auth(signupBody(email, await idTokenFor(app, email))),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
  });

  it('stores cabin ownership no, trims the text fields', async () => {
    const email = uniqueEmail('trim');
    const reply = await auth(
      signupBody(email, await idTokenFor(app, email), {
        userName: '  Trim Me  ',
        InstagramHandle: ' @trim ',
        PhoneNumber: ' 123 ',
        CabinOwnership: 'no',
      }),
    );
    expect(reply).toMatchObject({ status: 201, body: { userName: 'Trim Me' } });
    expect(await userRow(email)).toMatchObject({ fullName: 'Trim Me', instagram: '@trim', phone: '123', cabinOwner: false });
  });

  it('refuses unticked terms and an empty name with the spec texts, creating nothing', async () => {
    const email = uniqueEmail('form');
    const idToken = await idTokenFor(app, email);
    expect(await auth(signupBody(email, idToken, { termsAccepted: false }))).toMatchObject({
      status: 400,
      body: { message: 'Please accept the terms and conditions' },
    });
    expect(await auth(signupBody(email, idToken, { userName: '' }))).toMatchObject({
      status: 400,
      body: { message: 'Email and full name are required' },
    });
    expect(await auth(signupBody(email, idToken, { userName: '   ' }))).toMatchObject({
      status: 400,
      body: { message: 'Email and full name are required' },
    });
    expect(await auth(signupBody('', idToken))).toMatchObject({
      status: 400,
      body: { message: 'Email and full name are required' },
    });
    expect(await userRow(email)).toBeUndefined();
    // The same token still signs up once the form is right.
    expect((await auth(signupBody(email, idToken, { termsAccepted: true }))).status).toBe(201);
  });

  it('refuses CabinOwnership other than yes or no', async () => {
    const email = uniqueEmail('maybe');
    const idToken = await idTokenFor(app, email);
    for (const CabinOwnership of ['maybe', 'YES', '', true, undefined]) {
      const reply = await auth(signupBody(email, idToken, { CabinOwnership }));
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBeTruthy();
    }
    expect(await userRow(email)).toBeUndefined();
  });

  it('refuses malformed bodies and huge strings with a message, creating nothing', async () => {
    const email = uniqueEmail('bad');
    const idToken = await idTokenFor(app, email);
    const ip = uniqueIp();
    const bad: unknown[] = [
      signupBody(email, idToken, { userName: 'x'.repeat(101) }),
      signupBody(email, idToken, { InstagramHandle: 'x'.repeat(101) }),
      signupBody(email, idToken, { PhoneNumber: '1'.repeat(41) }),
      signupBody(`${'x'.repeat(250)}@example.com`, idToken),
      signupBody(email, 'short'),
      signupBody(email, 'x'.repeat(8001)),
      signupBody(email, idToken, { userName: 42 }),
      signupBody(email, idToken, { action: 'register' }),
      { ...signupBody(email, idToken), action: undefined },
      [],
      'null',
      {},
    ];
    for (const body of bad) {
      const reply = await call(app, 'POST', '/api/auth', {
        body: typeof body === 'string' ? body : JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
        ip,
      });
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      expect(typeof reply.body.message).toBe('string');
    }
    const notJson = await call(app, 'POST', '/api/auth', {
      body: '{"action":"signup",',
      headers: { 'content-type': 'application/json' },
      ip,
    });
    expect(notJson).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } });
    const huge = await call(app, 'POST', '/api/auth', {
      body: signupBody(email, idToken, { userName: 'x'.repeat(100_000) }),
      ip,
    });
    expect(huge).toMatchObject({ status: 413, body: { message: 'The request body is too large.' } });
    const form = await call(app, 'POST', '/api/auth', {
      body: 'action=signup',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ip,
    });
    expect(form.status).toBe(415);
    expect(form.body.message).toBeTruthy();
    expect(await userRow(email)).toBeUndefined();
    expect(await userRow(`${'x'.repeat(250)}@example.com`)).toBeUndefined();
  });
});

describe('idToken checks', () => {
  it('refuses an idToken for another address than body.email', async () => {
    const mine = uniqueEmail('mine');
    const theirs = uniqueEmail('theirs');
    const idToken = await idTokenFor(app, mine);
    expect(await auth(signupBody(theirs, idToken))).toMatchObject({
      status: 401,
      body: { message: authMessages.tokenEmailMismatch },
    });
    expect((await auth({ action: 'login', idToken, email: theirs })).status).toBe(401);
    expect(await userRow(theirs)).toBeUndefined();
    expect(await userRow(mine)).toBeUndefined();
  });

  it('refuses forged tokens', async () => {
    const email = uniqueEmail('forged');
    const genuine = await idTokenFor(app, email);
    const claims = decodeJwt(genuine);
    const otherKey = new TextEncoder().encode(randomBytes(32).toString('base64url'));
    const signedElsewhere = await new SignJWT({ email, provider: 'email' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(String(claims.iss))
      .setAudience('quackquest')
      .setSubject(email)
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(otherKey);
    const victim = uniqueEmail('victim');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ ...claims, email: victim }),
    ).toString('base64url')}.`;
    const forgeries: [string, string][] = [
      [randomBytes(48).toString('base64url'), email],
      ['aaaaaaaaaa.bbbbbbbbbb.cccccccccc', email],
      [signedElsewhere, email],
      [withPayload(genuine, { email: victim, sub: victim }), victim],
      [withPayload(genuine, { exp: Math.floor(Date.now() / 1000) + 86_400 }), email],
      [unsigned, victim],
      [`${genuine.slice(0, -4)}AAAA`, email],
    ];
    for (const [idToken, address] of forgeries) {
      expect(await auth(signupBody(address, idToken))).toMatchObject({
        status: 401,
        body: { message: authMessages.tokenInvalid },
      });
      expect((await auth({ action: 'login', idToken, email: address })).status).toBe(401);
    }
    expect(await userRow(email)).toBeUndefined();
    expect(await userRow(victim)).toBeUndefined();
    // The genuine token still works.
    expect((await auth(signupBody(email, genuine))).status).toBe(201);
  });

  it('refuses an expired idToken', async () => {
    const email = uniqueEmail('stale');
    const genuine = await idTokenFor(app, email);
    const { dataDir } = await getTestContext();
    const { loadSecret } = await import('../config/secret');
    const { parseEnv } = await import('../config/env');
    const key = new TextEncoder().encode(loadSecret(parseEnv({ DATA_DIR: dataDir })));
    const claims = decodeJwt(genuine);
    const now = Math.floor(Date.now() / 1000);
    // Bound to the same browser as the genuine one, so only the expiry differs (decision 016).
    const bound = { email, provider: 'email', bnd: claims.bnd };
    const expired = await new SignJWT(bound)
      .setJti(randomUUID())
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(String(claims.iss))
      .setAudience('quackquest')
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(key);
    rememberBrowser(expired, browserOf(genuine)!);
    expect((await auth(signupBody(email, expired))).status).toBe(401);
    // Made the same way but still valid: accepted, so the refusal above is the expiry.
    const fresh = await new SignJWT(bound)
      .setJti(randomUUID())
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(String(claims.iss))
      .setAudience('quackquest')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    rememberBrowser(fresh, browserOf(genuine)!);
    expect((await auth(signupBody(email, fresh))).status).toBe(201);
  });
});

describe('sessions', () => {
  it('logout ends the server session: the same cookie then gets 401', async () => {
    const { cookie } = await signedUp();
    expect((await call(app, 'GET', '/api/me', { cookie })).status).toBe(200);
    const out = await call(app, 'POST', '/api/auth/logout', { cookie });
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/qq_session=;/);
    expect((await call(app, 'GET', '/api/me', { cookie })).status).toBe(401);
    // Logging out again, or without a cookie, is harmless.
    expect((await call(app, 'POST', '/api/auth/logout', { cookie })).status).toBe(200);
    expect((await call(app, 'POST', '/api/auth/logout')).status).toBe(200);
  });

  it('logout ends only that session', async () => {
    const { email, cookie } = await signedUp();
    const second = cookieFrom(
      (await auth({ action: 'login', idToken: await idTokenFor(app, email), email })).headers,
      'qq_session',
    );
    await call(app, 'POST', '/api/auth/logout', { cookie });
    expect((await call(app, 'GET', '/api/me', { cookie: second })).status).toBe(200);
  });

  it('a session past its expires_at gets 401', async () => {
    const { cookie } = await signedUp();
    const token = cookie.slice('qq_session='.length);
    const { database } = await getTestContext();
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashToken(token)));
    expect(row).toBeDefined();
    // Stored hashed, about 30 days ahead.
    expect(row?.idHash).not.toBe(token);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, hashToken(token)));
    const reply = await call(app, 'GET', '/api/me', { cookie });
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBeTruthy();
  });

  it('an unknown or absurd cookie gets 401', async () => {
    expect((await call(app, 'GET', '/api/me', { cookie: 'qq_session=nope' })).status).toBe(401);
    expect((await call(app, 'GET', '/api/me', { cookie: `qq_session=${'x'.repeat(5000)}` })).status).toBe(401);
    expect((await call(app, 'GET', '/api/me')).status).toBe(401);
  });
});

describe('another site', () => {
  it('a POST from another Origin is refused with 403 and sends no e-mail', async () => {
    const email = uniqueEmail('csrf');
    const reply = await call(app, 'POST', '/api/auth/email-link', {
      body: { email, returnTo: '/' },
      headers: { origin: 'https://evil.example' },
      ip: uniqueIp(),
    });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBeTruthy();
    const outbox = await call(app, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(outbox.body).toEqual([]);
  });

  it('refuses login, signup and logout from another Origin; our own Origin is fine', async () => {
    const { email, cookie } = await signedUp();
    const evil = { origin: 'https://evil.example' };
    const idToken = await idTokenFor(app, email);
    expect((await call(app, 'POST', '/api/auth', { body: { action: 'login', idToken, email }, headers: evil })).status).toBe(403);
    expect((await call(app, 'POST', '/api/auth/logout', { cookie, headers: evil })).status).toBe(403);
    expect((await call(app, 'GET', '/api/me', { cookie })).status).toBe(200);
    const own = await call(app, 'POST', '/api/auth', {
      body: { action: 'login', idToken, email },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(own.status).toBe(200);
  });

  it('the link in the dev outbox uses PUBLIC_URL, never the Host header', async () => {
    const email = uniqueEmail('host');
    const ip = uniqueIp();
    await call(app, 'POST', '/api/auth/email-link', { body: { email }, headers: { host: 'evil.example' }, ip });
    const { link } = await requestLink(app, email, ip);
    const outbox = (await call(app, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)).body as unknown as {
      link: string;
    }[];
    expect(outbox.map((m) => new URL(m.link).origin)).toEqual(['http://localhost:3000', 'http://localhost:3000']);
    expect(link.startsWith('http://localhost:3000/')).toBe(true);
  });
});

describe('behind an https PUBLIC_URL', () => {
  it('links use PUBLIC_URL, cookies are Secure, its Origin is accepted and an http idToken is not', async () => {
    const email = uniqueEmail('https');
    const ip = uniqueIp();
    const origin = { origin: 'https://quack.example' };
    expect(
      (await call(https, 'POST', '/api/auth/email-link', { body: { email, returnTo: '/signup' }, headers: origin, ip })).status,
    ).toBe(202);
    const outbox = (await call(https, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)).body as unknown as {
      link: string;
    }[];
    const link = new URL(outbox[0]!.link);
    expect(`${link.origin}${link.pathname}`).toBe('https://quack.example/signup');
    const verified = await call(https, 'POST', '/api/auth/email-link/verify', {
      body: { token: link.searchParams.get('token') },
      headers: origin,
      ip,
    });
    const idToken = verified.body.idToken as string;
    // Signed for another public address: the http instance refuses it.
    expect((await call(app, 'POST', '/api/auth', { body: signupBody(email, idToken), ip })).status).toBe(401);
    const signup = await call(https, 'POST', '/api/auth', { body: signupBody(email, idToken), headers: origin, ip });
    expect(signup.status).toBe(201);
    const line = String(signup.headers['set-cookie']);
    expect(line).toMatch(/qq_session=/);
    expect(line).toMatch(/Secure/);
    expect(line).toMatch(/HttpOnly/i);
    expect((await call(https, 'POST', '/api/auth/logout', { headers: { origin: 'http://localhost:3000' }, ip })).status).toBe(
      403,
    );
  });
});
