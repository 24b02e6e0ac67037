// A ship shares one public IP (decision 015): hundreds of visitors behind it sign up by e-mail within
// the default limits, while the limits per browser and per IP and minute (decision 058) still stop a script.
import { randomInt } from 'node:crypto';
import { authMessages } from '@quackquest/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp, call, newBrowser, requestLink, signupBody, uniqueEmail, uniqueIp } from '../../test/auth';
import { getTestContext } from '../../test/helpers';
import { DEFAULT_SIGNIN_LINKS_PER_IP, DEFAULT_SIGNIN_MAIL_PER_MINUTE } from '../config/env';
import { emailLinks } from '../db/schema';

const apps: App[] = [];

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

/**
 * An instance whose clock is a random minute days ahead: the global ceiling counts the last minute of
 * e-mails on the shared database, and no other test sends any in that minute.
 */
async function appInAMinuteOfItsOwn(env: Record<string, string> = {}) {
  const ahead = (2 + randomInt(0, 1_000_000)) * 60_000;
  /** Moves the app's clock on: `clock.shift` ms. */
  const clock = { shift: 0 };
  const app = await buildTestApp(env, { now: () => Date.now() + ahead + clock.shift });
  apps.push(app);
  return { app, clock };
}

/** The e-mail kept for `email` in the dev outbox (reading it sends what is due first), if it has left. */
async function mailTo(app: App, email: string) {
  const mails = (await call(app, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)).body as unknown as { link: string }[];
  return mails.at(-1);
}

async function signUp(app: App, email: string, ip: string, cookie: string, link: string) {
  const token = new URL(link).searchParams.get('token');
  const verified = await call(app, 'POST', '/api/auth/email-link/verify', { body: { token }, ip, cookie });
  expect(verified.status).toBe(200);
  return call(app, 'POST', '/api/auth', { body: signupBody(email, verified.body.idToken as string), ip });
}

describe('one shared IP', () => {
  it('300 visitors behind one IP ask at once within the default limits, and all sign up within the minute', async () => {
    const { app, clock } = await appInAMinuteOfItsOwn({
      SIGNIN_LINKS_PER_IP: String(DEFAULT_SIGNIN_LINKS_PER_IP),
      SIGNIN_MAIL_PER_MINUTE: String(DEFAULT_SIGNIN_MAIL_PER_MINUTE),
    });
    const ship = uniqueIp();
    // Each from a browser its sign-up form bound as it opened (decision 058).
    const visitors = Array.from({ length: 300 }, (_, i) => ({ email: uniqueEmail(`ship${i}`), cookie: newBrowser() }));
    const asked = await Promise.all(
      visitors.map(({ email, cookie }) =>
        call(app, 'POST', '/api/auth/email-link', { body: { email, returnTo: '/signup' }, ip: ship, cookie }),
      ),
    );
    expect(asked.filter((r) => r.status === 202)).toHaveLength(300);
    // SIGNIN_MAIL_PER_MINUTE spread over the minute (decision 058): the clock moves 10 s at a time.
    let waiting = visitors;
    for (let step = 0; step <= 6 && waiting.length > 0; step++) {
      const mails = await Promise.all(waiting.map(({ email }) => mailTo(app, email)));
      const replies = await Promise.all(
        waiting.flatMap((visitor, i) => {
          const mail = mails[i];
          return mail ? [signUp(app, visitor.email, ship, visitor.cookie, mail.link)] : [];
        }),
      );
      expect(replies.every((r) => r.status === 201)).toBe(true);
      waiting = waiting.filter((_, i) => !mails[i]);
      clock.shift += 10_000;
    }
    expect(waiting).toEqual([]);
  });

  it('the global rate per minute answers everyone at once; the surplus e-mail waits in the queue for the next minute', async () => {
    let shift = 0;
    const app = await buildTestApp({ SIGNIN_MAIL_PER_MINUTE: '5' }, { now: () => Date.now() + shift });
    apps.push(app);
    for (let i = 0; i < 5; i++) expect((await requestLink(app, uniqueEmail('ceiling'), uniqueIp())).code).toBeTruthy();
    const email = uniqueEmail('waits');
    const sixth = await call(app, 'POST', '/api/auth/email-link', { body: { email }, ip: uniqueIp() });
    expect(sixth).toMatchObject({ status: 202, body: { message: authMessages.linkSent } });
    expect((await call(app, 'GET', `/api/dev/outbox?to=${email}`)).body).toEqual([]);
    const { database } = await getTestContext();
    expect(await database.db.select().from(emailLinks).where(eq(emailLinks.email, email))).toHaveLength(1);
    shift = 61_000;
    expect((await call(app, 'GET', `/api/dev/outbox?to=${email}`)).body).toHaveLength(1);
  });

  it('a script behind one IP gets a few links a minute however it asks, and other networks are not held up', async () => {
    // Scaled down (decision 058): SIGNIN_LINKS_PER_IP 300 gives the IP 30 a minute, 1 of them without a binding.
    const { app } = await appInAMinuteOfItsOwn({ SIGNIN_LINKS_PER_IP: '300' });
    const script = uniqueIp();
    const ask = async (cookie?: string) =>
      call(app, 'POST', '/api/auth/email-link', {
        body: { email: uniqueEmail('bot') },
        ip: script,
        ...(cookie ? { cookie } : {}),
      });
    const codes = async (count: number, cookie: () => string | undefined) => {
      const seen: unknown[] = [];
      for (let i = 0; i < count; i++) {
        const reply = await ask(cookie());
        seen.push(reply.status === 202 ? 202 : reply.body.code);
      }
      return seen;
    };
    // Without a binding its requests are one client: one link a minute, then asked to bind and ask again.
    expect(await codes(10, () => undefined)).toEqual([202, ...Array<string>(9).fill('linkAskAgain')]);
    // Keeping one binding: five links in 15 minutes.
    const kept = newBrowser();
    expect(await codes(8, () => kept)).toEqual([202, 202, 202, 202, 202, ...Array<string>(3).fill('tooManyLinks')]);
    // Making up a browser for every request: the IP's 30 a minute, then refused as a network signing in.
    const made = await codes(40, newBrowser);
    expect(made.filter((c) => c === 202)).toHaveLength(30 - 6);
    expect(made.slice(30 - 6).every((c) => c === 'manySigningIn')).toBe(true);
    expect(
      (await call(app, 'POST', '/api/auth/email-link', { body: { email: uniqueEmail('elsewhere') }, ip: uniqueIp() })).status,
    ).toBe(202);
  });
});
