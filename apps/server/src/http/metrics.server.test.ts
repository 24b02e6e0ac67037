// GET /metrics (http/metrics.ts): off without METRICS_TOKEN, only for the bearer of it, labelled by route pattern.
import { afterAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp, call, uniqueEmail, uniqueIp } from '../../test/auth';
import { createUser, getTestContext, unique } from '../../test/helpers';
import { enqueueMail } from '../mail/queue';

const TOKEN = 'metrics-token-for-tests-0123456789';
const apps: App[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function scrape(app: App, authorization?: string) {
  return app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
}

/** The value of one series in the exposition text, or undefined. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const app = await buildTestApp();
    apps.push(app);
    expect((await scrape(app, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });

  it('answers only the bearer of the token', async () => {
    const app = await buildTestApp({ METRICS_TOKEN: TOKEN });
    apps.push(app);
    expect((await scrape(app)).statusCode).toBe(401);
    expect((await scrape(app, `Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(app, TOKEN)).statusCode).toBe(401);
    const ok = await scrape(app, `Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
  });

  it('counts requests by route pattern, never by the address, and game events; shows the review backlog', async () => {
    const app = await buildTestApp({ METRICS_TOKEN: TOKEN });
    apps.push(app);
    expect(
      (await call(app, 'POST', '/api/auth/email-link', { body: { email: uniqueEmail('metrics') }, ip: uniqueIp() })).status,
    ).toBe(202);
    await call(app, 'GET', '/api/console/vouchers/QQ-SECRET-VOUCHER');
    const text = (await scrape(app, `Bearer ${TOKEN}`)).body;
    expect(valueOf(text, 'qq_events_total{event="sign_in_mail"}')).toBe(1);
    expect(valueOf(text, 'qq_http_request_duration_seconds_count{method="POST",route="/api/auth/email-link",status="202"}')).toBe(
      1,
    );
    expect(
      valueOf(text, 'qq_http_request_duration_seconds_count{method="GET",route="/api/console/vouchers/:code",status="401"}'),
    ).toBe(1);
    expect(text).not.toContain('QQ-SECRET-VOUCHER');
    expect(valueOf(text, 'qq_review_backlog{state="pending"}')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('qq_process_cpu_seconds_total');
    // The build, as Prometheus's *_info convention has it: 1, with the version and the commit as labels.
    expect(text).toMatch(/^qq_build_info\{version="0\.0\.0",commit="([0-9a-f]{7,40}|unknown)"\} 1$/m);
    // A batched read (db/batch.ts) is counted by its kind.
    const visitor = await createUser();
    await call(app, 'GET', '/api/checkpoints', { cookie: visitor.cookie });
    const after = (await scrape(app, `Bearer ${TOKEN}`)).body;
    expect(valueOf(after, 'qq_read_batch_size_count{read="checkpoint_progress"}')).toBeGreaterThanOrEqual(1);
    if (process.env.TEST_DB === 'postgres') expect(valueOf(text, 'qq_db_pool_connections{state="total"}')).toBeGreaterThan(0);
  });

  it('shows the mail queue: e-mail waiting, due, and how long the oldest due has waited', async () => {
    const app = await buildTestApp({ METRICS_TOKEN: TOKEN });
    apps.push(app);
    const { database } = await getTestContext();
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    // On a channel no worker serves: it stays due.
    await enqueueMail(
      database.db,
      { channel: unique('unserved'), secret: app.ctx.secret },
      {
        kind: 'winner_notice',
        to: uniqueEmail('waiting'),
        subject: 'Hi',
        text: 'Hi',
        html: 'Hi',
        expiresAt: new Date(Date.now() + 3_600_000),
      },
      twoMinutesAgo,
    );
    const text = (await scrape(app, `Bearer ${TOKEN}`)).body;
    expect(valueOf(text, 'qq_mail_queue{state="queued"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'qq_mail_queue{state="due"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'qq_mail_queue{state="oldest_due_seconds"}')).toBeGreaterThanOrEqual(120);
  });
});
