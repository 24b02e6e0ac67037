// Issue 12: a sign-in proof works only in the browser it was issued to, once; a sign-up link carries the
// form's details to whichever browser opens it; and no validator wording reaches a visitor.
import { authMessages } from '@quackquest/contract';
import { describe, expect, it } from 'vitest';
import { call, cookieFrom, requestLink, signupBody, uniqueEmail, uniqueIp } from '../../test/auth';
import { getTestContext } from '../../test/helpers';

const details = { fullName: 'Ada Lovelace', phone: '+65 8123 4567', instagram: '@ada' };

/** Verifies a link's token as a browser of its own: the idToken and that browser's binding cookie. */
async function verifyAs(token: string, cookie?: string) {
  const { app } = await getTestContext();
  const reply = await call(app, 'POST', '/api/auth/email-link/verify', { body: { token }, ip: uniqueIp(), cookie });
  expect(reply.status).toBe(200);
  return {
    idToken: reply.body.idToken as string,
    browser: cookieFrom(reply.headers, 'qq_browser') ?? cookie ?? '',
    body: reply.body,
  };
}

describe('login CSRF (issue 12)', () => {
  it("an attacker's idToken presented by the victim's browser signs nobody in", async () => {
    const { app } = await getTestContext();
    const attacker = uniqueEmail('attacker');
    const { token } = await requestLink(app, attacker, uniqueIp());
    const issued = await verifyAs(token);
    await call(app, 'POST', '/api/auth', { body: signupBody(attacker, issued.idToken), cookie: 'qq_browser=x' }); // refused below
    // The victim's browser has a binding of its own (it once asked for a link), or none at all.
    const { token: victimToken } = await requestLink(app, uniqueEmail('victim'), uniqueIp());
    const victim = await verifyAs(victimToken);
    for (const cookie of [victim.browser, '']) {
      const reply = await call(app, 'POST', '/api/auth', {
        body: { action: 'login', idToken: issued.idToken, email: attacker },
        cookie: cookie || 'unrelated=1',
      });
      expect(reply).toMatchObject({ status: 401, body: { message: authMessages.tokenOtherBrowser } });
      expect(cookieFrom(reply.headers, 'qq_session')).toBeUndefined();
    }
    // The attacker's own browser could still use it: the refusal is the binding.
    const own = await call(app, 'POST', '/api/auth', { body: signupBody(attacker, issued.idToken), cookie: issued.browser });
    expect(own.status).toBe(201);
  });

  it('the binding cookie is httpOnly, SameSite=Lax and sent only to /api/auth', async () => {
    const { app } = await getTestContext();
    const { token } = await requestLink(app, uniqueEmail('cookie'), uniqueIp());
    const reply = await call(app, 'POST', '/api/auth/email-link/verify', { body: { token }, ip: uniqueIp() });
    const line = String(reply.headers['set-cookie']);
    expect(line).toMatch(/qq_browser=[\w-]{20,}/);
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\/api\/auth/);
  });
});

describe('a sign-up link opened in another browser (issue 12)', () => {
  it('carries the form details to the browser that opens it, and the first browser then hears "already used"', async () => {
    const { app } = await getTestContext();
    const email = uniqueEmail('crossing');
    const ipA = uniqueIp();
    const sent = await call(app, 'POST', '/api/auth/email-link', {
      body: { email, returnTo: '/signup', signup: details },
      ip: ipA,
    });
    expect(sent.status).toBe(202);
    const mail = await requestLinkMail(email);
    // Browser B opens the link: it learns the details with its proof, and signs up without retyping.
    const b = await verifyAs(mail.token);
    expect(b.body).toMatchObject({ email, signup: details });
    const signup = await call(app, 'POST', '/api/auth', {
      body: signupBody(email, b.idToken, {
        userName: details.fullName,
        PhoneNumber: details.phone,
        InstagramHandle: details.instagram,
      }),
      cookie: b.browser,
    });
    expect(signup).toMatchObject({ status: 201, body: { email, userName: 'Ada Lovelace' } });
    // Browser A types the code from the same e-mail.
    const a = await call(app, 'POST', '/api/auth/email-link/verify', { body: { email, code: mail.code }, ip: ipA });
    expect(a).toMatchObject({ status: 400, body: { message: authMessages.codeUsed } });
    // A code that was never right still says so.
    const wrong = mail.code === '00000000' ? '11111111' : '00000000';
    const other = await call(app, 'POST', '/api/auth/email-link/verify', { body: { email, code: wrong }, ip: ipA });
    expect(other).toMatchObject({ status: 400, body: { message: authMessages.codeWrong } });
  });

  it('a sign-in link (returnTo /) keeps no details', async () => {
    const { app } = await getTestContext();
    const email = uniqueEmail('plain');
    expect((await call(app, 'POST', '/api/auth/email-link', { body: { email, returnTo: '/', signup: details } })).status).toBe(
      202,
    );
    const b = await verifyAs((await requestLinkMail(email)).token);
    expect(b.body.signup).toBeUndefined();
  });
});

