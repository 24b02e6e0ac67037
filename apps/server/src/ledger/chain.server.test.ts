// The ledger's hash chains (decision 079, issue 34 part 3): each visitor's rows linked in the order written, also when
// 50 spins and claims of one visitor arrive at once; `ops verify` names a row changed or removed in the database,
// the first break of each visitor; a day's digest changes when a row written by then does, a visitor's last row
// included; and the migration links the rows written before the chains existed. The cases that tamper run on a
// database of their own.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addCheckpoint, addReward, api, attempt, createUser, getTestContext } from '../../test/helpers';
import { privateDatabases } from '../../test/private-databases';
import { type Database, queryRows } from '../db/client';
import { formatVerify, verifyInvariants } from '../db/invariants';
import { users } from '../db/schema';
import { ledgerDigest } from './digest';
import { addLedgerRow } from './ledger';

const databases = privateDatabases();
const CHAIN = 'the ledger chains hold: each row unchanged, none missing';

type Link = { id: number; user_id: number; seq: number; hash: string };
const linksOf = (db: Database['db'], userId: number) =>
  queryRows<Link>(db, sql`select id::int, user_id::int, seq, hash from ledger where user_id = ${userId} order by seq`);

/** The failing checks, each with its problem rows. */
async function broken(database: Database) {
  const result = await verifyInvariants(database.db);
  return Object.fromEntries(result.checks.filter((c) => c.problems.length > 0).map((c) => [c.name, c.problems]));
}

async function visitorWithRows(database: Database, email: string, amounts: number[]): Promise<number> {
  const [user] = await database.db.insert(users).values({ email, fullName: email }).returning({ id: users.id });
  for (const [i, amount] of amounts.entries()) {
    await database.db.transaction((tx) =>
      addLedgerRow(tx, {
        userId: user!.id,
        amount,
        posted: true,
        kind: 'adjustment',
        reason: `row ${i + 1}`,
        at: new Date(Date.UTC(2026, 10, 27, 10, i)),
      }),
    );
  }
  return user!.id;
}

describe('the ledger chains', () => {
  it("link each visitor's rows in the order written, with 50 spins and claims of one visitor at once", async () => {
    const { database } = await getTestContext();
    const visitor = await createUser({ ducks: 40 });
    const reward = await addReward({ stock: 100, price: 1 });
    // 25 answered checkpoints to spin for, and 25 claims, all at once.
    const slugs = [];
    for (let i = 0; i < 25; i++) {
      const { slug } = await addCheckpoint({ type: 'Str', maxAttempts: 1 });
      expect((await attempt(visitor, slug, 'Quackers')).status).toBe(200);
      slugs.push(slug);
    }
    const results = await Promise.all([
      ...slugs.map(() => api('POST', '/api/spin', visitor, { type: 'Scan' })),
      ...slugs.map((_, i) =>
        api('POST', '/api/claims', visitor, { item: reward.item }, { 'idempotency-key': `chain-${visitor.id}-${i}` }),
      ),
    ]);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(results.filter((r) => r.status === 200 || r.status === 201).length).toBeGreaterThan(25);

    const links = await linksOf(database.db, visitor.id);
    // One row per place, 1, 2, ... with no gap, and written in that order.
    expect(links.map((link) => link.seq)).toEqual(links.map((_, i) => i + 1));
    expect([...links].sort((a, b) => a.id - b.id).map((link) => link.seq)).toEqual(links.map((link) => link.seq));
    const result = await verifyInvariants(database.db);
    expect(result.checks.find((c) => c.name === CHAIN)?.problems.filter((p) => p.user_id === visitor.id)).toEqual([]);
  });

  describe('on databases of their own', () => {
    const tampered = databases.before(() => databases.fresh());
    const digested = databases.before(() => databases.fresh());
    // As a build before the chains left it (every migration before 0029), with rows of two visitors.
    const migrated = databases.before(() =>
      databases.migratedBefore(
        '0029_ledger_chain',
        `insert into users (id, email, full_name, ducks) values (1, 'a@example.com', 'A', 6), (2, 'b@example.com', 'B', 2);
      insert into ledger (user_id, amount, posted, kind, reason, created_at) values
        (1, 5, true, 'adjustment', 'first', '2026-11-01T08:00:00Z'), (2, 2, true, 'adjustment', null, '2026-11-01T09:00:00Z'),
        (1, 1, true, 'adjustment', 'second', '2026-11-02T09:30:00.123456+08')`,
      ),
    );

    it("names a row changed and a row removed in the database, each visitor's first break, earliest first", async () => {
      const database = tampered();
      const ada = await visitorWithRows(database, 'ada@example.com', [5, 3, -2, 4]);
      const ben = await visitorWithRows(database, 'ben@example.com', [1, 1, 1]);
      expect(await broken(database)).toEqual({});
      const [adaLinks, benLinks] = [await linksOf(database.db, ada), await linksOf(database.db, ben)];

      // Ben's second row is removed, Ada's third made a gain (and both balances put right, so only the chain can tell).
      await database.db.execute(sql`delete from ledger where id = ${benLinks[1]!.id}`);
      await database.db.execute(sql`update users set ducks = ducks - 1 where id = ${ben}`);
      await database.db.execute(sql`update ledger set amount = 2 where id = ${adaLinks[2]!.id}`);
      await database.db.execute(sql`update users set ducks = ducks + 4 where id = ${ada}`);
      expect(await broken(database)).toEqual({
        [CHAIN]: [
          { id: adaLinks[2]!.id, user_id: ada, seq: 3, problem: 'row changed' },
          { id: benLinks[2]!.id, user_id: ben, seq: 3, problem: 'rows 2..2 of the visitor removed' },
        ].sort((a, b) => a.id - b.id),
      });
      expect(formatVerify(await verifyInvariants(database.db))).toMatch(/^FAIL {2}the ledger chains hold/m);
    });

    it("a day's digest stays the same until a row written by then changes, a visitor's last row included", async () => {
      const database = digested();
      const ada = await visitorWithRows(database, 'ada@example.com', [5, 3]);
      await visitorWithRows(database, 'ben@example.com', [1]);
      const day = () => ledgerDigest(database.db, '2026-11-27', 'Asia/Singapore');
      const before = await day();
      expect(before).toMatchObject({ rows: 3, visitors: 2 });
      expect(before.digest).toMatch(/^[0-9a-f]{64}$/);
      // A row written the next day changes nothing of the day's digest.
      await database.db.transaction((tx) =>
        addLedgerRow(tx, { userId: ada, amount: 1, posted: true, kind: 'adjustment', at: new Date(Date.UTC(2026, 10, 28, 12)) }),
      );
      expect(await day()).toEqual(before);
      // Ada's last row of the day removed: no later link of that day covers it, the digest does.
      const links = await linksOf(database.db, ada);
      await database.db.execute(sql`delete from ledger where id = ${links[1]!.id}`);
      expect((await day()).digest).not.toBe(before.digest);
    });

    it('links the rows written before the chains existed when its migration runs', async () => {
      const database = migrated();
      expect((await linksOf(database.db, 1)).map((link) => link.seq)).toEqual([1, 2]);
      expect((await linksOf(database.db, 2)).map((link) => link.seq)).toEqual([1]);
      await database.db.transaction((tx) =>
        addLedgerRow(tx, { userId: 1, amount: 1, posted: true, kind: 'adjustment', at: new Date() }),
      );
      expect((await linksOf(database.db, 1)).map((link) => link.seq)).toEqual([1, 2, 3]);
      expect(await broken(database)).toEqual({});
    });
  });
});
