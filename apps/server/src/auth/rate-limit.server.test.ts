import { authMessages } from '@quackquest/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp, call, newBrowser, uniqueEmail, uniqueIp } from '../../test/auth';
import { getTestContext } from '../../test/helpers';
import { DEFAULT_POOL_SIZE } from '../config/env';

let shared: App;
let first: App;
let second: App;
const apps: App[] = [];

beforeAll(async () => {
  shared = (await getTestContext()).app;
  first = await buildTestApp();
  second = await buildTestApp();
  apps.push(first, second);
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

const sendLink = (app: App, email: string, ip: string, cookie?: string) =>
  call(app, 'POST', '/api/auth/email-link', { body: { email, returnTo: '/' }, ip, ...(cookie ? { cookie } : {}) });

const outbox = async (app: App, email: string) =>
  (await call(app, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)).body as unknown as unknown[];

describe('magic-link rate limit', () => {
  it('refuses the 6th link for one address from one client, and the 11th from all clients together', async () => {
    const email = uniqueEmail('limit');
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await sendLink(shared, email, ip)).status).toBe(202);
    const sixth = await sendLink(shared, email, ip);
    expect(sixth).toMatchObject({ status: 429, body: { message: authMessages.tooManyLinks } });
    expect(sixth.body.message).toMatch(/Too many sign-in e-mails/);
    // Another client has an allowance of its own (decision 015), up to ten for the address in all.
    for (let i = 0; i < 5; i++) expect((await sendLink(shared, email, uniqueIp())).status).toBe(202);
    expect((await sendLink(shared, email, uniqueIp())).status).toBe(429);
    expect(await outbox(shared, email)).toHaveLength(10);
    // The same client may still ask for another address.
    expect((await sendLink(shared, uniqueEmail('limit-other'), ip)).status).toBe(202);
  });

  it('counts only the last 15 minutes', async () => {
    const email = uniqueEmail('window');
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await sendLink(shared, email, ip)).status).toBe(202);
    expect((await sendLink(shared, email, ip)).status).toBe(429);
    const later = await buildTestApp({}, { now: () => Date.now() + 16 * 60 * 1000 });
    apps.push(later);
    expect((await sendLink(later, email, ip)).status).toBe(202);
  });

  it('refuses the link after SIGNIN_LINKS_PER_IP from one client address in 15 minutes', async () => {
    // A tenth of it a minute (decision 058): the clock moves on, so only the 15-minute limit refuses.
    let shift = 0;
    const small = await buildTestApp({ SIGNIN_LINKS_PER_IP: '20' }, { now: () => Date.now() + shift });
    apps.push(small);
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) {
      expect((await sendLink(small, uniqueEmail(`client${i}`), ip, newBrowser())).status).toBe(202);
      shift += 31_000;
    }
    expect(await sendLink(small, uniqueEmail('client20'), ip, newBrowser())).toMatchObject({
      status: 429,
      body: { code: 'tooManyLinks', message: authMessages.tooManyLinks },
    });
    // Another client is not affected.
    expect((await sendLink(small, uniqueEmail('client21'), uniqueIp())).status).toBe(202);
  });

  it('holds across two server instances sharing one database', async () => {
    const email = uniqueEmail('instances');
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await sendLink(i % 2 === 0 ? first : second, email, ip)).status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(statuses.slice(0, 5).every((s) => s === 202)).toBe(true);
    // Each instance keeps its own outbox; together they sent exactly five.
    expect((await outbox(first, email)).length + (await outbox(second, email)).length).toBe(5);
  });

  it('holds for concurrent requests to two instances', async () => {
    const email = uniqueEmail('race');
    const ip = uniqueIp();
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => sendLink(i % 2 === 0 ? first : second, email, i < 8 ? ip : uniqueIp())),
    );
    expect(replies.filter((r) => r.status === 202)).toHaveLength(9);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(3);
    const many = await Promise.all(
      Array.from({ length: 14 }, (_, i) => sendLink(i % 2 === 0 ? first : second, email, uniqueIp())),
    );
    expect(many.filter((r) => r.status === 202)).toHaveLength(1);
  });

  it('holds per client and minute across instances, concurrently, give or take the requests in flight', async () => {
    // SIGNIN_LINKS_PER_IP / 10 a minute (decision 058): 20 here.
    const limited = [await buildTestApp({ SIGNIN_LINKS_PER_IP: '200' }), await buildTestApp({ SIGNIN_LINKS_PER_IP: '200' })];
    apps.push(...limited);
    const ip = uniqueIp();
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => sendLink(limited[i % 2]!, uniqueEmail(`ip${i}`), ip, newBrowser())),
    );
    // No lock per IP (decision 015): each instance's pool can overshoot by its connections in flight.
    const sent = replies.filter((r) => r.status === 202).length;
    expect(sent).toBeGreaterThanOrEqual(20);
    expect(sent).toBeLessThanOrEqual(20 + 2 * DEFAULT_POOL_SIZE);
    const refused = replies.filter((r) => r.status === 429);
    expect(refused).toHaveLength(60 - sent);
    expect(refused.every((r) => r.body.code === 'manySigningIn')).toBe(true);
    expect((await sendLink(limited[0]!, uniqueEmail('ip-after'), ip, newBrowser())).status).toBe(429);
  });
});
