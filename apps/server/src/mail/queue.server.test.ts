// The mail queue (decision 025) against a real SMTP server (test/smtp.ts): the sign-in request answers at once
// whatever the SMTP server does, the e-mail arrives once it is back, survives a restart, is sent once by two
// workers, keeps SIGNIN_MAIL_PER_MINUTE across instances, and is not sent after its link has expired.
import { authMessages } from '@quackquest/contract';
import { eq } from 'drizzle-orm';
import type { Pool } from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildTestApp, call, uniqueEmail, uniqueIp } from '../../test/auth';
import { getTestContext, unique } from '../../test/helpers';
import { type SmtpGate, type TestSmtp, startSmtp, startSmtpGate } from '../../test/smtp';
import { mailQueue } from '../db/schema';
import type { Db } from '../db/client';
import { overrideCacheSettings } from '../cache/per-app';
import { PRODUCTION_CACHES } from '../cache/settings';
import { COMMANDS } from '../ops/commands';
import type { Mail } from './mailer';
import { CLAIM_MS, type MailWorker, enqueueMail, startMailWorker } from './queue';

/** Waits for a condition the worker brings about; generous, for a loaded machine. */
const until = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 20_000, interval: 50 });

let smtp: TestSmtp;
let gate: SmtpGate;
const apps: App[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  gate = await startSmtpGate(smtp);
});