async function requestLinkMail(email: string) {
  const { app } = await getTestContext();
  const outbox = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  const mail = outbox.json<{ link: string; code: string }[]>().at(-1)!;
  return { code: mail.code, token: new URL(mail.link).searchParams.get('token') ?? '' };
}

describe('input limits and clear refusals (issue 12)', () => {
  const long = (n: number) => 'x'.repeat(n);
  const zodWords = /too big|too small|expected|invalid input|received|<=|>=/i;

  it('every field of the sign-in calls is refused with a sentence a visitor understands', async () => {
    const { app } = await getTestContext();
    const email = uniqueEmail('limits');
    const cases: [string, unknown, string][] = [
      ['/api/auth/email-link', { email: `${long(250)}@example.com`, returnTo: '/' }, 'Email must be at most 254 characters.'],
      ['/api/auth/email-link', { email, returnTo: '/elsewhere' }, 'The field "returnTo" is not valid.'],
      [
        '/api/auth/email-link',
        { email, returnTo: '/signup', signup: { ...details, fullName: long(104) } },
        'Full name must be at most 100 characters.',
      ],
      [
        '/api/auth/email-link',
        { email, returnTo: '/signup', signup: { ...details, phone: long(41) } },
        'Phone number must be at most 40 characters.',
      ],
      [
        '/api/auth/email-link',
        { email, returnTo: '/signup', signup: { ...details, instagram: long(101) } },
        'Instagram handle must be at most 100 characters.',
      ],
      ['/api/auth/email-link/verify', { token: long(201) }, 'The sign-in link must be at most 200 characters.'],
      ['/api/auth/email-link/verify', { email: long(300), code: '12345678' }, 'Email must be at most 254 characters.'],
      ['/api/auth/email-link/verify', { email, code: '12' }, 'The code has 8 digits.'],
      ['/api/auth', signupBody(email, long(20), { userName: long(104) }), 'Full name must be at most 100 characters.'],
      ['/api/auth', signupBody(email, long(20), { PhoneNumber: long(41) }), 'Phone number must be at most 40 characters.'],
      [
        '/api/auth',
        signupBody(email, long(20), { InstagramHandle: long(101) }),
        'Instagram handle must be at most 100 characters.',
      ],
      ['/api/auth', signupBody(email, long(20), { email: long(255) }), 'Email must be at most 254 characters.'],
      ['/api/auth', signupBody(email, long(8001)), 'The sign-in proof must be at most 8000 characters.'],
      ['/api/auth', { action: 'login', idToken: long(20), email: 'not-an-address' }, 'Please enter a valid email address'],
      ['/api/auth', { action: 'login', email }, 'The sign-in proof is required.'],
      ['/api/auth', { action: 'elsewhere' }, 'The field "action" is not valid.'],
      ['/api/auth', [], authMessages.checkForm],
    ];
    for (const [url, body, message] of cases) {
      const reply = await call(app, 'POST', url, { body, ip: uniqueIp() });
      expect({ url, status: reply.status, message: reply.body.message }).toEqual({ url, status: 400, message });
    }
    const query = await call(app, 'GET', `/api/dev/outbox?to=${long(300)}`);
    expect(query).toMatchObject({ status: 400, body: { message: 'The field "to" must be at most 254 characters.' } });
    const google = await call(app, 'GET', '/api/auth/google?returnTo=/elsewhere');
    expect(google.status).toBe(400);
    expect(google.body.message).not.toMatch(zodWords);
  });
});
