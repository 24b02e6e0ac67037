import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addCheckpoint, addReward, api, attempt, createUser, getTestContext, spin } from '../../test/helpers';
import { users } from './schema';
import { verifyInvariants } from './invariants';

class Rollback extends Error {}

describe('npm run ops -- verify', () => {
  it('finds every invariant holding after spins, claims and reviews', async () => {
    const { database } = await getTestContext();
    const visitor = await createUser({ ducks: 20 });
    const scan = await addCheckpoint({ type: 'Scan' });
    await attempt(visitor, scan.slug, 'QQ-TEST-RIGHT');
    await spin(visitor);
    const reward = await addReward({ stock: 3, price: 5 });
    await api('POST', '/api/claims', visitor, { item: reward.item }, { 'idempotency-key': 'verify-claim-1' });
    const result = await verifyInvariants(database.db);
    expect(result.checks.filter((c) => c.problems.length > 0)).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('notices a balance changed without its ledger row, and a stock changed without its claim', async () => {
    const { database } = await getTestContext();
    const visitor = await createUser({ ducks: 7 });
    const reward = await addReward({ stock: 2 });
    await expect(
      database.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ ducks: sql`${users.ducks} + 100` })
          .where(eq(users.id, visitor.id));
        await tx.execute(sql`update rewards set stock = stock - 1 where id = ${reward.id}`);
        const result = await verifyInvariants(tx);
        const failed = result.checks.filter((c) => c.problems.length > 0).map((c) => c.name);
        expect(result.ok).toBe(false);
        expect(failed).toEqual([
          'shown ducks equal the posted ledger rows',
          'claims never exceed the stock that was loaded, and stock is loaded minus claimed',
        ]);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect((await verifyInvariants(database.db)).ok).toBe(true);
  });
});
