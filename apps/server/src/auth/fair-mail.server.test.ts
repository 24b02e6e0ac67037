// Fair sign-in mail (issue 29 part 1, decision 058): at the default limits, one client flooding sign-in cannot delay
// anyone else's e-mail, behind its address or elsewhere, nor can a script making up a browser for every request.
// Time is simulated: the app's clock moves a second a step and the worker sends what is due at each step, so a
// visitor's wait is its e-mail's sent_at minus its request's time on that clock, whatever the machine's load.
import { randomInt } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { authMessages } from '@quackquest/contract';
import { type App, buildTestApp, call, cookieFrom, newBrowser, uniqueEmail, uniqueIp } from '../../test/auth';
import { getTestContext } from '../../test/helpers';
import { DEFAULT_SIGNIN_LINKS_PER_IP, DEFAULT_SIGNIN_MAIL_PER_MINUTE } from '../config/env';
import { mailQueue } from '../db/schema';

const apps: App[] = [];

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

/** A clock days ahead, so no other test's e-mail or links are in its minutes. */
function aClockOfItsOwn(): () => number {
  const ahead = (2 + randomInt(0, 1_000_000)) * 60_000;
  return () => Date.now() + ahead;
}

interface Visitor {
  email: string;
  ip: string;
  /** The binding the sign-in form set as it opened. */
  cookie: string;
  /** The second of the simulation at which the visitor asks for the e-mail. */
  arrives: number;
  signedIn: boolean;
}

/** A flooder's requests in one second: each with the cookie it chooses (none, its own, or one made up). */
type Flood = (second: number) => { ip: string; cookie: string | undefined }[];

/**
 * Runs `seconds` of sign-in at the default limits: visitors arrive spread evenly and open their e-mail's link as it
 * arrives (their links are used, so their address's turns grow), the flood asks every second. Then the clock runs on
 * until every visitor's e-mail has left or expired. Answers each visitor's wait and how many links the flood got.
 */
async function simulate(visitors: Visitor[], flood: Flood, seconds: number) {
  // A clock days ahead, so no other test's e-mail or links are in its minutes.
  const start = Date.now() + (2 + randomInt(0, 1_000_000)) * 60_000;
  let second = 0;
  const app = await buildTestApp(
    {
      SIGNIN_LINKS_PER_IP: String(DEFAULT_SIGNIN_LINKS_PER_IP),
      SIGNIN_MAIL_PER_MINUTE: String(DEFAULT_SIGNIN_MAIL_PER_MINUTE),
    },
    { now: () => start + second * 1000 },
  );
  apps.push(app);
  const { database } = await getTestContext();
  const emails = visitors.map((v) => v.email);
  const byEmail = new Map(visitors.map((v) => [v.email, v]));
  let floodLinks = 0;
  const ask = (email: string, ip: string, cookie: string | undefined) =>
    call(app, 'POST', '/api/auth/email-link', { body: { email }, ip, ...(cookie ? { cookie } : {}) });
  for (; second < seconds + 16 * 60; second += 1) {
    if (second < seconds) {
      const arriving = visitors.filter((v) => v.arrives === second);
      const replies = await Promise.all([
        ...arriving.map((v) => ask(v.email, v.ip, v.cookie)),
        ...flood(second).map((f) => ask(uniqueEmail('flood'), f.ip, f.cookie)),
      ]);
      for (const [i, reply] of replies.entries()) {
        if (i < arriving.length) expect(reply.status, arriving[i]!.email).toBe(202);
        else if (reply.status === 202) floodLinks += 1;
      }
    }
    // The worker sends what is due now, within SIGNIN_MAIL_PER_MINUTE (the dev outbox flushes it first).
    await call(app, 'GET', '/api/dev/outbox?to=nobody@example.com');
    const rows = await database.db
      .select({ recipient: mailQueue.recipient, state: mailQueue.state })
      .from(mailQueue)
      .where(inArray(mailQueue.recipient, emails));
    const arrived = rows.filter((row) => row.state === 'sent' && !byEmail.get(row.recipient)!.signedIn);
    await Promise.all(
      arrived.map(async ({ recipient }) => {
        const visitor = byEmail.get(recipient)!;
        const [mail] = (await call(app, 'GET', `/api/dev/outbox?to=${encodeURIComponent(recipient)}`)).body as unknown as {
          link: string;
        }[];
        const token = new URL(mail!.link).searchParams.get('token');
        const verified = await call(app, 'POST', '/api/auth/email-link/verify', {
          body: { token },
          ip: visitor.ip,
          cookie: visitor.cookie,
        });
        expect(verified.status).toBe(200);
        visitor.signedIn = true;
      }),
    );
    if (second >= seconds && rows.every((row) => row.state !== 'queued')) break;
  }
  const rows = await database.db.select().from(mailQueue).where(inArray(mailQueue.recipient, emails));
  const waits = rows.map((row) => (row.sentAt ? row.sentAt.getTime() - row.createdAt.getTime() : Infinity));
  if (process.env.FAIR_MAIL_REPORT)
    console.info(`flood links ${floodLinks}, longest honest wait ${Math.max(...waits) / 1000} s`, process.env.TEST_DB);
  return { rows, waits, floodLinks };
}

