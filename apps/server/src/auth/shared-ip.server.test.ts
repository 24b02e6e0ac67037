// A ship shares one public IP (decision 015): hundreds of visitors behind it sign up by e-mail within
// the default limits, while the per-IP limit and the global ceiling per minute still stop a script.
import { randomInt } from 'node:crypto';
import { authMessages } from '@quackquest/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp, call, requestLink, signupBody, uniqueEmail, uniqueIp } from '../../test/auth';
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
async function appInAMinuteOfItsOwn(env: Record<string, string> = {}, offsetMs = 0) {
  const ahead = (2 + randomInt(0, 1_000_000)) * 60_000 + offsetMs;
  const app = await buildTestApp(env, { now: () => Date.now() + ahead });
  apps.push(app);
  return { app, ahead };
}

async function signUp(app: App, email: string, ip: string) {
  const { token } = await requestLink(app, email, ip, '/signup');
  const verified = await call(app, 'POST', '/api/auth/email-link/verify', { body: { token }, ip });
  expect(verified.status).toBe(200);
  return call(app, 'POST', '/api/auth', { body: signupBody(email, verified.body.idToken as string), ip });
}

describe('one shared IP', () => {
  it('300 visitors behind one IP sign up by e-mail at once within the default limits', async () => {
    const { app } = await appInAMinuteOfItsOwn({
      SIGNIN_LINKS_PER_IP: String(DEFAULT_SIGNIN_LINKS_PER_IP),
      SIGNIN_MAIL_PER_MINUTE: String(DEFAULT_SIGNIN_MAIL_PER_MINUTE),
    });
    const ship = uniqueIp();
    const emails = Array.from({ length: 300 }, (_, i) => uniqueEmail(`ship${i}`));
    const replies = await Promise.all(emails.map((email) => signUp(app, email, ship)));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(300);
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

  it('a script behind one IP is stopped by SIGNIN_LINKS_PER_IP, and other networks are not', async () => {
    const { app } = await appInAMinuteOfItsOwn({ SIGNIN_LINKS_PER_IP: '30' });
    const script = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push(
        (await call(app, 'POST', '/api/auth/email-link', { body: { email: uniqueEmail('bot') }, ip: script })).status,
      );
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(30);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    expect(
      (await call(app, 'POST', '/api/auth/email-link', { body: { email: uniqueEmail('elsewhere') }, ip: uniqueIp() })).status,
    ).toBe(202);
  });
});
