// Reminders when a day's checkpoint opens (issue 27 part 6, decision 063), against a local push service that takes a
// message only with a valid VAPID signature and decrypts it with the subscriber's keys, as a browser would.
import { ERASE_CONFIRMATION } from '@quackquest/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp } from '../../test/auth';
import { createOperator } from '../../test/console';
import { type TestUser, addCheckpoint, createUser, getTestContext, unique } from '../../test/helpers';
import { type TestPushService, startPushService } from '../../test/push-service';
import { reminderOptIns, reminderQueue } from '../db/schema';

let push: TestPushService;
let app: App;
let other: App | undefined;
/**
 * The apps' clock: each test moves it to an unlock of its own, weeks from the real time other tests' checkpoints use
 * (and within the 30 days of the visitors' sessions).
 */
let clock = Date.now() + 20 * 86_400_000 + 1_033_000;

beforeAll(async () => {
  push = await startPushService();
  const channel = unique('reminders');
  // Their workers send when a test flushes them, not on their own between a test's steps.
  const options = { mailChannel: channel, now: () => clock, reminderPollMs: 3_600_000 };
  app = await buildTestApp({ PUSH_SERVICES: push.url }, options);
  other = await buildTestApp({ PUSH_SERVICES: push.url }, options);
});
afterAll(async () => {
  await app?.close();
  await other?.close();
  await push?.close();
});

const as = (user: TestUser, method: 'GET' | 'PUT' | 'DELETE', body?: object) =>
  app.inject({ method, url: method === 'GET' ? '/api/reminders' : '/api/reminders/push', headers: user.headers, payload: body });

/** A new unlock: a checkpoint opening a minute after the clock; the clock is then moved just past it. */
async function unlock(): Promise<number> {
  const opensAt = Math.floor(clock / 1000) + 60;
  await addCheckpoint({ type: 'Str', startTime: opensAt, endTime: opensAt + 86_400 });
  clock = opensAt * 1000 + 1000;
  return opensAt;
}

async function optedIn(): Promise<{ user: TestUser; subscriberId: string }> {
  const user = await createUser();
  const { id, subscription } = push.subscriber();
  const response = await as(user, 'PUT', subscription);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ push: true });
  return { user, subscriberId: id };
}

const pushesTo = (subscriberId: string) => push.received.filter((p) => p.subscriberId === subscriberId);

describe('the reminder opt-in', () => {
  it('is off until the visitor turns it on, records when, and records when it is turned off', async () => {
    const user = await createUser();
    const before = (await as(user, 'GET')).json<{ push: boolean; publicKey: string }>();
    expect(before.push).toBe(false);
    expect(before.publicKey).toMatch(/^[\w-]{87}$/);

    clock += 1000;
    expect((await as(user, 'PUT', push.subscriber().subscription)).json()).toMatchObject({ push: true });
    const { database } = await getTestContext();
    const [given] = await database.db.select().from(reminderOptIns).where(eq(reminderOptIns.userId, user.id));
    expect(given).toMatchObject({ channel: 'push', optedInAt: new Date(clock), withdrawnAt: null });

    clock += 1000;
    expect((await as(user, 'DELETE')).json()).toMatchObject({ push: false });
    const [withdrawn] = await database.db.select().from(reminderOptIns).where(eq(reminderOptIns.userId, user.id));
    // The consent's record stays (given, withdrawn); the device's address and keys do not.
    expect(withdrawn).toMatchObject({ optedInAt: given!.optedInAt, withdrawnAt: new Date(clock), endpoint: null, p256dh: null });
  });

  it('refuses a subscription at an address that is no push service we send to, and a malformed one, with a code', async () => {
    const user = await createUser();
    const { subscription } = push.subscriber();
    const internal = await as(user, 'PUT', { ...subscription, endpoint: 'http://127.0.0.1:5432/' });
    expect(internal.statusCode).toBe(400);
    expect(internal.json()).toMatchObject({ code: 'pushServiceUnknown' });
    const malformed = await as(user, 'PUT', { ...subscription, keys: { p256dh: 'short', auth: subscription.keys.auth } });
    expect(malformed.statusCode).toBe(400);
    const refusal = malformed.json<{ code: string; message: string }>();
    expect(refusal.code).toMatch(/^\w+$/);
    expect(refusal.message.length).toBeGreaterThan(0);
    expect((await as(user, 'GET')).json()).toMatchObject({ push: false });
  });
});

