// Reviewers sharing one queue (issue 28 part 1, decision 053): each is handed answers no other holds, the hold is
// renewed by asking again and lapses when nobody does, and a decision on an answer someone else holds or already
// decided is refused with who and when.
import { REVIEW_LEASE_SECONDS, type ReviewDecisionsResult, type ReviewLease } from '@quackquest/contract';
import { describe, expect, it } from 'vitest';
import { type TestOperator, createOperator } from '../../test/console';
import { addCheckpoint, attempt, createUser, getTestContext } from '../../test/helpers';
import { CLI_ACTOR } from '../audit/audit';
import { leaseReviews } from './leases';
import { reviewAttempt } from './review';

async function consoleCall(operator: TestOperator, url: string, body: unknown) {
  const { app } = await getTestContext();
  return app.inject({ method: 'POST', url, headers: { cookie: operator.cookie }, payload: body as object });
}

async function lease(reviewer: TestOperator, body: Record<string, unknown>): Promise<ReviewLease> {
  const response = await consoleCall(reviewer, '/api/console/reviews/lease', body);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function decide(reviewer: TestOperator, decisions: unknown[]) {
  const response = await consoleCall(reviewer, '/api/console/reviews/decisions', { decisions });
  return response.json<ReviewDecisionsResult>();
}

/** A text checkpoint of its own with `n` answers from `n` visitors, so nothing else in the database is in its queue. */
async function textAnswers(n: number) {
  const checkpoint = await addCheckpoint({ type: 'Str', title: 'Name the duck' });
  for (let i = 0; i < n; i++) {
    const user = await createUser();
    expect((await attempt(user, checkpoint.slug, `Duck ${i}`)).body).toMatchObject({ outcome: 'submitted' });
  }
  return checkpoint.slug;
}

const ids = (held: ReviewLease) => held.items.map((item) => item.attemptId);

describe('review leases', () => {
  it('ten reviewers asking at once are each handed answers no other holds, oldest first', async () => {
    const checkpoint = await textAnswers(30);
    const reviewers = await Promise.all(Array.from({ length: 10 }, (_, i) => createOperator(i % 2 ? 'reviewer' : 'admin')));
    const leases = await Promise.all(reviewers.map((reviewer) => lease(reviewer, { checkpoint, limit: 4 })));
    const all = leases.flatMap(ids);
    // 30 answers, 10 x 4 asked: 30 handed out, none twice.
    expect(all).toHaveLength(30);
    expect(new Set(all).size).toBe(30);
    for (const held of leases) {
      expect(ids(held)).toEqual([...ids(held)].sort((a, b) => a - b));
      expect(held.waiting).toBe(30);
    }
    // Asked again once all are handed out: each keeps theirs, and sees the rest held by others.
    for (const [i, reviewer] of reviewers.entries()) {
      const again = await lease(reviewer, { checkpoint, limit: 4 });
      expect(ids(again)).toEqual(ids(leases[i]!));
      expect(again.heldByOthers).toBe(30 - again.items.length);
    }
  });

  it('asking again renews the same answers; a new filter lets go of the others', async () => {
    const checkpoint = await textAnswers(3);
    const other = await textAnswers(2);
    const [one, two] = [await createOperator('reviewer'), await createOperator('reviewer')];
    const first = await lease(one, { checkpoint, limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(ids(await lease(one, { checkpoint, limit: 2 }))).toEqual(ids(first));
    // The second reviewer gets only the third answer.
    expect(ids(await lease(two, { checkpoint, limit: 2 }))).toHaveLength(1);
    // The first moves to another checkpoint: their two answers go back, and the second reviewer is handed them.
    expect(await lease(one, { checkpoint: other, limit: 2 })).toMatchObject({ waiting: 2 });
    expect(await lease(two, { checkpoint, limit: 3 })).toMatchObject({ items: expect.any(Array) as unknown, heldByOthers: 0 });
    expect((await lease(two, { checkpoint, limit: 3 })).items).toHaveLength(3);
  });

  it('a hold nobody renews lapses, and the answer goes back to the queue', async () => {
    const checkpoint = await textAnswers(1);
    const { database } = await getTestContext();
    const now = new Date();
    const take = (reviewer: string, at: Date) =>
      leaseReviews(database.db, reviewer, { checkpoint }, { limit: 5, now: at, leaseSeconds: REVIEW_LEASE_SECONDS });
    const held = await take('one@example.com', now);
    expect(held.rows).toHaveLength(1);
    expect(held.leasedUntil.getTime() - now.getTime()).toBe(REVIEW_LEASE_SECONDS * 1000);
    // Just before the end it is still theirs; at the end it is anyone's.
    const before = new Date(held.leasedUntil.getTime() - 1000);
    expect((await take('two@example.com', before)).rows).toHaveLength(0);
    const after = new Date(held.leasedUntil.getTime());
    expect((await take('two@example.com', after)).rows).toHaveLength(1);
  });

  it('an answer held by another reviewer is refused with who holds it; a decided one with who decided and when', async () => {
    const checkpoint = await textAnswers(1);
    const [one, two] = [await createOperator('reviewer'), await createOperator('reviewer')];
    const [item] = (await lease(one, { checkpoint })).items;
    const [refused] = (await decide(two, [{ attemptId: item!.attemptId, decision: 'approve' }])).results;
    expect(refused).toMatchObject({ ok: false, code: 'reviewHeld' });
    expect(refused!.ok || refused!.message).toMatch(new RegExp(`^${one.email} is reviewing this answer until \\d{4}-`));

    expect((await decide(one, [{ attemptId: item!.attemptId, decision: 'approve' }])).results[0]).toMatchObject({ ok: true });
    const [late] = (await decide(two, [{ attemptId: item!.attemptId, decision: 'approve' }])).results;
    expect(late).toMatchObject({ ok: false, code: 'alreadyDecided' });
    expect(late!.ok || late!.message).toMatch(
      new RegExp(`^Already approved by ${one.email} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d`),
    );
    // Decided: no longer in anyone's queue.
    expect(await lease(two, { checkpoint })).toMatchObject({ items: [], waiting: 0 });
  });

  it('the command line decides an answer a reviewer holds: it is not a reviewer in the queue', async () => {
    const checkpoint = await textAnswers(1);
    const reviewer = await createOperator('reviewer');
    const [item] = (await lease(reviewer, { checkpoint })).items;
    const { database } = await getTestContext();
    await reviewAttempt(database.db, item!.attemptId, 'approve', { actor: CLI_ACTOR, now: new Date() });
    const [late] = (await decide(reviewer, [{ attemptId: item!.attemptId, decision: 'reject', reason: 'Too late' }])).results;
    expect(late).toMatchObject({ ok: false, code: 'alreadyDecided' });
    expect(late!.ok || late!.message).toMatch(/^Already approved by cli at /);
  });

  it("an answer on the screen that became someone else's comes back as gone, with who and when", async () => {
    const checkpoint = await textAnswers(2);
    const reviewer = await createOperator('reviewer');
    const [first, second] = (await lease(reviewer, { checkpoint })).items;
    const { database } = await getTestContext();
    await reviewAttempt(database.db, first!.attemptId, 'reject', { actor: CLI_ACTOR, reason: 'Blurry', now: new Date() });
    // The reviewer's own decision on the second is theirs: not "gone".
    expect((await decide(reviewer, [{ attemptId: second!.attemptId, decision: 'approve' }])).results[0]).toMatchObject({
      ok: true,
    });
    const again = await lease(reviewer, { checkpoint, shown: [first!.attemptId, second!.attemptId] });
    expect(ids(again)).toEqual([]);
    expect(again.gone).toEqual([
      {
        attemptId: first!.attemptId,
        code: 'alreadyDecided',
        message: expect.stringMatching(/^Already rejected by cli at \d{4}-/) as unknown,
      },
    ]);
  });

  it('filters by type: a photo reviewer is handed no text answers', async () => {
    const checkpoint = await textAnswers(1);
    const reviewer = await createOperator('reviewer');
    expect(await lease(reviewer, { checkpoint, type: 'Upload' })).toMatchObject({ items: [], waiting: 0 });
    expect((await lease(reviewer, { checkpoint, type: 'Str' })).items).toHaveLength(1);
  });
});
