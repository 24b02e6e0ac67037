// A crew member who also plays (issue 29 part 5): nobody decides their own answer or changes their own ducks. The
// queue does not hand a reviewer their own answers; a decision or an adjustment aimed at their own visitor account is
// refused with a sentence, and another operator does it.
import type { ReviewDecisionsResult, ReviewLease } from '@quackquest/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestOperator, createOperator } from '../../test/console';
import { type TestUser, addCheckpoint, attempt, createUser, getTestContext, me } from '../../test/helpers';
import { attempts, users } from '../db/schema';

async function consoleCall(operator: TestOperator, url: string, body: unknown) {
  const { app } = await getTestContext();
  const response = await app.inject({ method: 'POST', url, headers: { cookie: operator.cookie }, payload: body as object });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

/** The operator's visitor account: a user with the operator's e-mail. */
async function playing(operator: TestOperator): Promise<TestUser> {
  const user = await createUser();
  const { database } = await getTestContext();
  await database.db.update(users).set({ email: operator.email }).where(eq(users.id, user.id));
  return user;
}

describe('an operator who also plays', () => {
  it('is not handed their own answer, may not decide it, and another reviewer can', async () => {
    const [reviewer, colleague] = [await createOperator('reviewer'), await createOperator('reviewer')];
    const user = await playing(reviewer);
    const { slug } = await addCheckpoint({ type: 'Str', title: 'Name the duck' });
    expect((await attempt(user, slug, 'Quackers')).body).toMatchObject({ outcome: 'submitted' });
    const { database } = await getTestContext();
    const [own] = await database.db.select({ id: attempts.id }).from(attempts).where(eq(attempts.userId, user.id));

    const lease = (await consoleCall(reviewer, '/api/console/reviews/lease', { checkpoint: slug }))
      .body as unknown as ReviewLease;
    expect(lease.items).toEqual([]);
    expect(lease.waiting).toBe(1);
    const decided = await consoleCall(reviewer, '/api/console/reviews/decisions', {
      decisions: [{ attemptId: own!.id, decision: 'approve' }],
    });
    expect((decided.body as unknown as ReviewDecisionsResult).results).toEqual([
      {
        attemptId: own!.id,
        ok: false,
        code: 'selfReview',
        message: 'This is your own answer as a visitor: another reviewer must decide it.',
      },
    ]);

    const theirs = (await consoleCall(colleague, '/api/console/reviews/lease', { checkpoint: slug }))
      .body as unknown as ReviewLease;
    expect(theirs.items.map((item) => item.attemptId)).toEqual([own!.id]);
    const approved = await consoleCall(colleague, '/api/console/reviews/decisions', {
      decisions: [{ attemptId: own!.id, decision: 'approve' }],
    });
    expect((approved.body as unknown as ReviewDecisionsResult).results[0]).toMatchObject({ ok: true });
  });

  it('may not give their own visitor account ducks; another admin can', async () => {
    const [admin, colleague] = [await createOperator('admin'), await createOperator('admin')];
    const user = await playing(admin);
    const body = { amount: 10_000, reason: 'For me' };
    expect(await consoleCall(admin, `/api/console/participants/${user.id}/ducks`, body)).toEqual({
      status: 409,
      body: { code: 'selfAdjust', message: 'This is your own visitor account: another admin must change its ducks.' },
    });
    expect(await me(user)).toMatchObject({ duckPoints: 0 });
    const fair = await consoleCall(colleague, `/api/console/participants/${user.id}/ducks`, { amount: 3, reason: 'Lost scan' });
    expect(fair.status).toBe(200);
    expect(await me(user)).toMatchObject({ duckPoints: 3 });
  });
});
