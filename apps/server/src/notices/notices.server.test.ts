// What the visitor is told about their answers (docs/product.md §5.3, §5.7, decision 023): each checkpoint's result
// in GET /api/checkpoints, each reviewer's decision once in GET /api/notices, and the spins in GET /api/spin.
import type { Checkpoint, Notice, SpinStatus } from '@quackquest/contract';
import { describe, expect, it } from 'vitest';
import { type TestUser, addCheckpoint, api, attempt, createUser, getTestContext, me, spin } from '../../test/helpers';
import { desc, eq } from 'drizzle-orm';
import { attempts, checkpoints } from '../db/schema';
import { type ReviewDecision, reviewAttempt } from '../reviews/review';

async function checkpointOf(user: TestUser, slug: string): Promise<Checkpoint> {
  const list = (await api('GET', '/api/checkpoints', user)).body.data as Checkpoint[];
  return list.find((c) => c.checkpointId === slug)!;
}

async function notices(user: TestUser): Promise<Notice[]> {
  const response = await api('GET', '/api/notices', user);
  expect(response.status).toBe(200);
  return response.body.notices as Notice[];
}

async function seen(user: TestUser, attemptIds: number[]) {
  return api('POST', '/api/notices/seen', user, { attemptIds });
}

/** A reviewer decides the visitor's latest answer (the console and the CLI call the same function). */
async function decide(user: TestUser, decision: ReviewDecision, reason?: string): Promise<number> {
  const { database } = await getTestContext();
  const attemptId = await lastAttempt(user);
  await reviewAttempt(database.db, attemptId, decision, { actor: 'reviewer@example.com', reason, now: new Date() });
  return attemptId;
}

async function lastAttempt(user: TestUser): Promise<number> {
  const { database } = await getTestContext();
  const [row] = await database.db
    .select({ id: attempts.id })
    .from(attempts)
    .where(eq(attempts.userId, user.id))
    .orderBy(desc(attempts.id))
    .limit(1);
  return row!.id;
}

describe('a checkpoint says what happened to the answers', () => {
  it('a text answer: none, in review with its pending ducks, approved with them, and nothing else changes', async () => {
    const user = await createUser();
    const { slug } = await addCheckpoint({ type: 'Str', maxAttempts: 1, title: 'Name That Duck' });
    expect(await checkpointOf(user, slug)).toMatchObject({ result: 'none', reviewReason: null, ducks: null });
    await attempt(user, slug, 'Quackers');
    expect(await checkpointOf(user, slug)).toMatchObject({ result: 'inReview', ducks: null });
    const ducks = (await spin(user)).body.duckPointsAwarded as number;
    expect(await checkpointOf(user, slug)).toMatchObject({ result: 'inReview', ducks });
    await decide(user, 'approve');
    expect(await checkpointOf(user, slug)).toMatchObject({ result: 'approved', ducks, completed: true });
  });

  it('a rejected answer carries the reason, and a new answer puts it back in review', async () => {
    const user = await createUser();
    const { slug } = await addCheckpoint({ type: 'Str', maxAttempts: 1 });
    await attempt(user, slug, 'Nope');
    await spin(user);
    await decide(user, 'reject', 'The answer is not right.');
    expect(await checkpointOf(user, slug)).toMatchObject({
      result: 'rejected',
      reviewReason: 'The answer is not right.',
      ducks: null,
      completed: false,
    });
    expect((await attempt(user, slug, 'Quackers')).status).toBe(200);
    expect(await checkpointOf(user, slug)).toMatchObject({ result: 'inReview', reviewReason: null });
  });

  it('a completed checkpoint and one used up without success are told apart', async () => {
    const user = await createUser();
    const right = await addCheckpoint({ type: 'MCQ', maxAttempts: 1 });
    const wrong = await addCheckpoint({ type: 'MCQ', maxAttempts: 1 });
    await attempt(user, right.slug, ['b']);
    await attempt(user, wrong.slug, ['a']);
    const ducks = (await spin(user)).body.duckPointsAwarded as number;
    expect(await checkpointOf(user, right.slug)).toMatchObject({ result: 'completed', attempts: 1, ducks });
    expect(await checkpointOf(user, wrong.slug)).toMatchObject({ result: 'usedUp', attempts: 1, ducks: null });
  });
});

