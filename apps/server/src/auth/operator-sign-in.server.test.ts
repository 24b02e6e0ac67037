// A stranger with an operator's address (the Reply-To of winner e-mails) cannot keep the operator out of the
// console (issue 29, decision 056): the stranger's link requests and wrong codes spend the stranger's own budget,
// and every link sent to an operator address opens the console.
import { OPERATOR_CODE_DIGITS, SIGNIN_CODE_DIGITS } from '@quackquest/contract';
import { describe, expect, it } from 'vitest';
import { type App, call, cookieFrom, uniqueEmail, uniqueIp } from '../../test/auth';
import { getTestContext } from '../../test/helpers';
import { CLI_ACTOR } from '../audit/audit';
import { addOperator } from '../operators/operators';

interface Mail {
  link: string;
  code: string;
}

async function inbox(app: App, email: string): Promise<Mail[]> {
  const outbox = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  return outbox.json<Mail[]>();
}

/** Asks for a link as a browser (its qq_browser cookie, or a new one) and returns that browser's cookie. */
async function ask(app: App, email: string, ip: string, returnTo: string, browser?: string) {
  const sent = await call(app, 'POST', '/api/auth/email-link', { body: { email, returnTo }, ip, cookie: browser });
  return { status: sent.status, browser: browser ?? cookieFrom(sent.headers, 'qq_browser') };
}

const wrongCodes = (digits: number, count: number) =>
  Array.from({ length: count }, (_, i) => String(10 ** (digits - 1) + 7919 * i).padStart(digits, '0'));

describe("an operator's sign-in (decision 056)", () => {
  it("a stranger's link requests from two IPs and 20 wrong codes leave the operator signing in to the console at once", async () => {
    const { app, database } = await getTestContext();
    const email = uniqueEmail('crew');
    await addOperator(database.db, { email, role: 'reviewer', actor: CLI_ACTOR, now: new Date() });

    // The stranger: 5 visitor links from each of two IPs, as one browser each, until the IP is refused.
    const strangers = [uniqueIp(), uniqueIp()];
    const browsers: string[] = [];
    for (const ip of strangers) {
      let browser: string | undefined;
      for (let i = 0; i < 5; i++) {
        const asked = await ask(app, email, ip, '/', browser);
        expect(asked.status).toBe(202);
        browser = asked.browser;
      }
      expect((await ask(app, email, ip, '/', browser)).status).toBe(429);
      browsers.push(browser!);
    }
    // 20 wrong codes: from the stranger's browsers, of both lengths, and from nowhere in particular.
    const guesses = [
      ...wrongCodes(OPERATOR_CODE_DIGITS, 8).map((code) => ({ code, cookie: browsers[0], ip: strangers[0] })),
      ...wrongCodes(OPERATOR_CODE_DIGITS, 6).map((code) => ({ code, cookie: browsers[1], ip: strangers[1] })),
      ...wrongCodes(SIGNIN_CODE_DIGITS, 6).map((code) => ({ code, cookie: undefined, ip: uniqueIp() })),
    ];
    for (const guess of guesses) {
      const reply = await call(app, 'POST', '/api/auth/email-link/verify', {
        body: { email, code: guess.code },
        ip: guess.ip,
        cookie: guess.cookie,
      });
      expect([400, 429]).toContain(reply.status);
    }

    // Every e-mail the stranger had sent opens the console, whatever they asked for.
    const sentByStranger = await inbox(app, email);
    expect(sentByStranger).toHaveLength(10);
    for (const mail of sentByStranger) expect(new URL(mail.link).pathname).toBe('/console');

    // The operator, on a phone of their own: a link at once, its code typed in the same browser, the console.
    const phone = uniqueIp();
    const own = await ask(app, email, phone, '/console');
    expect(own.status).toBe(202);
    const mail = (await inbox(app, email)).at(-1)!;
    expect(new URL(mail.link).pathname).toBe('/console');
    expect(mail.code).toMatch(new RegExp(`^\\d{${OPERATOR_CODE_DIGITS}}$`));
    const verified = await call(app, 'POST', '/api/auth/email-link/verify', {
      body: { email, code: mail.code },
      ip: phone,
      cookie: own.browser,
    });
    expect([verified.status, verified.body.email]).toEqual([200, email]);
    const signedIn = await call(app, 'POST', '/api/auth/console', { body: { idToken: verified.body.idToken }, ip: phone });
    expect([signedIn.status, signedIn.body]).toEqual([200, { email, role: 'reviewer', timeZone: 'Asia/Singapore' }]);

    // And the link itself, opened anywhere (the laptop), signs them in too.
    const laptop = uniqueIp();
    expect((await ask(app, email, laptop, '/')).status).toBe(202);
    const token = new URL((await inbox(app, email)).at(-1)!.link).searchParams.get('token');
    const byLink = await call(app, 'POST', '/api/auth/email-link/verify', { body: { token }, ip: laptop });
    expect(byLink.status).toBe(200);
    const again = await call(app, 'POST', '/api/auth/console', { body: { idToken: byLink.body.idToken }, ip: laptop });
    expect([again.status, again.body]).toEqual([200, { email, role: 'reviewer', timeZone: 'Asia/Singapore' }]);
  });

  it("compares an operator's code only with the links its own browser asked for, five wrong codes each", async () => {
    const { app, database } = await getTestContext();
    const email = uniqueEmail('crew');
    await addOperator(database.db, { email, role: 'staff', actor: CLI_ACTOR, now: new Date() });
    const ip = uniqueIp();
    const mine = await ask(app, email, ip, '/console');
    const { code } = (await inbox(app, email)).at(-1)!;
    const verify = (cookie: string | undefined, typed = code) =>
      call(app, 'POST', '/api/auth/email-link/verify', { body: { email, code: typed }, ip, cookie });
    // The right code from another browser, or from none, is not this link's.
    expect((await verify('qq_browser=another-browser-entirely-000')).status).toBe(400);
    expect((await verify(undefined)).status).toBe(400);
    // Five wrong codes in its own browser spend the link's code (not its token).
    for (const wrong of wrongCodes(OPERATOR_CODE_DIGITS, 5)) expect((await verify(mine.browser, wrong)).status).toBe(400);
    expect((await verify(mine.browser)).status).toBe(429);
  });

  it("a visitor's address keeps the visitors' limits and the link it asked for", async () => {
    const { app } = await getTestContext();
    const email = uniqueEmail('visitor');
    for (const ip of [uniqueIp(), uniqueIp()]) {
      for (let i = 0; i < 5; i++) expect((await ask(app, email, ip, '/')).status).toBe(202);
    }
    expect((await ask(app, email, uniqueIp(), '/')).status).toBe(429);
    const mail = (await inbox(app, email)).at(-1)!;
    expect(new URL(mail.link).pathname).toBe('/');
    expect(mail.code).toMatch(new RegExp(`^\\d{${SIGNIN_CODE_DIGITS}}$`));
  });
});
