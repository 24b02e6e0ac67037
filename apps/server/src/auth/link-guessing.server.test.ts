// Attackers with the victim's address: guessing the code is bounded per address per day, and nothing a
// stranger requests or types makes the victim's own link unusable (decision 015).
import { authMessages } from '@quackquest/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp, call, requestLink, uniqueEmail, uniqueIp } from '../../test/auth';
import { getTestContext } from '../../test/helpers';
import { emailLinks } from '../db/schema';

let app: App;
/** The same database a day and 16 minutes later: yesterday's guesses and links are out of every window. */
let tomorrow: App;

beforeAll(async () => {
  app = (await getTestContext()).app;
  tomorrow = await buildTestApp({}, { now: () => Date.now() + (24 * 60 + 16) * 60 * 1000 });
});

afterAll(async () => {
  await tomorrow?.close();
});

const verify = (body: Record<string, string>, ip: string, on = app) =>
  call(on, 'POST', '/api/auth/email-link/verify', { body, ip });
/** A wrong code that is not `code`: the i-th after it. */
const wrong = (code: string, i: number) => String((Number(code) + 1 + i) % 100_000_000).padStart(8, '0');

async function failedComparisons(email: string): Promise<number> {
  const { database } = await getTestContext();
  const rows = await database.db.select().from(emailLinks).where(eq(emailLinks.email, email));
  return rows.reduce((sum, row) => sum + row.failedCodes, 0);
}

describe('guessing the code (decision 015)', () => {
  it('allows 20 wrong codes per address a day, whatever the number of links, then refuses even the right one', async () => {
    const email = uniqueEmail('budget');
    const attacker = uniqueIp();
    const { code, token } = await requestLink(app, email, attacker);
    for (let i = 0; i < 20; i++) {
      expect(await verify({ email, code: wrong(code, i) }, attacker)).toMatchObject({
        status: 400,
        body: { message: authMessages.codeWrong },
      });
    }
    // From another IP too, and with fresh links: the budget belongs to the address.
    const fresh = await requestLink(app, email, uniqueIp());
    expect(await verify({ email, code: wrong(code, 20) }, uniqueIp())).toMatchObject({
      status: 429,
      body: { message: authMessages.tooManyCodes },
    });
    expect((await verify({ email, code: fresh.code }, uniqueIp())).status).toBe(429);
    expect((await verify({ email, code }, attacker)).status).toBe(429);
    expect(await failedComparisons(email)).toBe(20);
    // The links themselves still work (item 7): a wrong code never spends a token.
    expect(await verify({ token }, attacker)).toMatchObject({ status: 200, body: { email } });
    // A day later the address has a new budget.
    const next = await requestLink(tomorrow, email, uniqueIp());
    expect(await verify({ email, code: next.code }, uniqueIp(), tomorrow)).toMatchObject({ status: 200, body: { email } });
  });

  it('counts one guess per live link it was compared with', async () => {
    const email = uniqueEmail('spread');
    const ip = uniqueIp();
    const links: { code: string }[] = [];
    for (let i = 0; i < 4; i++) links.push(await requestLink(app, email, ip));
    const codes = new Set(links.map((link) => link.code));
    const guesses = Array.from({ length: 10 }, (_, i) => wrong(links[0]!.code, i)).filter((guess) => !codes.has(guess));
    for (const guess of guesses.slice(0, 5)) expect((await verify({ email, code: guess }, ip)).status).toBe(400);
    expect(await failedComparisons(email)).toBe(20);
    expect((await verify({ email, code: links[3]!.code }, ip)).status).toBe(429);
  });

  it('holds the budget under concurrent guesses', async () => {
    const email = uniqueEmail('burst');
    const { code, token } = await requestLink(app, email, uniqueIp());
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => verify({ email, code: wrong(code, i) }, uniqueIp())));
    expect(replies.filter((r) => r.status === 400)).toHaveLength(20);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(10);
    expect(await failedComparisons(email)).toBe(20);
    expect((await verify({ email, code }, uniqueIp())).status).toBe(429);
    expect((await verify({ token }, uniqueIp())).status).toBe(200);
  });
});

describe('locking a victim out (decision 015)', () => {
  it("a stranger's links for the victim's address do not hide the victim's own code", async () => {
    const email = uniqueEmail('victim');
    const victim = uniqueIp();
    const own = await requestLink(app, email, victim);
    const attacker = uniqueIp();
    for (let i = 0; i < 5; i++) await requestLink(app, email, attacker);
    expect(await verify({ email, code: own.code }, victim)).toMatchObject({ status: 200, body: { email } });
  });

  it("a stranger's wrong codes do not spend the victim's link", async () => {
    const email = uniqueEmail('victim');
    const victim = uniqueIp();
    const own = await requestLink(app, email, victim);
    for (let i = 0; i < 25; i++) await verify({ email, code: wrong(own.code, i) }, uniqueIp());
    expect(await verify({ token: own.token }, victim)).toMatchObject({ status: 200, body: { email } });
  });

  it("a stranger's requests spend the stranger's allowance, not the victim's", async () => {
    const email = uniqueEmail('victim');
    const attacker = uniqueIp();
    for (let i = 0; i < 5; i++) await requestLink(app, email, attacker);
    expect(await call(app, 'POST', '/api/auth/email-link', { body: { email }, ip: attacker })).toMatchObject({
      status: 429,
      body: { message: authMessages.tooManyLinks },
    });
    const victim = uniqueIp();
    const own = await requestLink(app, email, victim);
    expect(await verify({ token: own.token }, victim)).toMatchObject({ status: 200, body: { email } });
  });
});
