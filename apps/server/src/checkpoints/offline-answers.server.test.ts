// Answers kept on a phone while offline (decision 036): each is sent with an Idempotency-Key, counted once
// however often it is sent, and may arrive up to LATE_ANSWER_GRACE_SEC after its checkpoint closed when it
// was made before the close.
import { LATE_ANSWER_GRACE_SEC } from '@quackquest/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp } from '../../test/auth';
import { addCheckpoint, createUser, getTestContext, spin, type TestUser, unique } from '../../test/helpers';
import { attempts, checkpoints } from '../db/schema';

// The server's clock, moved by each test. `step`: how far each reading moves it, so that the same answer sent
// again is never within the 5-second duplicate window: only the key can make it count once.
let clock = Date.now();
let step = 0;
let app: App;

beforeAll(async () => {
  app = await buildTestApp({}, { now: () => (clock += step) });
});

afterAll(async () => {
  await app?.close();
});

const sec = () => Math.floor(clock / 1000);

async function answer(user: TestUser, slug: string, body: Record<string, unknown>, key?: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/checkpoints/${slug}/attempts`,
    headers: { ...user.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

async function countedAttempts(user: TestUser, checkpointId: number): Promise<number> {
  const { database } = await getTestContext();
  const rows = await database.db
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, user.id), eq(attempts.checkpointId, checkpointId), eq(attempts.counted, true)));
  return rows.length;
}

describe('Idempotency-Key on an answer', () => {
  it('the same key again returns the first result and counts nothing, even after later answers', async () => {
    step = 10_000;
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'MCQ' });
    const key = unique('answer');
    const first = await answer(user, cp.slug, { answer: 'a' }, key);
    expect(first).toMatchObject({ status: 200, body: { outcome: 'incorrect', attempts: 1 } });
    expect((await answer(user, cp.slug, { answer: 'c' }, unique('answer'))).body).toMatchObject({ attempts: 2 });
    // The first answer's response was lost: the phone sends it again, long after the duplicate window.
    expect(await answer(user, cp.slug, { answer: 'a' }, key)).toEqual(first);
    expect(await countedAttempts(user, cp.id)).toBe(2);
  });

  it('a resend after the checkpoint closed still gets its first result, not a refusal', async () => {
    step = 0;
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'Scan' });
    const key = unique('answer');
    const first = await answer(user, cp.slug, { answer: 'QQ-TEST-RIGHT' }, key);
    expect(first).toMatchObject({ status: 200, body: { outcome: 'valid', spinEarned: true } });
    const { database } = await getTestContext();
    await database.db
      .update(checkpoints)
      .set({ endTime: sec() - 2 * LATE_ANSWER_GRACE_SEC })
      .where(eq(checkpoints.id, cp.id));
    expect(await answer(user, cp.slug, { answer: 'QQ-TEST-RIGHT' }, key)).toEqual(first);
  });

  it('refuses the same key with another answer, and changes nothing', async () => {
    step = 10_000;
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'MCQ' });
    const key = unique('answer');
    await answer(user, cp.slug, { answer: 'a' }, key);
    expect(await answer(user, cp.slug, { answer: 'b' }, key)).toEqual({
      status: 422,
      body: { code: 'mismatch', message: 'This Idempotency-Key was already used for another answer.' },
    });
    expect(await countedAttempts(user, cp.id)).toBe(1);
    expect((await spin(user)).status).toBe(403);
  });

  it("keys belong to one visitor: another visitor's same key is an answer of their own", async () => {
    step = 0;
    const [alice, bob] = [await createUser(), await createUser()];
    const cp = await addCheckpoint({ type: 'Scan' });
    const key = unique('answer');
    await answer(alice, cp.slug, { answer: 'QQ-TEST-RIGHT' }, key);
    expect((await answer(bob, cp.slug, { answer: 'QQ-TEST-RIGHT' }, key)).status).toBe(200);
    expect(await countedAttempts(bob, cp.id)).toBe(1);
    expect((await spin(bob)).status).toBe(200);
  });

  it('the same answer sent many times at once is counted once, and each gets the same result', async () => {
    step = 10_000;
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'MCQ' });
    const key = unique('answer');
    const sent = await Promise.all(Array.from({ length: 8 }, () => answer(user, cp.slug, { answer: 'a' }, key)));
    for (const response of sent) {
      expect(response).toEqual({ status: 200, body: { outcome: 'incorrect', attempts: 1, maxAttempts: 0, spinEarned: false } });
    }
    expect(await countedAttempts(user, cp.id)).toBe(1);
  });

  it('refuses a malformed key with a clear message', async () => {
    step = 0;
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'MCQ' });
    expect(await answer(user, cp.slug, { answer: 'a' }, 'short')).toEqual({
      status: 400,
      body: { code: 'invalid', message: 'The Idempotency-Key header must be 8 to 100 letters, digits, "-" or "_".' },
    });
    expect(await countedAttempts(user, cp.id)).toBe(0);
  });
});

describe('an answer made before the close, arriving after it', () => {
  const ended = { status: 403, body: { code: 'checkpointEnded', message: 'This checkpoint has ended.' } };
  /** A Scan checkpoint that opened a day ago and closed `closedAgo` seconds ago. */
  const closedScan = (closedAgo: number) =>
    addCheckpoint({ type: 'Scan', startTime: sec() - 86_400, endTime: sec() - closedAgo });

  it('is counted within the grace period', async () => {
    step = 0;
    const user = await createUser();
    const cp = await closedScan(10 * 60);
    const answeredAt = (cp.endTime - 60) * 1000;
    expect(await answer(user, cp.slug, { answer: 'QQ-TEST-RIGHT', answeredAt }, unique('answer'))).toMatchObject({
      status: 200,
      body: { outcome: 'valid', spinEarned: true },
    });
    expect((await spin(user)).status).toBe(200);
  });

  it('is refused when it says it was made after the close, or in the future', async () => {
    step = 0;
    const user = await createUser();
    const cp = await closedScan(10 * 60);
    for (const answeredAt of [(cp.endTime + 1) * 1000, clock + 60_000]) {
      expect(await answer(user, cp.slug, { answer: 'QQ-TEST-RIGHT', answeredAt })).toEqual(ended);
    }
    expect(await countedAttempts(user, cp.id)).toBe(0);
  });

  it('is refused once the grace period is over, whatever time it gives', async () => {
    step = 0;
    const user = await createUser();
    const cp = await closedScan(LATE_ANSWER_GRACE_SEC + 60);
    for (const answeredAt of [(cp.endTime - 1) * 1000, cp.endTime * 1000]) {
      expect(await answer(user, cp.slug, { answer: 'QQ-TEST-RIGHT', answeredAt })).toEqual(ended);
    }
  });

  it('is refused when it says it was made before the checkpoint opened, or says nothing', async () => {
    step = 0;
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'Scan', startTime: sec() - 20 * 60, endTime: sec() - 10 * 60 });
    expect(await answer(user, cp.slug, { answer: 'QQ-TEST-RIGHT', answeredAt: (cp.startTime - 60) * 1000 })).toEqual(ended);
    expect(await answer(user, cp.slug, { answer: 'QQ-TEST-RIGHT' })).toEqual(ended);
  });

  it('refuses an answer time that is not a number of milliseconds with a clear message', async () => {
    step = 0;
    const user = await createUser();
    const cp = await closedScan(60);
    expect(await answer(user, cp.slug, { answer: 'QQ-TEST-RIGHT', answeredAt: 'yesterday' })).toEqual({
      status: 400,
      body: { code: 'invalid', message: 'answeredAt must be a time in milliseconds.' },
    });
  });

  it('a photo taken before the close may get its upload link within the grace period', async () => {
    step = 0;
    const user = await createUser();
    const cp = await addCheckpoint({ type: 'Upload', startTime: sec() - 86_400, endTime: sec() - 5 * 60 });
    const link = (answeredAt?: number) =>
      app.inject({
        method: 'GET',
        url: `/api/uploads/url?${new URLSearchParams({
          filetype: 'image/jpeg',
          checkpointId: cp.slug,
          filesize: '1000',
          ...(answeredAt === undefined ? {} : { answeredAt: String(answeredAt) }),
        }).toString()}`,
        headers: user.headers,
      });
    expect((await link()).statusCode).toBe(403);
    expect((await link((cp.endTime - 30) * 1000)).statusCode).toBe(200);
  });
});
