// E-mail reminders and the crew's announcements (issue 27 part 6, decision 078): against a real SMTP server on
// loopback (test/smtp.ts) and the local push service that checks VAPID and decrypts (test/push-service.ts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp } from '../../test/auth';
import { createOperator } from '../../test/console';
import { type TestUser, addCheckpoint, api, createUser, getTestContext, unique } from '../../test/helpers';
import { type TestPushService, startPushService } from '../../test/push-service';
import { type TestSmtp, startSmtp } from '../../test/smtp';
import { announcements, mailQueue } from '../db/schema';
import { handOverEmails, queueUnlock } from '../reminders/queue';
import { createAnnouncement } from './announcements';

let push: TestPushService;
let smtp: TestSmtp;
let app: App;
let other: App;
let channel: string;
/** The apps' clock: weeks from the real time other tests' checkpoints use, within the visitors' 30-day sessions. */
let clock = Date.now() + 24 * 86_400_000 + 7_013_000;

beforeAll(async () => {
  [push, smtp] = await Promise.all([startPushService(), startSmtp()]);
  channel = unique('announce');
  // Their workers send when a test flushes them, not on their own between a test's steps.
  const options = { mailChannel: channel, now: () => clock, reminderPollMs: 3_600_000, mailPollMs: 3_600_000 };
  const env = { PUSH_SERVICES: push.url, SMTP_URL: smtp.url };
  [app, other] = await Promise.all([buildTestApp(env, options), buildTestApp(env, options)]);
});
afterAll(async () => {
  await app?.close();
  await other?.close();
  await push?.close();
  await smtp?.close();
});

const call = (on: App, user: TestUser, method: 'GET' | 'PUT' | 'DELETE', url: string, body?: object) =>
  on.inject({ method, url, headers: user.headers, ...(body ? { payload: body } : {}) });

/** A visitor who turns on e-mail reminders in the app's `language` (the reminders then speak it). */
async function withEmailReminder(language = 'en'): Promise<TestUser> {
  const user = await createUser();
  const response = await app.inject({
    method: 'PUT',
    url: '/api/reminders/email',
    headers: { ...user.headers, 'accept-language': language },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ email: true, push: false });
  return user;
}

async function withPushReminder(): Promise<{ user: TestUser; subscriberId: string }> {
  const user = await createUser();
  const { id, subscription } = push.subscriber();
  expect((await call(app, user, 'PUT', '/api/reminders/push', subscription)).statusCode).toBe(200);
  return { user, subscriberId: id };
}

/** A new unlock: a checkpoint opening a minute after the clock; the clock is then moved just past it. */
async function unlock(): Promise<{ opensAt: number; slug: string }> {
  const opensAt = Math.floor(clock / 1000) + 60;
  const { slug } = await addCheckpoint({ type: 'Str', startTime: opensAt, endTime: opensAt + 86_400 });
  clock = opensAt * 1000 + 1000;
  return { opensAt, slug };
}

/** Both instances queue and hand over what is due, then the mail workers send it. */
async function sendAll(): Promise<void> {
  await Promise.all([app.reminderWorker.flush(), other.reminderWorker.flush()]);
  await Promise.all([app.mailWorker.flush(), other.mailWorker.flush()]);
}

const mailsTo = (user: TestUser) => smtp.received.filter((mail) => mail.to.includes(user.email));
const pushesTo = (subscriberId: string) => push.received.filter((p) => p.subscriberId === subscriberId);

