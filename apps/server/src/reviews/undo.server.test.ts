// Undoing a review decision (issue 28 part 3): within REVIEW_UNDO_SECONDS the one who decided, or an admin, takes it
// back through the ledger; the visitor's ducks, checkpoint and notice follow; afterwards, or when it would break a
// rule (ducks spent since, a new answer since), it is refused with a sentence and nothing changes.
import {
  type Checkpoint,
  type Notice,
  REVIEW_UNDO_SECONDS,
  type ReviewDecisionsResult,
  type ReviewUndoResult,
} from '@quackquest/contract';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestOperator, createOperator } from '../../test/console';
import { type TestUser, addCheckpoint, api, attempt, createUser, getTestContext, me, spin } from '../../test/helpers';
import { verifyInvariants } from '../db/invariants';
import { attempts, auditLog, spins } from '../db/schema';
import { adjustParticipantDucks } from '../participants/participants';
import { undoDecision } from './review';

async function consoleCall(operator: TestOperator, url: string, body: unknown) {
  const { app } = await getTestContext();
  return app.inject({ method: 'POST', url, headers: { cookie: operator.cookie }, payload: body as object });
}

async function decide(reviewer: TestOperator, attemptId: number, decision: 'approve' | 'reject') {
  const body = { decisions: [{ attemptId, decision, ...(decision === 'reject' ? { reason: 'Not the task.' } : {}) }] };
  const [result] = (await consoleCall(reviewer, '/api/console/reviews/decisions', body)).json<ReviewDecisionsResult>().results;
  expect(result).toMatchObject({ attemptId, ok: true });
  return result as { undoUntil: number };
}

async function undo(operator: TestOperator, attemptId: number) {
  const response = await consoleCall(operator, '/api/console/reviews/undo', { attemptId });
  return { status: response.statusCode, body: response.json<ReviewUndoResult & { code?: string; message?: string }>() };
}

async function checkpointOf(user: TestUser, slug: string): Promise<Checkpoint> {
  const list = (await api('GET', '/api/checkpoints', user)).body.data as Checkpoint[];
  return list.find((c) => c.checkpointId === slug)!;
}

const notices = async (user: TestUser) => (await api('GET', '/api/notices', user)).body.notices as Notice[];

/** A visitor's text answer on a checkpoint of its own, spun or not: the attempt's id. */
async function textAnswer(options: { spun: boolean }) {
  const user = await createUser();
  const { slug } = await addCheckpoint({ type: 'Str', maxAttempts: 2, title: 'Name the duck' });
  expect((await attempt(user, slug, 'Quackers')).body).toMatchObject({ outcome: 'submitted' });
  const ducks = options.spun ? ((await spin(user)).body.duckPointsAwarded as number) : 0;
  const { database } = await getTestContext();
  const [row] = await database.db
    .select({ id: attempts.id })
    .from(attempts)
    .where(eq(attempts.userId, user.id))
    .orderBy(desc(attempts.id))
    .limit(1);
  return { user, slug, ducks, attemptId: row!.id };
}

async function attemptRow(attemptId: number) {
  const { database } = await getTestContext();
  const [row] = await database.db.select().from(attempts).where(eq(attempts.id, attemptId));
  return row!;
}

async function invariantsHold() {
  const { database } = await getTestContext();
  expect((await verifyInvariants(database.db)).checks.filter((c) => c.problems.length)).toEqual([]);
}

