import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type TestUser, addCheckpoint, api, attempt, createUser, getTestContext, me, spin } from '../../test/helpers';
import { and, eq } from 'drizzle-orm';
import { attempts, auditLog } from '../db/schema';
import { DomainError } from '../domain/errors';
import { COMMANDS } from './commands';
import { type ReviewDecision, listPendingReviews, reviewAttempt as decide } from '../reviews/review';
import { formatPendingReviews, formatReviewOutcome } from './review';

/** As the CLI's review:approve / review:reject call it. */
const reviewAttempt = (db: Parameters<typeof decide>[0], attemptId: number, decision: ReviewDecision, note?: string) =>
  decide(db, attemptId, decision, { actor: 'cli', reason: note, now: new Date() });

async function db() {
  return (await getTestContext()).database.db;
}

/** The visitor's pending answer, as the operator finds it in review:list. */
async function pendingOf(user: TestUser) {
  const { dataDir } = await getTestContext();
  const rows = (await listPendingReviews(await db(), { dataDir })).filter((r) => r.email === user.email);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** A visitor who answered a Str checkpoint and spun: the ducks wait for the review. */
async function spunTextAnswer(maxAttempts = 0) {
  const user = await createUser();
  const checkpoint = await addCheckpoint({ type: 'Str', maxAttempts });
  expect((await attempt(user, checkpoint.slug, 'Quackers')).body).toMatchObject({ outcome: 'submitted', spinEarned: true });
  const won = await spin(user);
  const ducks = won.body.duckPointsAwarded as number;
  expect(await me(user)).toMatchObject({ duckPoints: 0, pendingDuckPoints: ducks });
  return { user, checkpoint, ducks, review: await pendingOf(user) };
}

describe('review:list', () => {
  it('shows a text answer with its e-mail, checkpoint and the ducks spun, or "not spun yet"', async () => {
    const { user, checkpoint, ducks, review } = await spunTextAnswer();
    expect(review).toMatchObject({ email: user.email, checkpointId: checkpoint.slug, type: 'Str', answer: 'Quackers', ducks });
    expect(formatPendingReviews([review], 'Asia/Singapore')).toContain(`${ducks} pending`);
    // In the campaign's zone with its offset, as every time an operator reads (issue 32 part 5).
    expect(formatPendingReviews([review], 'Asia/Singapore')).toMatch(/submitted: \d{4}-\d\d-\d\dT[\d:.]+\+08:00\n/);

    const later = await createUser();
    await attempt(later, checkpoint.slug, 'Duckie');
    const unspun = await pendingOf(later);
    expect(unspun.ducks).toBeNull();
    const text = formatPendingReviews([review, unspun], 'Asia/Singapore');
    expect(text).toContain(`#${unspun.attemptId}  ${later.email}  ${checkpoint.slug}`);
    expect(text).toContain('not spun yet');
    expect(text).toContain('"Duckie"');
  });

  it('shows a photo answer with the path of the stored file', async () => {
    const user = await createUser();
    const checkpoint = await addCheckpoint({ type: 'Upload' });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4AWP4f4bhPwAHZALL9TQrVQAAAABJRU5ErkJggg==',
      'base64',
    );
    const query = new URLSearchParams({
      filetype: 'image/png',
      filename: 'duck.png',
      checkpointId: checkpoint.slug,
      filesize: String(png.length),
    });
    const { uploadUrl, key } = (await api('GET', `/api/uploads/url?${query.toString()}`, user)).body as Record<string, string>;
    expect((await api('PUT', uploadUrl!, undefined, png, { 'content-type': 'image/png' })).status).toBe(200);
    expect((await attempt(user, checkpoint.slug, key)).body).toMatchObject({ outcome: 'submitted' });

    const review = await pendingOf(user);
    expect(review).toMatchObject({ type: 'Upload', answer: key });
    expect(existsSync(review.file!)).toBe(true);
    expect(readFileSync(review.file!)).toEqual(png);
    expect(formatPendingReviews([review], 'Asia/Singapore')).toContain(`file:      ${review.file}`);
  });

  it('says so when nothing waits', () => {
    expect(formatPendingReviews([], 'Asia/Singapore')).toBe('No answers are waiting for review.');
  });
});

/** The CLI's command itself, on the test database. */
async function runCommand(name: string, args: string[], options: Record<string, string> = {}) {
  const { database, dataDir } = await getTestContext();
  const command = COMMANDS.find((c) => c.name === name)!;
  return command.run({
    args,
    options,
    env: { DATA_DIR: dataDir } as never,
    openDb: () => Promise.resolve(database.db),
    cwd: dataDir,
  });
}

