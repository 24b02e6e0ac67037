import { authMessages } from '@quackquest/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp, call, uniqueEmail, uniqueIp } from '../../test/auth';
import { getTestContext } from '../../test/helpers';

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

const sendLink = (app: App, email: string, ip: string) =>
  call(app, 'POST', '/api/auth/email-link', { body: { email, returnTo: '/' }, ip });

const outbox = async (app: App, email: string) =>
  (await call(app, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)).body as unknown as unknown[];

describe('magic-link rate limit', () => {
  it('refuses the 6th link for one address within 15 minutes, and sends no e-mail for it', async () => {
    const email = uniqueEmail('limit');
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await sendLink(shared, email, ip)).status).toBe(202);
    const sixth = await sendLink(shared, email, ip);
    expect(sixth).toMatchObject({ status: 429, body: { message: authMessages.tooManyLinks } });
    expect(sixth.body.message).toMatch(/Too many sign-in e-mails/);
    // From another client too: the limit is per address.
    expect((await sendLink(shared, email, uniqueIp())).status).toBe(429);
    expect(await outbox(shared, email)).toHaveLength(5);
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

  it('refuses the 21st link from one client address', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) expect((await sendLink(shared, uniqueEmail(`client${i}`), ip)).status).toBe(202);
    expect(await sendLink(shared, uniqueEmail('client20'), ip)).toMatchObject({
      status: 429,
      body: { message: authMessages.tooManyLinks },
    });
    // Another client is not affected.
    expect((await sendLink(shared, uniqueEmail('client21'), uniqueIp())).status).toBe(202);
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
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => sendLink(i % 2 === 0 ? first : second, email, uniqueIp())),
    );
    expect(replies.filter((r) => r.status === 202)).toHaveLength(5);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(7);
  });

  it('holds per client across instances, concurrently', async () => {
    const ip = uniqueIp();
    const replies = await Promise.all(
      Array.from({ length: 24 }, (_, i) => sendLink(i % 2 === 0 ? first : second, uniqueEmail(`ip${i}`), ip)),
    );
    expect(replies.filter((r) => r.status === 202)).toHaveLength(20);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(4);
  });
});
