import { createHash, createHmac } from 'node:crypto';
import { authMessages } from '@quackquest/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp, call, cookieFrom, setCookieLine, signupBody, uniqueEmail, uniqueIp } from '../../test/auth';
import { getTestContext } from '../../test/helpers';
import { type TestSmtp, startSmtp } from '../../test/smtp';
import { emailLinks, users } from '../db/schema';

const LINK_IN_TEXT = /(https?:\/\/\S+\?token=[\w-]+)/;
const CODE_IN_TEXT = /\b(\d{8})\b/;

let smtp: TestSmtp;
let app: App;
/** The same database, 16 minutes later: every link sent now has expired there. */
let later: App;

beforeAll(async () => {
  smtp = await startSmtp();
  app = await buildTestApp({ SMTP_URL: smtp.url });
  later = await buildTestApp({ SMTP_URL: smtp.url }, { now: () => Date.now() + 16 * 60 * 1000 });
});

afterAll(async () => {
  await app?.close();
  await later?.close();
  await smtp?.close();
});

/** Sends a link over SMTP and returns what the visitor reads in the e-mail. */
async function mailedLink(email: string, ip: string, returnTo: '/' | '/signup' = '/') {
  const after = smtp.received.length;
  const sent = await call(app, 'POST', '/api/auth/email-link', { body: { email, returnTo }, ip });
  expect(sent).toMatchObject({ status: 202, body: { message: authMessages.linkSent } });
  const mail = await smtp.waitFor(email, { after });
  const text = mail.parsed.text ?? '';
  const link = LINK_IN_TEXT.exec(text)?.[1];
  const code = CODE_IN_TEXT.exec(text)?.[1];
  if (!link || !code) throw new Error(`no link or code in the e-mail:\n${text}`);
  return { mail, text, link, code, token: new URL(link).searchParams.get('token') ?? '' };
}

