// Which client address the per-client sign-in limit counts (decision 018): the socket's, unless
// TRUST_PROXY names the proxies in front, and then the address the last trusted proxy saw.
import { authMessages } from '@quackquest/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp, call, newBrowser, productionEnv, uniqueEmail, uniqueIp } from '../../test/auth';
import { getTestContext } from '../../test/helpers';
import { type TestSmtp, startSmtp } from '../../test/smtp';
import { emailLinks } from '../db/schema';

const apps: App[] = [];
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await smtp.close();
});

async function appWith(env: Record<string, string>) {
  const app = await buildTestApp(env);
  apps.push(app);
  return app;
}

/** Sends a link from a socket address with an X-Forwarded-For header; returns the address counted. */
async function countedAddress(app: App, socket: string, forwardedFor: string): Promise<string | undefined> {
  const email = uniqueEmail('proxied');
  const sent = await call(app, 'POST', '/api/auth/email-link', {
    body: { email },
    ip: socket,
    headers: { 'x-forwarded-for': forwardedFor },
  });
  expect(sent.status).toBe(202);
  const { database } = await getTestContext();
  const [row] = await database.db.select({ clientIp: emailLinks.clientIp }).from(emailLinks).where(eq(emailLinks.email, email));
  return row?.clientIp;
}

describe('the client address behind a proxy', () => {
  it('without TRUST_PROXY, in production too, a rotating X-Forwarded-For does not escape the per-client limit', async () => {
    // A small per-IP limit (SIGNIN_LINKS_PER_IP, decision 015): 2 a minute (decision 058), so the test needs few requests.
    const app = await appWith({ ...productionEnv(smtp.url), SIGNIN_LINKS_PER_IP: '20' });
    const socket = uniqueIp();
    const ask = (i: number) =>
      call(app, 'POST', '/api/auth/email-link', {
        body: { email: uniqueEmail(`rotate${i}`) },
        ip: socket,
        cookie: newBrowser(),
        headers: { 'x-forwarded-for': uniqueIp() },
      });
    for (let i = 0; i < 2; i++) expect((await ask(i)).status).toBe(202);
    expect(await ask(2)).toMatchObject({ status: 429, body: { code: 'manySigningIn', message: authMessages.manySigningIn } });
    expect(await countedAddress(app, uniqueIp(), '203.0.113.9')).not.toBe('203.0.113.9');
  });

  it('with TRUST_PROXY=1, the address the proxy saw: the right-most hop, not what the client wrote', async () => {
    const app = await appWith({ TRUST_PROXY: '1' });
    const client = uniqueIp();
    // nginx appends the address it saw ($proxy_add_x_forwarded_for) to whatever the client sent.
    expect(await countedAddress(app, '10.9.9.9', `198.51.100.7, ${client}`)).toBe(client);
  });

  it('with TRUST_PROXY listing the proxies, only those are believed', async () => {
    const app = await appWith({ TRUST_PROXY: '10.1.0.0/16, 192.0.2.10' });
    // A client inside the trusted range would be taken for a proxy (uniqueIp gives 10.1.x.x one time in 256).
    let client = uniqueIp();
    while (client.startsWith('10.1.')) client = uniqueIp();
    expect(await countedAddress(app, '10.1.2.3', `198.51.100.7, ${client}`)).toBe(client);
    // Two trusted proxies in a row: the address the first one saw.
    expect(await countedAddress(app, '192.0.2.10', `198.51.100.7, ${client}, 10.1.4.4`)).toBe(client);
    // A request straight from elsewhere: its header is not believed.
    let direct = uniqueIp();
    while (direct.startsWith('10.1.')) direct = uniqueIp();
    expect(await countedAddress(app, direct, '198.51.100.7')).toBe(direct);
  });
});