/** `count` visitors behind `ip` (a new address each when undefined), arriving evenly over `seconds`. */
function visitorsAt(ip: string | undefined, count: number, seconds: number, offset = 0): Visitor[] {
  return Array.from({ length: count }, (_, i) => ({
    email: uniqueEmail('honest'),
    ip: ip ?? uniqueIp(),
    cookie: newBrowser(),
    arrives: Math.floor(((i + offset) * seconds) / count),
    signedIn: false,
  }));
}

describe('fair sign-in mail at the default limits', () => {
  it('one client flooding from a ship address delays no honest visitor there or elsewhere beyond 60 s, and none expires', async () => {
    const seconds = 180;
    const ship = uniqueIp();
    const visitors = [...visitorsAt(ship, 300, seconds), ...visitorsAt(undefined, 300, seconds, 0.5)];
    // One client asking 10 times a second, without its binding and with it by turns, to any addresses.
    const kept = newBrowser();
    const flood: Flood = () => Array.from({ length: 10 }, (_, i) => ({ ip: ship, cookie: i % 2 === 0 ? undefined : kept }));
    const { rows, waits, floodLinks } = await simulate(visitors, flood, seconds);
    expect(rows).toHaveLength(600);
    expect(rows.filter((row) => row.state !== 'sent')).toEqual([]);
    expect(Math.max(...waits)).toBeLessThanOrEqual(60_000);
    expect(visitors.every((v) => v.signedIn)).toBe(true);
    // What kept it so: a few links a minute without a binding, five with it (10 a second asked, 1,800 in all).
    expect(floodLinks).toBeLessThanOrEqual(5 + (seconds / 60 + 1) * (DEFAULT_SIGNIN_LINKS_PER_IP / 300));
  }, 600_000);

  it('a script making up a browser for every request gets its address its share, and honest visitors theirs', async () => {
    const seconds = 120;
    const ship = uniqueIp();
    const script = uniqueIp();
    const visitors = [...visitorsAt(ship, 100, seconds), ...visitorsAt(undefined, 100, seconds, 0.5)];
    // 10 a second with a new binding each: as many as its address may ask (SIGNIN_LINKS_PER_IP / 10 a minute).
    const flood: Flood = () => Array.from({ length: 10 }, () => ({ ip: script, cookie: newBrowser() }));
    const { rows, waits, floodLinks } = await simulate(visitors, flood, seconds);
    expect(rows.filter((row) => row.state !== 'sent')).toEqual([]);
    // The minute's rate is spread over it and the visitors' turns come first: the next 10 seconds at most.
    expect(Math.max(...waits)).toBeLessThanOrEqual(15_000);
    // The script's links fill the rate it is allowed: only the turns keep the visitors' e-mail ahead of its backlog.
    expect(floodLinks).toBeGreaterThan((seconds / 60) * (DEFAULT_SIGNIN_LINKS_PER_IP / 10) * 0.9);
  }, 600_000);

  it('refuses at once, and says why, an e-mail that would wait so long its link would arrive nearly spent', async () => {
    // One e-mail a minute: the 11th in the queue would wait over 10 of its link's 15 minutes.
    const app = await buildTestApp({ SIGNIN_MAIL_PER_MINUTE: '1' }, { now: aClockOfItsOwn() });
    apps.push(app);
    // The queue as SMTP's pace leaves it for the 15 requests: nothing sent meanwhile. (A worker sending the first
    // e-mail between two requests, as it may on a loaded machine, frees a place for one more at a moment no test
    // can choose: a loaded machine once accepted the 12th after refusing the 11th.)
    await app.mailWorker.stop();
    const replies = [];
    for (let i = 0; i < 15; i++) {
      replies.push(await call(app, 'POST', '/api/auth/email-link', { body: { email: uniqueEmail('late') }, ip: uniqueIp() }));
    }
    // Ten wait their turn; every later one is told now.
    expect(replies.map((r) => r.status)).toEqual([...Array<number>(10).fill(202), ...Array<number>(5).fill(429)]);
    expect(replies.slice(10).map((r) => [r.status, r.body.code, r.body.message])).toEqual(
      Array.from({ length: 5 }, () => [429, 'mailRunningLate', authMessages.mailRunningLate]),
    );
  });

  it('a request without a binding, from a network that sent many, is asked to bind: asking again with it works', async () => {
    const app = await buildTestApp({}, { now: aClockOfItsOwn() });
    apps.push(app);
    const ip = uniqueIp();
    const ask = (cookie?: string) =>
      call(app, 'POST', '/api/auth/email-link', { body: { email: uniqueEmail('nat') }, ip, ...(cookie ? { cookie } : {}) });
    // SIGNIN_LINKS_PER_IP / 300 a minute without a binding: 10 at the default.
    for (let i = 0; i < DEFAULT_SIGNIN_LINKS_PER_IP / 300; i++) expect((await ask()).status).toBe(202);
    const refused = await ask();
    expect(refused).toMatchObject({ status: 429, body: { code: 'linkAskAgain', message: authMessages.linkAskAgain } });
    const binding = cookieFrom(refused.headers, 'qq_browser');
    expect(binding).toBeTruthy();
    expect((await ask(binding)).status).toBe(202);
  });
});
