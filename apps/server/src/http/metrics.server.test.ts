// GET /metrics (http/metrics.ts): off without METRICS_TOKEN, only for the bearer of it, labelled by route pattern.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp, call, uniqueEmail, uniqueIp } from '../../test/auth';
import { addCheckpoint, createUser, getTestContext, unique } from '../../test/helpers';
import { scratchDir } from '../../test/scratch';
import { parseEnv } from '../config/env';
import { enqueueMail } from '../mail/queue';
import { createStorage } from '../uploads/storage';

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
    expect(valueOf(text, 'qq_review_pending_answers')).toBeGreaterThanOrEqual(0);
    // The runtime's own metrics under their standard names, not renamed with the app's prefix.
    expect(text).toContain('\nprocess_cpu_seconds_total ');
    expect(text).not.toContain('qq_process_');
    // The build, as Prometheus's *_info convention has it: 1, with the version and the commit as labels.
    expect(text).toMatch(/^qq_build_info\{version="0\.0\.0",commit="([0-9a-f]{7,40}|unknown)"\} 1$/m);
    // A batched read (db/batch.ts) is counted by its kind.
    const visitor = await createUser();
    await call(app, 'GET', '/api/checkpoints', { cookie: visitor.cookie });
    const after = (await scrape(app, `Bearer ${TOKEN}`)).body;
    expect(valueOf(after, 'qq_read_batch_size_count{read="checkpoint_progress"}')).toBeGreaterThanOrEqual(1);
    const busy = valueOf(text, 'qq_db_pool_connections{state="busy"}') ?? 0;
    expect(busy + (valueOf(text, 'qq_db_pool_connections{state="idle"}') ?? 0)).toBeGreaterThan(0);
    expect(valueOf(text, 'qq_db_pool_waiting_queries')).toBeGreaterThanOrEqual(0);
  });

  it('names and types every series as Prometheus has it: counters end in _total, one kind of thing per metric', async () => {
    const app = await buildTestApp({ METRICS_TOKEN: TOKEN });
    apps.push(app);
    const text = (await scrape(app, `Bearer ${TOKEN}`)).body;
    const types = new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
    const ours = [...types].filter(([name]) => name.startsWith('qq_'));
    expect(ours.length).toBeGreaterThan(15);
    for (const [name, type] of ours) {
      expect(`${name} ${type}`).toMatch(type === 'counter' ? /_total counter$/ : /^(?!.*_total ).*/);
      // A unit, when there is one, is a base unit at the end: seconds, never ms or minutes.
      expect(name).not.toMatch(/_(ms|milliseconds|minutes|hours|last_hour|last_day)(_|$)/);
    }
    for (const name of ['qq_mail_sent_total', 'qq_mail_send_failures_total', 'qq_photo_store_errors_total', 'qq_db_errors_total'])
      expect(types.get(name)).toBe('counter');
    for (const name of ['qq_mail_queued_emails', 'qq_mail_oldest_queued_age_seconds', 'qq_review_oldest_pending_age_seconds'])
      expect(types.get(name)).toBe('gauge');
    // Each failure counter has its series from the start (at 0), so the first failure is an increase.
    expect(valueOf(text, 'qq_photo_store_errors_total{operation="put"}')).toBe(0);
    expect(valueOf(text, 'qq_db_errors_total{kind="timeout"}')).toBe(0);
    expect(valueOf(text, 'qq_dependency_up{dependency="database"}')).toBe(1);
    expect(valueOf(text, 'qq_dependency_up{dependency="storage"}')).toBe(1);
    expect(text).not.toMatch(/^qq_mail_queue\{/m);
  });

  it('counts a failed query by its kind', async () => {
    const app = await buildTestApp({ METRICS_TOKEN: TOKEN });
    apps.push(app);
    const { database } = await getTestContext();
    const before = valueOf((await scrape(app, `Bearer ${TOKEN}`)).body, 'qq_db_errors_total{kind="statement"}') ?? 0;
    await expect(database.db.execute(sql`select 1 / 0`)).rejects.toThrow();
    const after = valueOf((await scrape(app, `Bearer ${TOKEN}`)).body, 'qq_db_errors_total{kind="statement"}') ?? 0;
    expect(after - before).toBeGreaterThanOrEqual(1);
  });

  it('counts sends the SMTP server refused, and shows the server down, while the e-mail waits', async () => {
    const app = await buildTestApp({ METRICS_TOKEN: TOKEN, SMTP_URL: 'smtp://127.0.0.1:1' });
    apps.push(app);
    const email = uniqueEmail('smtp-down');
    expect((await call(app, 'POST', '/api/auth/email-link', { body: { email }, ip: uniqueIp() })).status).toBe(202);
    await app.mailWorker.flush();
    const text = (await scrape(app, `Bearer ${TOKEN}`)).body;
    expect(valueOf(text, 'qq_mail_send_failures_total')).toBe(1);
    expect(valueOf(text, 'qq_mail_sent_total')).toBe(0);
    expect(valueOf(text, 'qq_dependency_up{dependency="mail"}')).toBe(0);
    expect(valueOf(text, 'qq_mail_queued_emails')).toBeGreaterThanOrEqual(1);
  });

  it('counts and logs a photo the store could not write, answering 503 instead of "interrupted"', async () => {
    // A photo folder that cannot be made (its parent is a file): the store fails as a full disk does.
    const blocked = path.join(scratchDir('qq-store'), 'file');
    writeFileSync(blocked, '');
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildTestApp(
      { METRICS_TOKEN: TOKEN },
      { storage: createStorage(parseEnv({ DATA_DIR: blocked, NODE_ENV: 'test' })), logger: { level: 'error', stream } },
    );
    apps.push(app);
    const visitor = await createUser();
    const checkpoint = await addCheckpoint({ type: 'Upload', maxAttempts: 3 });
    const query = new URLSearchParams({
      filetype: 'image/jpeg',
      filename: 'x.jpg',
      checkpointId: checkpoint.slug,
      filesize: '4',
    });
    const asked = await call(app, 'GET', `/api/uploads/url?${query.toString()}`, { cookie: visitor.cookie });
    expect(asked.status).toBe(200);
    const put = await app.inject({
      method: 'PUT',
      url: (asked.body as { uploadUrl: string }).uploadUrl,
      headers: { 'content-type': 'image/jpeg' },
      payload: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    });
    expect(put.statusCode).toBe(503);
    expect(put.json()).toMatchObject({ code: 'serverError' });
    const text = (await scrape(app, `Bearer ${TOKEN}`)).body;
    expect(valueOf(text, 'qq_photo_store_errors_total{operation="put"}')).toBe(1);
    expect(valueOf(text, 'qq_dependency_up{dependency="storage"}')).toBe(0);
    expect(lines.some((line) => line.includes('photo store failed') && line.includes('"operation":"put"'))).toBe(true);
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
    expect(valueOf(text, 'qq_mail_queued_emails')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'qq_mail_due_emails')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'qq_mail_oldest_queued_age_seconds')).toBeGreaterThanOrEqual(0);
  });
});
