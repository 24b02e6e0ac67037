import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp, call, productionEnv, uniqueEmail, uniqueIp } from '../../test/auth';
import { getTestContext } from '../../test/helpers';
import { startSmtp } from '../../test/smtp';
import type { OutboxEntry } from '../mail/mailer';

let shared: App;
const apps: App[] = [];

beforeAll(async () => {
  shared = (await getTestContext()).app;
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

/** An app whose log lines are kept, to check what reaches the logs. */
async function appWithLog(env: Record<string, string>) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = await buildTestApp(env, { logger: { level: 'info', stream } });
  apps.push(app);
  return { app, lines };
}

describe('dev outbox', () => {
  it('returns what was sent to an address as [{to, subject, text, link, code, sentAt}]', async () => {
    const email = uniqueEmail('outbox');
    const before = Date.now();
    const sent = await call(shared, 'POST', '/api/auth/email-link', { body: { email, returnTo: '/signup' }, ip: uniqueIp() });
    expect(sent.status).toBe(202);
    const reply = await call(shared, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email.toUpperCase())}`);
    expect(reply.status).toBe(200);
    const mails = reply.body as unknown as OutboxEntry[];
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(Object.keys(mail).sort()).toEqual(['code', 'link', 'sentAt', 'subject', 'text', 'to']);
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe('Finish signing up to QuackQuest');
    expect(mail.link).toMatch(/^http:\/\/localhost:3000\/signup\?token=[\w-]{20,}$/);
    expect(mail.code).toMatch(/^\d{8}$/);
    expect(mail.text).toContain(mail.link);
    expect(mail.text).toContain(mail.code);
    expect(Date.parse(mail.sentAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await call(shared, 'GET', `/api/dev/outbox?to=${encodeURIComponent(uniqueEmail('nobody'))}`)).body).toEqual([]);
    expect((await call(shared, 'GET', '/api/dev/outbox')).status).toBe(400);
  });

  it('answers only this machine, judged by the socket: from elsewhere it is a 404 like any unknown path', async () => {
    const email = uniqueEmail('remote');
    await call(shared, 'POST', '/api/auth/email-link', { body: { email }, ip: uniqueIp() });
    const path = `/api/dev/outbox?to=${encodeURIComponent(email)}`;
    for (const ip of ['::1', '::ffff:127.0.0.1', '127.0.0.1']) {
      expect((await call(shared, 'GET', path, { ip })).status).toBe(200);
    }
    const unknown = await call(shared, 'GET', '/api/dev/nothing');
    for (const ip of ['192.168.1.20', '10.0.0.7', '::ffff:192.168.1.20']) {
      const reply = await call(shared, 'GET', path, { ip });
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe(unknown.body.message?.replace('/api/dev/nothing', '/api/dev/outbox'));
      expect(JSON.stringify(reply.body)).not.toContain('token');
      // A bad query from elsewhere does not reveal the route either.
      expect((await call(shared, 'GET', '/api/dev/outbox', { ip })).status).toBe(404);
    }
    // Behind a trusted proxy, an X-Forwarded-For of 127.0.0.1 does not make a remote visitor local.
    const proxied = await buildTestApp({ TRUST_PROXY: '1' });
    apps.push(proxied);
    const viaProxy = await call(proxied, 'GET', path, { ip: '10.0.0.7', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(viaProxy.status).toBe(404);
  });

  it('logs the link in development, where it is how a newcomer signs in', async () => {
    const { app, lines } = await appWithLog({ NODE_ENV: 'development' });
    const email = uniqueEmail('devlog');
    expect((await call(app, 'POST', '/api/auth/email-link', { body: { email }, ip: uniqueIp() })).status).toBe(202);
    const [mail] = (await call(app, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)).body as unknown as {
      link: string;
    }[];
    expect(lines.join('')).toContain(mail!.link);
  });

  it('does not exist in production, and no sign-in link reaches the logs there', async () => {
    const smtp = await startSmtp();
    const { app: production, lines } = await appWithLog(productionEnv(smtp.url));
    const email = uniqueEmail('prod');
    const sent = await call(production, 'POST', '/api/auth/email-link', { body: { email }, ip: uniqueIp() });
    expect(sent.status).toBe(202);
    // The link went out by e-mail, and only there.
    const mail = await smtp.waitFor(email);
    await smtp.close();
    expect(mail.parsed.text).toMatch(/token=/);
    const reply = await call(production, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(reply.status).toBe(404);
    expect(JSON.stringify(reply.body)).not.toContain(email);
    const log = lines.join('');
    expect(log).not.toMatch(/token=/);
    expect(log).not.toMatch(/"code"/);
    expect(log).not.toContain(email);
  });
});