describe('at an unlock', () => {
  it('each opted-in visitor gets one encrypted, VAPID-signed push; who withdrew, never opted in or was erased gets nothing', async () => {
    const alice = await optedIn();
    const withdrew = await optedIn();
    expect((await as(withdrew.user, 'DELETE')).statusCode).toBe(200);
    const erased = await optedIn();
    const admin = await createOperator('admin');
    // On the shared app, whose clock is the real one the console session was made by.
    const erasure = await (
      await getTestContext()
    ).app.inject({
      method: 'POST',
      url: `/api/console/participants/${erased.user.id}/erase`,
      headers: { cookie: admin.cookie },
      payload: { confirm: ERASE_CONFIRMATION },
    });
    expect(erasure.statusCode).toBe(200);
    const never = await createUser();
    expect((await as(never, 'GET')).json()).toMatchObject({ push: false });

    const opensAt = await unlock();
    // Two instances on one queue, each queuing the unlock and sending what is due.
    await Promise.all([app.reminderWorker.flush(), other!.reminderWorker.flush()]);
    await app.reminderWorker.flush();

    expect(push.refused).toEqual([]);
    const [message, ...more] = pushesTo(alice.subscriberId);
    expect(more).toEqual([]);
    const payload = JSON.parse(message!.text) as Record<string, unknown>;
    const { info } = await (await getTestContext()).app.ctx.campaign.get();
    // The campaign's name, and the sentence in the visitor's language (English: they chose none).
    expect(payload).toEqual({
      title: info.name,
      body: "Today's checkpoint is open. Answer it and spin for ducks!",
      url: '/checkpoints',
      tag: `reminder-${opensAt}`,
      lang: 'en',
    });
    const { publicKey } = (await as(alice.user, 'GET')).json<{ publicKey: string }>();
    expect(message!.vapidKey).toBe(publicKey);
    expect(message!.headers.topic).toBe(`reminder-${opensAt}`);
    expect(Number(message!.headers.ttl)).toBeGreaterThan(0);
    expect(pushesTo(withdrew.subscriberId)).toEqual([]);
    expect(pushesTo(erased.subscriberId)).toEqual([]);
    const { database } = await getTestContext();
    expect(await database.db.select().from(reminderOptIns).where(eq(reminderOptIns.userId, erased.user.id))).toEqual([]);
  });

  it('a visitor who opts in after the unlock is not reminded of it', async () => {
    const opensAt = await unlock();
    const late = await optedIn();
    await app.reminderWorker.flush();
    expect(pushesTo(late.subscriberId).filter((p) => p.text.includes(`reminder-${opensAt}`))).toEqual([]);
  });

  it('a subscription the push service no longer knows (410) ends the opt-in; a failing service is tried again', async () => {
    const gone = await optedIn();
    const failing = await optedIn();
    push.answer(gone.subscriberId, 410);
    push.answer(failing.subscriberId, 503);
    await unlock();
    await app.reminderWorker.flush();
    expect((await as(gone.user, 'GET')).json()).toMatchObject({ push: false });
    const { database } = await getTestContext();
    const [waiting] = await database.db
      .select()
      .from(reminderQueue)
      .innerJoin(reminderOptIns, eq(reminderOptIns.id, reminderQueue.optInId))
      .where(and(eq(reminderOptIns.userId, failing.user.id), eq(reminderQueue.state, 'queued')));
    expect(waiting?.reminder_queue.lastError).toMatch(/^503/);

    // The service is back; past the retry delay the reminder goes, once.
    push.answer(failing.subscriberId);
    clock += 31_000;
    await app.reminderWorker.flush();
    expect(pushesTo(failing.subscriberId)).toHaveLength(1);
  });

  it('holds to PUSH_PER_MINUTE: the surplus waits in the queue for the next minute', async () => {
    // A clock of its own, so the other apps never see this unlock.
    let slowClock = clock + 5 * 86_400_000;
    const slow = await buildTestApp(
      { PUSH_SERVICES: push.url, PUSH_PER_MINUTE: '2' },
      { mailChannel: unique('reminders-rate'), now: () => slowClock, reminderPollMs: 3_600_000 },
    );
    try {
      await optedIn();
      await optedIn();
      await optedIn();
      const opensAt = Math.floor(slowClock / 1000) + 60;
      await addCheckpoint({ type: 'Str', startTime: opensAt, endTime: opensAt + 86_400 });
      slowClock = opensAt * 1000 + 1000;
      const sent = () => push.received.filter((p) => p.text.includes(`"reminder-${opensAt}"`)).length;
      await slow.reminderWorker.flush();
      expect(sent()).toBe(2);
      await slow.reminderWorker.flush();
      expect(sent()).toBe(2);
      slowClock += 61_000;
      await slow.reminderWorker.flush();
      expect(sent()).toBe(4);
    } finally {
      await slow.close();
    }
  });
});