describe('e-mail reminders', () => {
  it('are off until turned on; at an unlock each visitor who turned them on gets one e-mail, in their language', async () => {
    const malay = await withEmailReminder('ms');
    const english = await withEmailReminder();
    const withdrew = await withEmailReminder();
    expect((await call(app, withdrew, 'DELETE', '/api/reminders/email')).json()).toMatchObject({ email: false });
    const never = await createUser();
    expect((await call(app, never, 'GET', '/api/reminders')).json()).toMatchObject({ email: false, push: false });
    // Erased and blocked visitors get nothing either.
    const erased = await withEmailReminder();
    const blocked = await withEmailReminder();
    const admin = await createOperator('admin');
    const { app: shared } = await getTestContext();
    for (const [who, action, payload] of [
      [erased, 'erase', { confirm: 'ERASE' }],
      [blocked, 'block', { reason: 'Two accounts' }],
    ] as const) {
      const done = await shared.inject({
        method: 'POST',
        url: `/api/console/participants/${who.id}/${action}`,
        headers: { cookie: admin.cookie },
        payload,
      });
      expect(done.statusCode).toBe(200);
    }

    await unlock();
    await sendAll();
    // Twice: nothing more is sent.
    await sendAll();

    const [mail, ...more] = mailsTo(malay);
    expect(more).toEqual([]);
    const { info } = await app.ctx.campaign.get();
    expect(mail!.parsed.subject).toBe(`${info.name}: pusat pemeriksaan hari ini sudah dibuka`);
    expect(mail!.parsed.text).toContain('Pusat pemeriksaan hari ini sudah dibuka.');
    expect(mail!.parsed.text).toContain(new URL('/checkpoints', app.ctx.env.PUBLIC_URL).toString());
    // Why it came, and how to stop it.
    expect(mail!.parsed.text).toContain('peringatan e-mel');
    expect(mailsTo(english).map((m) => m.parsed.subject)).toEqual([`${info.name}: today's checkpoint is open`]);
    expect(mailsTo(withdrew)).toEqual([]);
    expect(mailsTo(never)).toEqual([]);
    expect(mailsTo(erased)).toEqual([]);
    expect(mailsTo(blocked)).toEqual([]);
  });

  it('turned off after its e-mail was handed to the mail queue, nothing is sent', async () => {
    const user = await withEmailReminder();
    const { opensAt } = await unlock();
    const { database } = await getTestContext();
    const now = new Date(clock);
    // The worker's two steps by hand, so the mail worker has not sent yet when the visitor turns it off.
    await queueUnlock(database.db, opensAt, channel, now);
    const mail = { channel, secret: app.ctx.secret };
    expect(
      await handOverEmails(database.db, { mail, now, backlog: 1000, appName: 'Q', publicUrl: 'http://x.test' }),
    ).toBeGreaterThan(0);
    const queued = () => database.db.select().from(mailQueue).where(eq(mailQueue.recipient, user.email));
    expect((await queued()).map((row) => [row.kind, row.state])).toEqual([['reminder', 'queued']]);

    expect((await call(app, user, 'DELETE', '/api/reminders/email')).statusCode).toBe(200);
    await sendAll();
    expect(mailsTo(user)).toEqual([]);
    expect((await queued()).map((row) => [row.state, row.text])).toEqual([['withdrawn', '']]);
  });

  it('hands at most the backlog to the mail queue at a time, and the rest later', async () => {
    for (let i = 0; i < 3; i += 1) await withEmailReminder();
    const { opensAt } = await unlock();
    const { database } = await getTestContext();
    const now = new Date(clock);
    const mine = unique('backlog');
    await queueUnlock(database.db, opensAt, mine, now);
    const mail = { channel: mine, secret: app.ctx.secret };
    const handOver = () => handOverEmails(database.db, { mail, now, backlog: 2, appName: 'Q', publicUrl: 'http://x.test' });
    // Every e-mail opt-in of the database is queued on this channel: at least our three.
    expect(await handOver()).toBe(2);
    expect(await handOver()).toBe(0);
    await database.db.update(mailQueue).set({ state: 'sent' }).where(eq(mailQueue.channel, mine));
    expect(await handOver()).toBe(2);
    // Four handed, to four people: none twice.
    const recipients = (await database.db.select().from(mailQueue).where(eq(mailQueue.channel, mine))).map((r) => r.recipient);
    expect(new Set(recipients).size).toBe(4);
  });
});

