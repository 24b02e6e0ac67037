import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledger } from '../db/schema';
import { type TestUser, addCheckpoint, api, attempt, createUser, getTestContext, me, spin } from '../../test/helpers';

/** Completes a fresh Scan checkpoint: one unspent spin for this user. */
async function earnSpin(user: TestUser): Promise<void> {
  const checkpoint = await addCheckpoint({ type: 'Scan' });
  expect((await attempt(user, checkpoint.slug, 'QQ-TEST-RIGHT')).body).toMatchObject({ outcome: 'valid', spinEarned: true });
}

async function spinRows(userId: number) {
  const { database } = await getTestContext();
  return database.db
    .select({ amount: ledger.amount, posted: ledger.posted })
    .from(ledger)
    .where(and(eq(ledger.userId, userId), eq(ledger.kind, 'spin')));
}

describe('POST /api/spin', () => {
  it('without a completed checkpoint: 403 with the spec message, and no ducks', async () => {
    const user = await createUser({ ducks: 4 });
    expect(await spin(user)).toMatchObject({
      status: 403,
      body: { message: 'You need to complete a checkpoint before spinning!' },
    });
    expect(await me(user)).toMatchObject({ duckPoints: 4, pendingDuckPoints: 0 });
    expect(await spinRows(user.id)).toEqual([]);
  });

  it('awards 1-5 ducks, says so in "Duck Point(s)", and adds exactly that to the balance', async () => {
    const user = await createUser({ ducks: 7 });
    await earnSpin(user);
    const won = await spin(user);
    expect(won.status).toBe(200);
    const ducks = won.body.duckPointsAwarded as number;
    expect(Number.isInteger(ducks)).toBe(true);
    expect(ducks).toBeGreaterThanOrEqual(1);
    expect(ducks).toBeLessThanOrEqual(5);
    expect(won.body.message).toContain(`${ducks} Duck Point(s)`);
    expect(won.body.pending).toBe(false);
    expect(await me(user)).toMatchObject({ duckPoints: 7 + ducks, pendingDuckPoints: 0 });
    expect(await spinRows(user.id)).toEqual([{ amount: ducks, posted: true }]);
  });

  it('two completed checkpoints give two spins and no third', async () => {
    const user = await createUser();
    await earnSpin(user);
    await earnSpin(user);
    const first = await spin(user);
    const second = await spin(user);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await spin(user)).status).toBe(403);
    const total = (first.body.duckPointsAwarded as number) + (second.body.duckPointsAwarded as number);
    expect((await me(user)).duckPoints).toBe(total);
    expect(await spinRows(user.id)).toHaveLength(2);
  });

  it('a Str answer earns a spin whose ducks stay pending', async () => {
    const user = await createUser({ ducks: 2 });
    const checkpoint = await addCheckpoint({ type: 'Str' });
    expect((await attempt(user, checkpoint.slug, 'Quack')).status).toBe(200);
    const won = await spin(user);
    expect(won.body).toMatchObject({ pending: true });
    expect(won.body.message).toContain(`${won.body.duckPointsAwarded as number} Duck Point(s)`);
    expect(await me(user)).toMatchObject({ duckPoints: 2, pendingDuckPoints: won.body.duckPointsAwarded });
  });

  it('50 parallel spins on one entitlement: exactly one wins, ducks added once', async () => {
    const user = await createUser();
    await earnSpin(user);

    const results = await Promise.all(Array.from({ length: 50 }, () => spin(user)));

    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(49);
    for (const r of refused) {
      expect(r).toMatchObject({ status: 403, body: { message: 'You need to complete a checkpoint before spinning!' } });
    }
    const ducks = won[0]!.body.duckPointsAwarded as number;
    expect(await spinRows(user.id)).toEqual([{ amount: ducks, posted: true }]);
    expect((await me(user)).duckPoints).toBe(ducks);
  });
});

describe('identity comes from the session', () => {
  it.each(['email', 'user_id'])('a "%s" in the body never spends another visitor\'s spin', async (field) => {
    const visitor = await createUser();
    const other = await createUser();
    await earnSpin(other);
    const response = await api('POST', '/api/spin', visitor, { type: 'Scan', [field]: other.email });
    expect(response).toMatchObject({ status: 403, body: { message: 'You need to complete a checkpoint before spinning!' } });
    expect(await me(other)).toMatchObject({ duckPoints: 0 });
    // The other visitor still has their spin.
    expect((await spin(other)).status).toBe(200);
    expect((await me(visitor)).duckPoints).toBe(0);
  });

  it("spending one's own spin while naming another visitor credits only oneself", async () => {
    const visitor = await createUser();
    const other = await createUser();
    await earnSpin(visitor);
    const response = await api('POST', '/api/spin', visitor, { type: 'Scan', email: other.email, user_id: other.email });
    expect(response.status).toBe(200);
    expect((await me(visitor)).duckPoints).toBe(response.body.duckPointsAwarded);
    expect((await me(other)).duckPoints).toBe(0);
  });

  it('without a session: 401 with a message', async () => {
    const response = await api('POST', '/api/spin', undefined, { type: 'Scan' });
    expect(response).toMatchObject({ status: 401, body: { message: 'Please log in to continue.' } });
  });
});