describe('undoing a review decision', () => {
  it('an approval undone: the ducks are pending again, the notice withdrawn, the answer back with the reviewer, audited', async () => {
    const { user, slug, ducks, attemptId } = await textAnswer({ spun: true });
    const reviewer = await createOperator('reviewer');
    const before = await me(user);
    const { undoUntil } = await decide(reviewer, attemptId, 'approve');
    expect(undoUntil - Date.now() / 1000).toBeGreaterThan(REVIEW_UNDO_SECONDS - 5);
    expect(await me(user)).toMatchObject({
      duckPoints: before.duckPoints + ducks,
      pendingDuckPoints: before.pendingDuckPoints - ducks,
    });
    expect((await notices(user)).map((n) => n.attemptId)).toEqual([attemptId]);

    expect(await undo(reviewer, attemptId)).toEqual({ status: 200, body: { attemptId, undone: 'approved', ducks } });
    expect(await me(user)).toMatchObject({ duckPoints: before.duckPoints, pendingDuckPoints: before.pendingDuckPoints });
    expect(await notices(user)).toEqual([]);
    expect(await checkpointOf(user, slug)).toMatchObject({ result: 'inReview', ducks });
    const row = await attemptRow(attemptId);
    expect(row).toMatchObject({ review: 'pending', decidedAt: null, decidedBy: null, leasedBy: reviewer.email });
    const { database } = await getTestContext();
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.undo'), eq(auditLog.actor, reviewer.email)));
    expect(audit).toHaveLength(1);
    await invariantsHold();

    // Decided again, the visitor is told again.
    await decide(reviewer, attemptId, 'reject');
    expect(await notices(user)).toMatchObject([{ attemptId, decision: 'rejected' }]);
    expect(await me(user)).toMatchObject({ duckPoints: before.duckPoints, pendingDuckPoints: before.pendingDuckPoints - ducks });
    await invariantsHold();
  });

  it('a rejection undone: the reversed ducks are pending again and the answer counts again', async () => {
    const { user, slug, ducks, attemptId } = await textAnswer({ spun: true });
    const reviewer = await createOperator('reviewer');
    const before = await me(user);
    await decide(reviewer, attemptId, 'reject');
    expect(await me(user)).toMatchObject({ pendingDuckPoints: before.pendingDuckPoints - ducks });
    expect((await attemptRow(attemptId)).counted).toBe(false);
    expect(await undo(reviewer, attemptId)).toMatchObject({ status: 200, body: { undone: 'rejected', ducks } });
    expect(await me(user)).toEqual(before);
    expect(await checkpointOf(user, slug)).toMatchObject({ result: 'inReview', reviewReason: null });
    expect((await attemptRow(attemptId)).counted).toBe(true);
    await invariantsHold();
  });

  it('before the visitor spun: an approval undone keeps the spin waiting for review, a rejection undone restores it', async () => {
    const approved = await textAnswer({ spun: false });
    const rejected = await textAnswer({ spun: false });
    const reviewer = await createOperator('admin');
    await decide(reviewer, approved.attemptId, 'approve');
    await decide(reviewer, rejected.attemptId, 'reject');
    expect((await undo(reviewer, approved.attemptId)).body).toMatchObject({ undone: 'approved', ducks: 0 });
    expect((await undo(reviewer, rejected.attemptId)).body).toMatchObject({ undone: 'rejected', ducks: 0 });
    const { database } = await getTestContext();
    for (const { attemptId, user } of [approved, rejected]) {
      const [row] = await database.db.select().from(spins).where(eq(spins.attemptId, attemptId));
      expect(row).toMatchObject({ needsReview: true, voidedAt: null, ducks: null });
      // The spin is theirs again, and its ducks wait for the review.
      const ducks = (await spin(user)).body.duckPointsAwarded as number;
      expect(await me(user)).toMatchObject({ duckPoints: 0, pendingDuckPoints: ducks });
    }
    await invariantsHold();
  });

  it('is refused, changing nothing: to another reviewer, when nothing was decided, twice, after the window', async () => {
    const { user, attemptId } = await textAnswer({ spun: true });
    const [reviewer, other, admin] = [
      await createOperator('reviewer'),
      await createOperator('reviewer'),
      await createOperator('admin'),
    ];
    expect(await undo(reviewer, attemptId)).toMatchObject({
      status: 409,
      body: { code: 'notDecided', message: 'This answer is waiting for a decision: there is nothing to undo.' },
    });
    await decide(reviewer, attemptId, 'approve');
    const decided = await me(user);
    expect(await undo(other, attemptId)).toMatchObject({
      status: 409,
      body: {
        code: 'undoOthers',
        message: `Only ${reviewer.email}, who decided this answer, or an admin can undo the decision.`,
      },
    });
    expect(await me(user)).toEqual(decided);

    // A double tap on Undo: one undoes, the other finds nothing decided.
    const both = await Promise.all([undo(admin, attemptId), undo(admin, attemptId)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    await invariantsHold();

    // Undone, the answer is held by whoever undid it, to decide again.
    expect((await attemptRow(attemptId)).leasedBy).toBe(admin.email);
    await decide(admin, attemptId, 'approve');
    const { database } = await getTestContext();
    const { decidedAt } = await attemptRow(attemptId);
    const late = new Date(decidedAt!.getTime() + (REVIEW_UNDO_SECONDS + 1) * 1000);
    const input = { actor: admin.email, admin: true, now: late, windowSeconds: REVIEW_UNDO_SECONDS, leaseSeconds: 60 };
    await expect(undoDecision(database.db, attemptId, input)).rejects.toMatchObject({
      code: 'undoExpired',
      message: expect.stringMatching(
        /^This answer was decided at .+; a decision can be undone for 2 minutes only\. To correct it now, an admin can adjust the visitor's ducks in Participants\.$/,
      ) as unknown,
    });
    expect((await attemptRow(attemptId)).review).toBe('approved');
  });

  it('is refused when the visitor spent the ducks since, or answered again since the rejection', async () => {
    const spent = await textAnswer({ spun: true });
    const reviewer = await createOperator('reviewer');
    await decide(reviewer, spent.attemptId, 'approve');
    const { database } = await getTestContext();
    await adjustParticipantDucks(database.db, spent.user.id, {
      actor: 'admin@example.com',
      now: new Date(),
      amount: -1,
      reason: 'test',
    });
    const balance = (await me(spent.user)).duckPoints;
    expect(await undo(reviewer, spent.attemptId)).toMatchObject({
      status: 409,
      body: {
        code: 'undoSpent',
        message: `The visitor has spent ducks since: undoing would take back ${spent.ducks} of their ${balance}. To correct it, an admin can adjust their ducks in Participants.`,
      },
    });
    expect(await me(spent.user)).toMatchObject({ duckPoints: balance });

    const again = await textAnswer({ spun: false });
    await decide(reviewer, again.attemptId, 'reject');
    expect((await attempt(again.user, again.slug, 'Sir Quacks')).body).toMatchObject({ outcome: 'submitted' });
    expect(await undo(reviewer, again.attemptId)).toMatchObject({ status: 409, body: { code: 'undoAnsweredAgain' } });
    expect((await attemptRow(again.attemptId)).review).toBe('rejected');
    await invariantsHold();
  });
});