describe('announcements', () => {
  it('show to the audience in their language, English where the crew wrote none, and not before their time', async () => {
    const admin = await createOperator('admin');
    const { app: shared } = await getTestContext();
    const post = (payload: object) =>
      shared.inject({ method: 'POST', url: '/api/console/announcements', headers: { cookie: admin.cookie }, payload });
    const texts = { en: `Dinner on deck 7 at 19:00 ${unique('a')}`, ms: 'Makan malam di dek 7 pukul 19:00' };
    const created = await post({ texts, audience: 'everyone', hours: 2, push: false, email: false });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    const visitor = await createUser();
    const banners = async (lang: string) =>
      (await api('GET', `/api/announcements?lang=${lang}`, visitor)).body.announcements as {
        id: number;
        text: string;
        lang: string;
      }[];
    expect((await banners('ms')).find((a) => a.id === id)).toEqual({ id, text: texts.ms, lang: 'ms' });
    expect((await banners('ta')).find((a) => a.id === id)).toEqual({ id, text: texts.en, lang: 'en' });

    // Later today in the campaign's zone: not yet shown.
    const later = new Date(Date.now() + 3 * 3_600_000);
    const { timeZone } = (await shared.ctx.campaign.get()).info;
    const wall = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' })
      .format(later)
      .replace(' ', 'T');
    const scheduled = await post({
      texts: { en: 'Later' },
      audience: 'everyone',
      showAt: wall,
      hours: 1,
      push: false,
      email: false,
    });
    expect(scheduled.statusCode).toBe(201);
    const scheduledId = scheduled.json<{ id: number }>().id;
    expect((await banners('en')).map((a) => a.id)).not.toContain(scheduledId);
    const listed = await shared.inject({ method: 'GET', url: '/api/console/announcements', headers: { cookie: admin.cookie } });
    const row = listed
      .json<{ announcements: { id: number; state: string; showAt: number }[] }>()
      .announcements.find((a) => a.id === scheduledId);
    expect(row?.state).toBe('scheduled');
    expect(Math.abs(row!.showAt - Math.floor(later.getTime() / 1000))).toBeLessThan(60);

    // Withdrawn: gone from the app.
    const withdrawn = await shared.inject({
      method: 'POST',
      url: `/api/console/announcements/${id}/withdraw`,
      headers: { cookie: admin.cookie },
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await banners('ms')).map((a) => a.id)).not.toContain(id);
    const again = await shared.inject({
      method: 'POST',
      url: `/api/console/announcements/${id}/withdraw`,
      headers: { cookie: admin.cookie },
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses what cannot be sent, with a sentence, and writes nothing', async () => {
    const admin = await createOperator('admin');
    const reviewer = await createOperator('reviewer');
    const { app: shared, database } = await getTestContext();
    const post = (cookie: string, payload: object) =>
      shared.inject({ method: 'POST', url: '/api/console/announcements', headers: { cookie }, payload });
    const before = (await database.db.select({ id: announcements.id }).from(announcements)).length;
    const base = { audience: 'everyone', hours: 1, push: false, email: false };
    const cases: [object, RegExp][] = [
      [{ ...base, texts: { en: '  ' } }, /Write the announcement in English/],
      [{ ...base, texts: { en: 'x'.repeat(301) } }, /at most 300 characters/],
      [{ ...base, texts: { en: 'Hi' }, hours: 0 }, /at least an hour/],
      [{ ...base, texts: { en: 'Hi' }, showAt: '2020-01-01T10:00' }, /That time has passed/],
      [{ ...base, texts: { en: 'Hi' }, audience: 'vips' }, /Choose who the announcement is for/],
    ];
    for (const [payload, sentence] of cases) {
      const refused = await post(admin.cookie, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(sentence);
    }
    expect((await post(reviewer.cookie, { ...base, texts: { en: 'Hi' } })).statusCode).toBe(403);
    expect((await database.db.select({ id: announcements.id }).from(announcements)).length).toBe(before);
  });

  it('"no answer today" reaches only those without an answer today, and its push and e-mail go once to who opted in', async () => {
    const { slug } = await unlock();
    const answered = await withPushReminder();
    const idle = await withPushReminder();
    const idleByMail = await withEmailReminder('zh-Hans');
    const notOptedIn = await createUser();
    // The unlock's own reminders first, so what follows is the announcement's alone.
    await sendAll();
    const answer = await app.inject({
      method: 'POST',
      url: `/api/checkpoints/${slug}/attempts`,
      headers: answered.user.headers,
      payload: { answer: 'Quackers' },
    });
    expect(answer.statusCode).toBe(200);
    const pushesBefore = (s: string) => pushesTo(s).length;
    const [answeredBefore, idleBefore] = [pushesBefore(answered.subscriberId), pushesBefore(idle.subscriberId)];

    const { database } = await getTestContext();
    const id = await createAnnouncement(
      database.db,
      {
        texts: { en: 'Nothing answered yet today? The quiz closes at midnight.', 'zh-Hans': '今天还没作答？测验午夜截止。' },
        audience: 'no_answer_today',
        hours: 3,
        push: true,
        email: true,
      },
      { actor: 'admin@crew.example.com', now: new Date(clock), timeZone: 'Asia/Singapore' },
    );
    await sendAll();
    await sendAll();

    const idlePushes = pushesTo(idle.subscriberId).slice(idleBefore);
    expect(idlePushes.map((p) => JSON.parse(p.text) as { tag: string; body: string })).toEqual([
      expect.objectContaining({ tag: `announcement-${id}`, body: 'Nothing answered yet today? The quiz closes at midnight.' }),
    ]);
    expect(pushesTo(answered.subscriberId).length).toBe(answeredBefore);
    const mails = mailsTo(idleByMail).filter((m) => m.parsed.text?.includes('测验午夜截止'));
    expect(mails).toHaveLength(1);
    expect(mailsTo(notOptedIn)).toEqual([]);

    // The banner: the idle visitor sees it, the one who answered does not.
    const bannerIds = async (user: TestUser) =>
      (await call(app, user, 'GET', '/api/announcements'))
        .json<{ announcements: { id: number }[] }>()
        .announcements.map((a) => a.id);
    expect(await bannerIds(idle.user)).toContain(id);
    expect(await bannerIds(answered.user)).not.toContain(id);
  });
});