describe('GET /api/notices: each decision is told once', () => {
  it('an approval with its ducks, shown once: after it is seen no device lists it again', async () => {
    const user = await createUser();
    const { slug } = await addCheckpoint({ type: 'Str', title: 'Name That Duck' });
    await attempt(user, slug, 'Quackers');
    const ducks = (await spin(user)).body.duckPointsAwarded as number;
    expect(await notices(user)).toEqual([]);
    const attemptId = await decide(user, 'approve');
    const [notice] = await notices(user);
    expect(notice).toEqual({
      attemptId,
      checkpointId: slug,
      checkpointTitle: 'Name That Duck',
      type: 'Str',
      decision: 'approved',
      reason: null,
      ducks,
      canRetry: false,
    });
    // Not seen yet: a second read (another tab) still lists it.
    expect(await notices(user)).toHaveLength(1);
    expect((await seen(user, [attemptId])).body).toEqual({ seen: 1 });
    expect(await notices(user)).toEqual([]);
    expect((await seen(user, [attemptId])).body).toEqual({ seen: 0 });
    expect(await me(user)).toMatchObject({ duckPoints: ducks, pendingDuckPoints: 0 });
  });

  it('a rejection with its reason can be tried again while the checkpoint is open', async () => {
    const user = await createUser();
    const open = await addCheckpoint({ type: 'Str', maxAttempts: 1 });
    await attempt(user, open.slug, 'Nope');
    await decide(user, 'reject', 'The answer is not right.');
    expect(await notices(user)).toMatchObject([
      { decision: 'rejected', reason: 'The answer is not right.', canRetry: true, ducks: null },
    ]);
  });

  it('a rejection on a checkpoint that has ended cannot be tried again', async () => {
    const user = await createUser();
    const closing = await addCheckpoint({ type: 'Str' });
    await attempt(user, closing.slug, 'Late');
    await decide(user, 'reject', 'Too late.');
    const { database } = await getTestContext();
    await database.db
      .update(checkpoints)
      .set({ endTime: Math.floor(Date.now() / 1000) - 10 })
      .where(eq(checkpoints.slug, closing.slug));
    expect(await notices(user)).toMatchObject([{ decision: 'rejected', canRetry: false }]);
  });

  it("marks only the visitor's own decisions: another visitor's attempt ids change nothing", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { slug } = await addCheckpoint({ type: 'Str' });
    await attempt(owner, slug, 'Quackers');
    const attemptId = await decide(owner, 'approve');
    expect((await seen(other, [attemptId])).body).toEqual({ seen: 0 });
    expect(await notices(owner)).toHaveLength(1);
  });

  it('refuses a malformed body with a sentence and needs a session', async () => {
    const user = await createUser();
    const refused = await seen(user, []);
    expect(refused.status).toBe(400);
    expect(refused.body.message).not.toMatch(/zod|array|Too small/i);
    expect((await api('GET', '/api/notices')).status).toBe(401);
  });
});

describe('GET /api/spin: the spins left and the last result', () => {
  it('none before a checkpoint; one after; the awarded result after spinning (what a reload shows)', async () => {
    const user = await createUser();
    expect((await api('GET', '/api/spin', user)).body).toEqual({ spinsLeft: 0, last: null });
    const { slug } = await addCheckpoint({ type: 'Str' });
    await attempt(user, slug, 'Quackers');
    expect(((await api('GET', '/api/spin', user)).body as unknown as SpinStatus).spinsLeft).toBe(1);
    const won = (await spin(user)).body;
    const status = (await api('GET', '/api/spin', user)).body as unknown as SpinStatus;
    expect(status).toMatchObject({
      spinsLeft: 0,
      last: { duckPointsAwarded: won.duckPointsAwarded, message: won.message, pending: true },
    });
    expect(Date.parse(status.last!.spunAt)).toBeGreaterThan(Date.now() - 60_000);
    await decide(user, 'approve');
    expect(((await api('GET', '/api/spin', user)).body as unknown as SpinStatus).last).toMatchObject({ pending: false });
  });
});