afterEach(async () => {
  gate.set('open');
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

afterAll(async () => {
  await gate?.close();
  await smtp?.close();
});

/** An instance serving `channel` of the queue, with a clock that a test can move forward. */
async function instance(channel: string, smtpUrl: string, env: Record<string, string> = {}) {
  const clock = { shift: 0 };
  const app = await buildTestApp({ SMTP_URL: smtpUrl, ...env }, { mailChannel: channel, now: () => Date.now() + clock.shift });
  apps.push(app);
  return { app, clock };
}

async function rowsTo(email: string) {
  const { database } = await getTestContext();
  return database.db.select().from(mailQueue).where(eq(mailQueue.recipient, email)).orderBy(mailQueue.id);
}

const requestLink = (app: App, email: string) => call(app, 'POST', '/api/auth/email-link', { body: { email }, ip: uniqueIp() });

describe('the mail queue', () => {
  it('answers at once while the SMTP server hangs, and the e-mail arrives after it is back', async () => {
    gate.set('silent');
    const { app, clock } = await instance(unique('hang'), gate.url);
    const email = uniqueEmail('hang');
    const reply = await requestLink(app, email);
    expect(reply).toMatchObject({ status: 202, body: { message: authMessages.linkSent } });
    // The worker is still waiting for the silent server: the answer did not wait for the e-mail.
    await until(() => expect(gate.held).toBeGreaterThan(0));
    const [queued] = await rowsTo(email);
    expect(queued).toMatchObject({ kind: 'sign_in', state: 'queued', attempts: 1, sealed: true, sentAt: null });
    expect(smtp.received.some((m) => m.to.includes(email))).toBe(false);

    // The server drops the connection: the attempt fails and is retried 10 s later.
    gate.set('open');
    await until(async () => expect((await rowsTo(email))[0]?.lastError).toBeTruthy());
    const [failed] = await rowsTo(email);
    expect(failed!.state).toBe('queued');
    expect(failed!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(5_000);
    clock.shift = 11_000;
    const mail = await smtp.waitFor(email);
    const token = new URL(/(https?:\/\/\S+\?token=[\w-]+)/.exec(mail.parsed.text ?? '')![1]!).searchParams.get('token')!;
    const code = /\b(\d{8})\b/.exec(mail.parsed.text ?? '')![1]!;

    // The link works, and the database never held it readable: sealed while queued, blank once sent.
    await until(async () => expect((await rowsTo(email))[0]?.state).toBe('sent'));
    const [sent] = await rowsTo(email);
    expect(sent).toMatchObject({ text: '', html: '', attempts: 2 });
    for (const row of [queued, failed, sent]) {
      const stored = JSON.stringify(row);
      expect(stored).not.toContain(token);
      expect(stored).not.toContain(code);
    }
    const verified = await call(app, 'POST', '/api/auth/email-link/verify', { body: { token }, ip: uniqueIp() });
    expect(verified).toMatchObject({ status: 200, body: { email } });
  });

  // PGlite's connections share one session: there the worker takes its turns on the requests' pool (decision 044).
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    "keeps sending while every connection of the requests' pool is taken (its own connections, decision 044)",
    async () => {
      const { database } = await getTestContext();
      const channel = unique('busy');
      const { app } = await instance(channel, smtp.url);
      // The campaign (the sender's name) kept for its 5 s and read once, as by any server whose e-mail starts.
      overrideCacheSettings(app.ctx, PRODUCTION_CACHES);
      expect((await call(app, 'GET', '/api/campaign')).status).toBe(200);
      const requestsPool = (database.db as unknown as { $client: Pool }).$client;
      const taken = await Promise.all(Array.from({ length: requestsPool.options.max }, () => requestsPool.connect()));
      try {
        const email = uniqueEmail('busy');
        const mail = { kind: 'winner_notice' as const, to: email, subject: 'Hi', text: 'Hi', html: 'Hi' };
        await enqueueMail(
          database.background!,
          { channel, secret: app.ctx.secret },
          { ...mail, expiresAt: new Date(Date.now() + 60_000) },
          new Date(),
        );
        app.mailWorker.nudge();
        await smtp.waitFor(email, { timeoutMs: 10_000 });
      } finally {
        for (const client of taken) client.release();
      }
    },
  );

  it('a restart loses no e-mail: a new instance on the same database sends what the old one could not', async () => {
    const channel = unique('restart');
    gate.set('refuse');
    const { app: before } = await instance(channel, gate.url);
    const email = uniqueEmail('restart');
    expect((await requestLink(before, email)).status).toBe(202);
    await until(async () => expect((await rowsTo(email))[0]?.lastError).toBeTruthy());
    await before.close();
    gate.set('open');
    const { clock } = await instance(channel, gate.url);
    clock.shift = 11_000;
    await smtp.waitFor(email);
  });

  it('a row claimed by a worker that died is sent by another instance once the claim has expired, and only once', async () => {
    const channel = unique('crash');
    gate.set('silent');
    const { app: stuck } = await instance(channel, gate.url);
    const email = uniqueEmail('crash');
    expect((await requestLink(stuck, email)).status).toBe(202);
    await until(() => expect(gate.held).toBeGreaterThan(0));
    // Another instance, after the claim: the stuck worker is as good as dead.
    const { app: other, clock } = await instance(channel, smtp.url);
    await other.mailWorker.flush();
    expect(smtp.received.some((m) => m.to.includes(email))).toBe(false);
    clock.shift = CLAIM_MS + 1_000;
    await smtp.waitFor(email);
    // The stuck send now fails; the row stays sent, and nothing is sent again.
    gate.set('open');
    await stuck.mailWorker.flush();
    await other.mailWorker.flush();
    expect(await rowsTo(email)).toEqual([expect.objectContaining({ state: 'sent' })]);
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('two workers on one database never send the same row twice', async () => {
    const channel = unique('pair');
    const [first, second] = [await instance(channel, smtp.url), await instance(channel, smtp.url)];
    const { database } = await getTestContext();
    const emails = Array.from({ length: 60 }, (_, i) => uniqueEmail(`pair${i}`));
    const now = new Date();
    await database.db.transaction(async (tx) => {
      for (const email of emails) {
        await enqueueMail(
          tx,
          { channel, secret: first.app.ctx.secret },
          {
            kind: 'winner_notice',
            to: email,
            subject: 'Hello',
            text: 'Hello',
            html: '<p>Hello</p>',
            expiresAt: new Date(now.getTime() + 60_000),
          },
          now,
        );
      }
    });
    await Promise.all([first.app.mailWorker.flush(), second.app.mailWorker.flush(), first.app.mailWorker.flush()]);
    await Promise.all(emails.map((email) => smtp.waitFor(email)));
    await Promise.all([first.app.mailWorker.flush(), second.app.mailWorker.flush()]);
    for (const email of emails) expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('sends at most SIGNIN_MAIL_PER_MINUTE from all instances together; the rest waits for the next minute', async () => {
    const channel = unique('rate');
    const limit = { SIGNIN_MAIL_PER_MINUTE: '3' };
    const [first, second] = [await instance(channel, smtp.url, limit), await instance(channel, smtp.url, limit)];
    const emails = Array.from({ length: 8 }, (_, i) => uniqueEmail(`rate${i}`));
    const replies = await Promise.all(emails.map((email, i) => requestLink(i % 2 ? first.app : second.app, email)));
    expect(replies.every((r) => r.status === 202)).toBe(true);
    const delivered = () => emails.filter((email) => smtp.received.some((m) => m.to.includes(email))).length;
    await Promise.all([first.app.mailWorker.flush(), second.app.mailWorker.flush()]);
    await until(() => expect(delivered()).toBe(3));
    await Promise.all([first.app.mailWorker.flush(), second.app.mailWorker.flush()]);
    expect(delivered()).toBe(3);
    first.clock.shift = second.clock.shift = 61_000;
    await Promise.all([first.app.mailWorker.flush(), second.app.mailWorker.flush()]);
    await until(() => expect(delivered()).toBe(6));
  });

  it('does not send a sign-in e-mail its link has outlived: it is marked expired and its body blanked', async () => {
    const channel = unique('expire');
    gate.set('refuse');
    const { app } = await instance(channel, gate.url);
    const email = uniqueEmail('expire');
    expect((await requestLink(app, email)).status).toBe(202);
    await until(async () => expect((await rowsTo(email))[0]?.lastError).toBeTruthy());
    gate.set('open');
    const { app: later, clock } = await instance(channel, smtp.url);
    clock.shift = 16 * 60_000;
    await later.mailWorker.flush();
    expect(await rowsTo(email)).toEqual([expect.objectContaining({ state: 'expired', text: '', html: '', sentAt: null })]);
    expect(smtp.received.some((m) => m.to.includes(email))).toBe(false);
  });

  it('ops mail:status shows what waits', async () => {
    const { database } = await getTestContext();
    const before = await mailStatus(database.db);
    await enqueueMail(
      database.db,
      { channel: unique('unserved'), secret: 'unused' },
      {
        kind: 'winner_notice',
        to: uniqueEmail('status'),
        subject: 'Hi',
        text: 'Hi',
        html: 'Hi',
        expiresAt: new Date(Date.now() + 60_000),
      },
      new Date(Date.now() - 90_000),
    );
    const after = await mailStatus(database.db);
    expect(after.queued).toBe(before.queued + 1);
    expect(after.oldestDueSeconds).toBeGreaterThanOrEqual(90);
  });
});

describe('the worker', () => {
  const workers: MailWorker[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  });

  /** A worker on its own channel of the test database, sending through `send` (no SMTP server). */
  async function worker(send: (mail: Mail) => Promise<void>, hooks?: Parameters<typeof startMailWorker>[0]['hooks']) {
    const { database } = await getTestContext();
    const channel = unique('worker');
    const errors: string[] = [];
    const log = { info: () => {}, warn: () => {}, error: (_: object, message: string) => errors.push(message) };
    const started = startMailWorker({
      db: database.db,
      mailer: { send, ready: () => Promise.resolve() },
      secret: 'worker-test-secret',
      channel,
      perMinute: 1_000,
      now: Date.now,
      log,
      ...(hooks ? { hooks } : {}),
    });
    workers.push(started);
    const queue = async (emails: string[]) => {
      for (const to of emails) {
        const now = new Date();
        const mail = {
          kind: 'winner_notice' as const,
          to,
          subject: 'Hi',
          text: 'Hi',
          html: 'Hi',
          expiresAt: new Date(now.getTime() + 60_000),
        };
        await enqueueMail(database.db, { channel, secret: 'worker-test-secret' }, mail, now);
      }
      started.nudge();
    };
    return { worker: started, queue, errors };
  }

  const states = async (emails: string[]) => (await Promise.all(emails.map(rowsTo))).map((rows) => rows[0]?.state);

  it('a stuck send holds back no other e-mail: those queued with it and after it are sent and marked meanwhile', async () => {
    const stuck = uniqueEmail('stuck');
    let release = () => {};
    const delivered: string[] = [];
    const { queue } = await worker(async (mail) => {
      if (mail.to === stuck) await new Promise<void>((resolve) => (release = resolve));
      delivered.push(mail.to);
    });
    const withIt = Array.from({ length: 4 }, (_, i) => uniqueEmail(`with${i}`));
    await queue([stuck, ...withIt]);
    await until(async () => expect(await states(withIt)).toEqual(withIt.map(() => 'sent')));
    const after = Array.from({ length: 4 }, (_, i) => uniqueEmail(`after${i}`));
    await queue(after);
    await until(async () => expect(await states(after)).toEqual(after.map(() => 'sent')));
    // All the while the first e-mail was still on its way.
    expect(delivered).not.toContain(stuck);
    expect(await states([stuck])).toEqual(['queued']);
    release();
    await until(async () => expect(await states([stuck])).toEqual(['sent']));
    expect(delivered).toHaveLength(9);
  });

  it("a row whose sent hook fails leaves the others of its batch marked; it alone waits for its claim's end", async () => {
    const bad = uniqueEmail('hookfails');
    const emails = [uniqueEmail('hook0'), bad, uniqueEmail('hook1'), uniqueEmail('hook2')];
    const {
      worker: started,
      queue,
      errors,
    } = await worker(() => Promise.resolve(), {
      winner_notice: {
        sent: (_tx, row) => (row.recipient === bad ? Promise.reject(new Error('notice gone')) : Promise.resolve()),
      },
    });
    await queue(emails);
    await started.flush();
    expect(await states(emails)).toEqual(['sent', 'queued', 'sent', 'sent']);
    expect((await rowsTo(bad))[0]!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(errors).toContain('e-mail sent but not marked; sent again when its claim expires');
  });
});

async function mailStatus(db: Db): Promise<{ queued: number; oldestDueSeconds: number }> {
  const command = COMMANDS.find((c) => c.name === 'mail:status')!;
  const { env } = await getTestContext().then(({ app }) => app.ctx);
  const printed = await command.run({ args: [], options: { json: true }, env, openDb: async () => db, cwd: '.' });
  return JSON.parse(printed) as { queued: number; oldestDueSeconds: number };
}
