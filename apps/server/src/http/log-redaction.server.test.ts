// Request logs never hold a credential (decision 018): the path is kept, the secret values are not.
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp, call } from '../../test/auth';
import { redactUrl } from './log-redaction';

const apps: App[] = [];

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

/** An app at LOG_LEVEL=info whose log lines are kept, with a route that fails on the server's side. */
async function appWithLog(env: Record<string, string> = {}) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = await buildTestApp(env, { logger: { level: 'info', stream } }, (built) => {
    built.get('/api/test/boom', { config: { public: true } }, async () => {
      throw new Error('the database went away');
    });
  });
  apps.push(app);
  return { app, lines };
}

describe('request logs', () => {
  it('keep paths but not magic-link tokens, OAuth codes, upload signatures, S3 credentials or cookies', async () => {
    const { app, lines } = await appWithLog();
    const requests: [string, string, Record<string, string>?][] = [
      ['GET', '/signup?token=SECRET-magic-link-token'],
      ['GET', '/login?Token=SECRET-capital-token&returnTo=%2F'],
      ['GET', '/api/auth/google/callback?code=SECRET-oauth-code&state=SECRET-oauth-state'],
      ['GET', '/api/me', { cookie: 'qq_session=SECRET-session-cookie' }],
      ['GET', '/api/me', { authorization: 'Bearer SECRET-bearer' }],
      ['GET', '/api/uploads/photo.jpg?exp=1999999999&sig=SECRET-upload-signature'],
      ['GET', '/photo.jpg?X-Amz-Credential=SECRET-amz-credential&X-Amz-Signature=SECRET-amz-signature&X-Amz-Expires=300'],
      ['GET', '/api/test/boom?token=SECRET-in-a-failing-request'],
    ];
    for (const [method, url, headers] of requests) {
      await app.inject({ method: method as 'GET', url, headers: headers ?? {} });
    }
    const log = lines.join('');
    expect(log).not.toContain('SECRET');
    for (const path of [
      '/signup?token=[redacted]',
      '/api/auth/google/callback?code=[redacted]',
      '/api/uploads/photo.jpg?exp=1999999999&sig=[redacted]',
    ]) {
      expect(log).toContain(path);
    }
    expect(log).toContain('returnTo=%2F');
    expect(log).toContain('X-Amz-Expires=300');
    // The failing request was logged, with its error, and still without its token.
    expect(log).toContain('the database went away');
    expect(log).toContain('/api/test/boom?token=[redacted]');
  });

  it('in development keep the sign-in link in the dev outbox line, which is how a newcomer signs in', async () => {
    const { app, lines } = await appWithLog({ NODE_ENV: 'development' });
    const sent = await call(app, 'POST', '/api/auth/email-link', { body: { email: 'log-dev@example.com' }, ip: '10.77.0.1' });
    expect(sent.status).toBe(202);
    // The mail queue's worker delivers it to the dev outbox (decision 025).
    await app.mailWorker.flush();
    expect(lines.join('')).toMatch(/"link":"http:\/\/localhost:3000\/\?token=[\w-]{20,}"/);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/checkpoints', '/checkpoints'],
    ['/a?b=1&token=x&c', '/a?b=1&token=[redacted]&c'],
    ['/a?to%6Ben=x', '/a?to%6Ben=[redacted]'],
    ['/a?sig', '/a?sig=[redacted]'],
    ['/a?%E0%A4%A=1', '/a?%E0%A4%A=1'],
    // The helpdesk's search words and the prize desk's voucher codes are a visitor's (issue 29 part 3).
    ['/api/console/participants?q=ada%40example.com&limit=20', '/api/console/participants?q=[redacted]&limit=20'],
    ['/api/console/vouchers/QQ-7K2M-9XPD', '/api/console/vouchers/[redacted]'],
    ['/api/console/vouchers/QQ-7K2M-9XPD/redeem', '/api/console/vouchers/[redacted]/redeem'],
    ['/api/dev/outbox?to=ada%40example.com', '/api/dev/outbox?to=[redacted]'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