describe('review:approve and review:reject on the command line', () => {
  it('record the decision as made by cli, with the note as the reason, and audit it', async () => {
    const { user, ducks, review } = await spunTextAnswer();
    expect(await runCommand('review:reject', [String(review.attemptId)], { note: 'no duck in the photo' })).toContain('Rejected');
    expect(await me(user)).toMatchObject({ pendingDuckPoints: 0 });
    const [row] = await (await db()).select().from(attempts).where(eq(attempts.id, review.attemptId));
    expect(row).toMatchObject({ review: 'rejected', decidedBy: 'cli', reviewReason: 'no duck in the photo' });
    const audit = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor, 'cli'), eq(auditLog.action, 'review.reject')));
    expect(audit.filter((entry) => entry.subject.startsWith(`attempt ${review.attemptId} `))).toEqual([
      expect.objectContaining({
        before: { review: 'pending', counted: true },
        after: { review: 'rejected', counted: false, reason: 'no duck in the photo', spin: 'reversed', ducks },
      }),
    ]);
  });
});

describe('review:approve', () => {
  it('after the spin: the pending ducks are posted and the answer leaves the list', async () => {
    const { user, ducks, review } = await spunTextAnswer();
    const outcome = await reviewAttempt(await db(), review.attemptId, 'approve', 'great name');
    expect(outcome).toMatchObject({ spin: 'posted', ducks, email: user.email });
    expect(formatReviewOutcome(outcome)).toContain(`${ducks} duck`);
    expect(await me(user)).toMatchObject({ duckPoints: ducks, pendingDuckPoints: 0 });
    expect((await listPendingReviews(await db())).some((r) => r.attemptId === review.attemptId)).toBe(false);
  });

  it('before the spin: the spin later posts its ducks directly', async () => {
    const user = await createUser();
    const checkpoint = await addCheckpoint({ type: 'Str' });
    await attempt(user, checkpoint.slug, 'Bill');
    const outcome = await reviewAttempt(await db(), (await pendingOf(user)).attemptId, 'approve');
    expect(outcome.spin).toBe('posts-when-spun');
    const won = await spin(user);
    expect(won.body).toMatchObject({ pending: false });
    expect(await me(user)).toMatchObject({ duckPoints: won.body.duckPointsAwarded, pendingDuckPoints: 0 });
  });
});

describe('review:reject', () => {
  it('after the spin: the pending ducks are reversed and the visitor may answer again at the cap', async () => {
    const { user, checkpoint, ducks, review } = await spunTextAnswer(1);
    expect((await attempt(user, checkpoint.slug, 'Again')).status).toBe(403);

    const outcome = await reviewAttempt(await db(), review.attemptId, 'reject', 'not a name');
    expect(outcome).toMatchObject({ spin: 'reversed', ducks });
    expect(formatReviewOutcome(outcome)).toContain('may answer again');
    expect(await me(user)).toMatchObject({ duckPoints: 0, pendingDuckPoints: 0 });

    const retry = await attempt(user, checkpoint.slug, 'Puddles');
    expect(retry).toMatchObject({ status: 200, body: { outcome: 'submitted', attempts: 1, spinEarned: true } });
    expect((await spin(user)).status).toBe(200);
  });

  it('before the spin: the spin is void', async () => {
    const user = await createUser();
    const checkpoint = await addCheckpoint({ type: 'Str' });
    await attempt(user, checkpoint.slug, 'Rude');
    const outcome = await reviewAttempt(await db(), (await pendingOf(user)).attemptId, 'reject');
    expect(outcome.spin).toBe('voided');
    expect(await spin(user)).toMatchObject({
      status: 403,
      body: { message: 'You need to complete a checkpoint before spinning!' },
    });
    expect(await me(user)).toMatchObject({ duckPoints: 0, pendingDuckPoints: 0 });
  });
});

describe('a decision is final', () => {
  it('refuses a second decision on the same answer and changes nothing', async () => {
    const { user, ducks, review } = await spunTextAnswer();
    await reviewAttempt(await db(), review.attemptId, 'approve');
    await expect(reviewAttempt(await db(), review.attemptId, 'reject')).rejects.toThrow(
      /^Already approved by cli at \d{4}-\d\d-\d\d \d\d:\d\d \(/,
    );
    await expect(reviewAttempt(await db(), review.attemptId, 'approve')).rejects.toBeInstanceOf(DomainError);
    expect(await me(user)).toMatchObject({ duckPoints: ducks, pendingDuckPoints: 0 });
  });

  it('refuses an unknown attempt and an answer that needs no review', async () => {
    await expect(reviewAttempt(await db(), 987_654_321, 'approve')).rejects.toThrow('Attempt 987654321 does not exist.');
    const user = await createUser();
    const checkpoint = await addCheckpoint({ type: 'MCQ' });
    await attempt(user, checkpoint.slug, 'b');
    const { database } = await getTestContext();
    const rows = await database.db.query.attempts.findMany({ where: (a, { eq }) => eq(a.userId, user.id) });
    await expect(reviewAttempt(await db(), rows[0]!.id, 'approve')).rejects.toThrow('needs no review');
    expect((await spin(user)).body).toMatchObject({ pending: false });
  });
});
