// An operator signs in to the console with the visitors' e-mail link (docs/product.md §14, decision 019): the
// link, its idToken from this browser, POST /api/auth/console, then the console session's cookie.
import { consoleMessages } from '@quackquest/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, cookieFrom, idTokenFor, setCookieLine, uniqueEmail, uniqueIp } from '../../test/auth';
import { createOperator } from '../../test/console';
import { createUser, getTestContext } from '../../test/helpers';
import { CLI_ACTOR } from '../audit/audit';
import { auditLog } from '../db/schema';
import { addOperator } from './operators';

async function auditRows(actor: string, action: string) {
  const { database } = await getTestContext();
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actor, actor), eq(auditLog.action, action)));
}

describe('console sign-in', () => {
  it('an operator signs in through the e-mail link, and /api/console/me knows them', async () => {
    const { app, database } = await getTestContext();
    const email = uniqueEmail('crew');
    await addOperator(database.db, { email, role: 'reviewer', actor: CLI_ACTOR, now: new Date() });
    const ip = uniqueIp();
    const sent = await call(app, 'POST', '/api/auth/email-link', { body: { email, returnTo: '/console' }, ip });
    expect(sent.status).toBe(202);
    const outbox = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
    const link = new URL(outbox.json<{ link: string }[]>().at(-1)!.link);
    expect(link.pathname).toBe('/console');
    const verified = await call(app, 'POST', '/api/auth/email-link/verify', {
      body: { token: link.searchParams.get('token') },
      ip,
    });
    const idToken = verified.body.idToken as string;

    const signedIn = await call(app, 'POST', '/api/auth/console', { body: { idToken }, ip });
    expect([signedIn.status, signedIn.body]).toEqual([200, { email, role: 'reviewer', timeZone: 'Asia/Singapore' }]);
    const line = setCookieLine(signedIn.headers, 'qq_console') ?? '';
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Strict/);
    expect(line).toMatch(/Path=\/api\/console/);
    const cookie = cookieFrom(signedIn.headers, 'qq_console')!;
    const me = await call(app, 'GET', '/api/console/me', { cookie });
    expect([me.status, me.body]).toEqual([200, { email, role: 'reviewer', timeZone: 'Asia/Singapore' }]);
    expect(await auditRows(email, 'console.sign_in')).toMatchObject([{ subject: email, after: { role: 'reviewer' } }]);

    // The proof starts one session only.
    const again = await call(app, 'POST', '/api/auth/console', { body: { idToken }, ip });
    expect(again.status).toBe(401);

    const out = await call(app, 'POST', '/api/console/session/logout', { cookie });
    expect(out.status).toBe(200);
    expect((await call(app, 'GET', '/api/console/me', { cookie })).status).toBe(401);
    expect(await auditRows(email, 'console.sign_out')).toHaveLength(1);
  });

  it('refuses an address without a role with a clear 403, and sets no cookie', async () => {
    const { app } = await getTestContext();
    const visitor = await createUser();
    const idToken = await idTokenFor(app, visitor.email);
    const refused = await call(app, 'POST', '/api/auth/console', { body: { idToken } });
    expect([refused.status, refused.body]).toEqual([403, { code: 'noRole', message: consoleMessages.noRole }]);
    expect(cookieFrom(refused.headers, 'qq_console')).toBeUndefined();
    expect(await auditRows(visitor.email, 'console.sign_in')).toEqual([]);
  });

  it('refuses a proof issued to another browser', async () => {
    const { app, database } = await getTestContext();
    const email = uniqueEmail('crew');
    await addOperator(database.db, { email, role: 'staff', actor: CLI_ACTOR, now: new Date() });
    const idToken = await idTokenFor(app, email);
    const refused = await call(app, 'POST', '/api/auth/console', {
      body: { idToken },
      cookie: 'qq_browser=another-browser-entirely-000',
    });
    expect(refused.status).toBe(401);
  });

  it("makes the campaign's operator.emails admins without an operators row", async () => {
    const { app } = await getTestContext();
    // campaigns/singapore-2025 (the demo pack's base): operator.emails [ops@example.com]; any case signs in.
    const idToken = await idTokenFor(app, 'Ops@Example.com');
    const signedIn = await call(app, 'POST', '/api/auth/console', { body: { idToken } });
    expect([signedIn.status, signedIn.body]).toEqual([
      200,
      { email: 'ops@example.com', role: 'admin', timeZone: 'Asia/Singapore' },
    ]);
    const cookie = cookieFrom(signedIn.headers, 'qq_console')!;
    expect((await call(app, 'GET', '/api/console/operators', { cookie })).status).toBe(200);
  });

  it('reads the role on every request: a changed role applies at once, a removed operator is out', async () => {
    const { app } = await getTestContext();
    const admin = await createOperator('admin');
    const crew = await createOperator('reviewer');
    expect((await call(app, 'GET', '/api/console/operators', { cookie: crew.cookie })).status).toBe(403);
    const promoted = await call(app, 'POST', '/api/console/operators', {
      cookie: admin.cookie,
      body: { email: crew.email, role: 'admin' },
    });
    expect([promoted.status, promoted.body]).toEqual([201, { email: crew.email, role: 'admin' }]);
    expect((await call(app, 'GET', '/api/console/operators', { cookie: crew.cookie })).status).toBe(200);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/console/operators/${crew.email}`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/console/me', { cookie: crew.cookie })).status).toBe(401);
  });
});