describe('magic link over a real SMTP server', () => {
  it('signs up from the link in the e-mail: link, idToken, signup, session, /api/me', async () => {
    const email = uniqueEmail('ada');
    const ip = uniqueIp();
    const { mail, link, code, token } = await mailedLink(email, ip, '/signup');

    expect(mail.parsed.subject).toBe('Finish signing up to QuackQuest');
    expect(mail.parsed.from?.text).toContain('no-reply@quackquest.local');
    expect(mail.to).toEqual([email]);
    expect(link.startsWith('http://localhost:3000/signup?token=')).toBe(true);
    expect(code).toMatch(/^\d{8}$/);
    expect(mail.parsed.html || '').toContain(link.replaceAll('&', '&amp;'));
    // The dev outbox is off when SMTP is configured.
    expect((await call(app, 'GET', `/api/dev/outbox?to=${email}`)).status).toBe(404);

    const verified = await call(app, 'POST', '/api/auth/email-link/verify', { body: { token }, ip });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ email });
    const idToken = verified.body.idToken as string;
    expect(idToken.split('.')).toHaveLength(3);

    const signup = await call(app, 'POST', '/api/auth', {
      body: signupBody(email, idToken, {
        userName: 'Ada Lovelace',
        InstagramHandle: '@ada.l',
        PhoneNumber: '+65 8123 4567',
        CabinOwnership: 'yes',
      }),
      ip,
    });
    expect(signup).toMatchObject({ status: 201, body: { email, userName: 'Ada Lovelace' } });
    const line = setCookieLine(signup.headers, 'qq_session') ?? '';
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\/(;|$)/);
    expect(line).not.toMatch(/Secure/i); // PUBLIC_URL is plain http here.
    const cookie = cookieFrom(signup.headers, 'qq_session');

    const me = await call(app, 'GET', '/api/me', { cookie });
    expect(me).toMatchObject({ status: 200, body: { userName: 'Ada Lovelace', duckPoints: 0 } });

    const { database } = await getTestContext();
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ cabinOwner: true, phone: '+65 8123 4567', instagram: '@ada.l', fullName: 'Ada Lovelace' });
    expect(row?.acceptedTermsAt).toBeInstanceOf(Date);
  });

  it('links back to / when asked', async () => {
    const email = uniqueEmail('home');
    const { link, mail } = await mailedLink(email, uniqueIp(), '/');
    expect(link.startsWith('http://localhost:3000/?token=')).toBe(true);
    expect(mail.parsed.subject).toBe('Your QuackQuest sign-in link');
  });

  it('lower-cases the address and refuses a return path off the list', async () => {
    const email = uniqueEmail('Mixed');
    const ip = uniqueIp();
    const after = smtp.received.length;
    const sent = await call(app, 'POST', '/api/auth/email-link', {
      body: { email: `  ${email.toUpperCase()} `, returnTo: '/' },
      ip,
    });
    expect(sent.status).toBe(202);
    expect((await smtp.waitFor(email.toLowerCase(), { after })).to).toEqual([email.toLowerCase()]);
    const offsite = await call(app, 'POST', '/api/auth/email-link', {
      body: { email, returnTo: 'https://evil.example/' },
      ip,
    });
    expect(offsite.status).toBe(400);
    expect(offsite.body.message).toBeTruthy();
    expect(await call(app, 'POST', '/api/auth/email-link', { body: { email: '' }, ip })).toMatchObject({
      status: 400,
      body: { message: authMessages.emailMissing },
    });
    expect((await call(app, 'POST', '/api/auth/email-link', { body: { email: 'not-an-address' }, ip })).status).toBe(400);
  });

  it('a link works once', async () => {
    const email = uniqueEmail('once');
    const ip = uniqueIp();
    const { token } = await mailedLink(email, ip);
    expect((await call(app, 'POST', '/api/auth/email-link/verify', { body: { token }, ip })).status).toBe(200);
    expect(await call(app, 'POST', '/api/auth/email-link/verify', { body: { token }, ip })).toMatchObject({
      status: 400,
      body: { message: 'This sign-in link has already been used. Please request a new one.' },
    });
  });

  it('a link expires after 15 minutes', async () => {
    const email = uniqueEmail('late');
    const ip = uniqueIp();
    const { token, code } = await mailedLink(email, ip);
    expect(await call(later, 'POST', '/api/auth/email-link/verify', { body: { token }, ip })).toMatchObject({
      status: 400,
      body: { message: 'This sign-in link has expired. Please request a new one.' },
    });
    expect(await call(later, 'POST', '/api/auth/email-link/verify', { body: { email, code }, ip })).toMatchObject({
      status: 400,
      body: { message: authMessages.linkExpired },
    });
    // Still valid now: the expired attempt did not spend it.
    expect((await call(app, 'POST', '/api/auth/email-link/verify', { body: { token }, ip })).status).toBe(200);
  });

  it('expiry also follows the stored expires_at', async () => {
    const email = uniqueEmail('stale');
    const ip = uniqueIp();
    const { token } = await mailedLink(email, ip);
    const { database } = await getTestContext();
    await database.db
      .update(emailLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailLinks.email, email));
    expect(await call(app, 'POST', '/api/auth/email-link/verify', { body: { token }, ip })).toMatchObject({
      status: 400,
      body: { message: authMessages.linkExpired },
    });
  });

  it('an unknown token is refused', async () => {
    expect(
      await call(app, 'POST', '/api/auth/email-link/verify', { body: { token: 'x'.repeat(43) }, ip: uniqueIp() }),
    ).toMatchObject({
      status: 400,
      body: { message: authMessages.linkInvalid },
    });
    expect((await call(app, 'POST', '/api/auth/email-link/verify', { body: {}, ip: uniqueIp() })).status).toBe(400);
  });

  it('the 8-digit code works once, for its own address only', async () => {
    const email = uniqueEmail('code');
    const ip = uniqueIp();
    const { code, token } = await mailedLink(email, ip);
    const other = uniqueEmail('other');
    expect((await call(app, 'POST', '/api/auth/email-link/verify', { body: { email: other, code }, ip })).status).toBe(400);

    const verified = await call(app, 'POST', '/api/auth/email-link/verify', { body: { email: email.toUpperCase(), code }, ip });
    expect(verified).toMatchObject({ status: 200, body: { email } });
    // Issue 12: the spent code says so, rather than "not right".
    expect(await call(app, 'POST', '/api/auth/email-link/verify', { body: { email, code }, ip })).toMatchObject({
      status: 400,
      body: { message: authMessages.codeUsed },
    });
    // The code spent the link itself.
    expect(await call(app, 'POST', '/api/auth/email-link/verify', { body: { token }, ip })).toMatchObject({
      status: 400,
      body: { message: authMessages.linkUsed },
    });
    expect((await call(app, 'POST', '/api/auth/email-link/verify', { body: { email, code: '123456' }, ip })).body.message).toBe(
      'The code has 8 digits.',
    );
  });

  it('concurrent uses of one token or one code: exactly one succeeds', async () => {
    const email = uniqueEmail('race');
    const ip = uniqueIp();
    const first = await mailedLink(email, ip);
    const byToken = await Promise.all(
      Array.from({ length: 6 }, () => call(app, 'POST', '/api/auth/email-link/verify', { body: { token: first.token }, ip })),
    );
    expect(byToken.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    const second = await mailedLink(email, ip);
    const byCode = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(app, 'POST', '/api/auth/email-link/verify', { body: { email, code: second.code }, ip }),
      ),
    );
    expect(byCode.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });

  it('stores neither the token nor the code in plain text', async () => {
    const email = uniqueEmail('hashed');
    const { token, code } = await mailedLink(email, uniqueIp());
    const { database } = await getTestContext();
    const rows = await database.db.select().from(emailLinks).where(eq(emailLinks.email, email));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.tokenHash).not.toBe(token);
    expect(row.codeHash).not.toBe(code);
    expect(row.codeHash).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(token);
    // Keyed with the server secret: a dump cannot be checked against the 10^8 codes without it.
    const plain = (value: string) => createHash('sha256').update(value).digest('hex');
    expect([plain(token), plain(`${email}:${code}`)]).not.toContain(row.tokenHash);
    expect([plain(token), plain(`${email}:${code}`)]).not.toContain(row.codeHash);
    const { ctx } = (await getTestContext()).app;
    expect(row.codeHash).toBe(createHmac('sha256', ctx.secret).update(`email-link-code:${email}:${code}`).digest('hex'));
    expect(row.tokenHash).toBe(createHmac('sha256', ctx.secret).update(`email-link-token:${token}`).digest('hex'));
  });
});

describe('the sign-in e-mail in the visitor language (decision 037)', () => {
  it('is written in the language the request asks for, link and code included', async () => {
    const email = uniqueEmail();
    const after = smtp.received.length;
    const sent = await call(app, 'POST', '/api/auth/email-link', {
      body: { email, returnTo: '/' },
      ip: uniqueIp(),
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(sent.status).toBe(202);
    const mail = await smtp.waitFor(email, { after });
    const text = mail.parsed.text ?? '';
    expect(mail.parsed.subject).toBe('登录 QuackQuest');
    expect(text).toMatch(/^点击下面的链接登录 QuackQuest：/);
    expect(text).toMatch(/在另一台设备上打开？请改为输入此验证码： \d{8}/);
    expect(text).toContain('链接和验证码只能使用一次，15 分钟内有效。');
    expect(LINK_IN_TEXT.test(text)).toBe(true);
  });

  it('is English, with the pack subject, for a language we do not have', async () => {
    const email = uniqueEmail();
    const after = smtp.received.length;
    await call(app, 'POST', '/api/auth/email-link', {
      body: { email, returnTo: '/' },
      ip: uniqueIp(),
      headers: { 'accept-language': 'fr-FR' },
    });
    const mail = await smtp.waitFor(email, { after });
    expect(mail.parsed.subject).toBe('Your QuackQuest sign-in link');
    expect(mail.parsed.text).toMatch(/^Tap the link below to sign in to QuackQuest:/);
  });
});

describe('the visitor language, kept for later e-mails (decision 037)', () => {
  async function proof(email: string, ip: string) {
    const { token } = await mailedLink(email, ip, '/signup');
    const verified = await call(app, 'POST', '/api/auth/email-link/verify', { body: { token }, ip });
    return verified.body.idToken as string;
  }
  const languageOf = async (email: string) => {
    const { database } = await getTestContext();
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    return user?.language;
  };

  it('is stored at sign-up and follows each sign-in; English is null', async () => {
    const email = uniqueEmail('lang');
    const ip = uniqueIp();
    const signup = await call(app, 'POST', '/api/auth', {
      body: signupBody(email, await proof(email, ip), { userName: 'Kavitha' }),
      ip,
      headers: { 'accept-language': 'ta-IN,ta;q=0.9' },
    });
    expect(signup.status).toBe(201);
    expect(await languageOf(email)).toBe('ta');

    const login = await call(app, 'POST', '/api/auth', {
      body: { action: 'login', email, idToken: await proof(email, ip) },
      ip,
      headers: { 'accept-language': 'en-GB' },
    });
    expect(login.status).toBe(200);
    expect(await languageOf(email)).toBeNull();
  });
});
