import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { describe, expect, it } from 'vitest';
import { getTestContext } from '../../test/helpers';
import { queryRows } from './client';

describe.skipIf(process.env.TEST_DB === 'postgres')('PGlite under a queue of queries', () => {
  it('lets the event loop run between them: a timer set while 100 wait fires before the last one ends', async () => {
    const { database } = await getTestContext();
    const events: string[] = [];
    const queued = Array.from({ length: 100 }, (_, i) =>
      i % 2
        ? database.db.execute(sql`select 1`).then(() => events.push('query'))
        : database.db.transaction(async (tx) => tx.execute(sql`select 1`)).then(() => events.push('transaction')),
    );
    setTimeout(() => events.push('timer'), 0);
    await Promise.all(queued);
    const timerAt = events.indexOf('timer');
    expect(timerAt, 'the timer fired before the queue ended').toBeGreaterThan(-1);
    expect(timerAt).toBeLessThan(50);
    expect(events).toHaveLength(101);
  });
});

// PGlite has one session, shared by the connections to its thread (db/pglite-worker.mjs, decision 043).
describe.skipIf(process.env.TEST_DB === 'postgres')("PGlite's thread and its connections", () => {
  const pool = (db: unknown) => (db as { $client: Pool }).$client;

  it("runs another connection's statement after a transaction, never inside it", async () => {
    const { database } = await getTestContext();
    await database.db.execute(sql`create temporary table seen (who text)`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const rolledBack = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into seen values ('transaction')`);
        started();
        await held;
        throw new Error('rolled back on purpose');
      })
      .catch((error: Error) => error.message);
    await inside;
    // Sent on another connection while the transaction is open: it must wait, or the rollback would take it too.
    const other = database.db.execute(sql`insert into seen values ('other')`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await rolledBack).toBe('rolled back on purpose');
    await other;
    const rows = await queryRows<{ who: string }>(database.db, sql`select who from seen`);
    expect(rows.map((row) => row.who)).toEqual(['other']);
  });

  it('rolls back what a connection left open when it goes, and the others go on', async () => {
    const { database } = await getTestContext();
    await database.db.execute(sql`create temporary table left_open (n int)`);
    const client = await pool(database.db).connect();
    await client.query('begin');
    await client.query('insert into left_open values (1)');
    client.release(true); // closes the connection in the middle of its transaction
    await database.db.execute(sql`insert into left_open values (2)`);
    const rows = await queryRows<{ n: number }>(database.db, sql`select n from left_open`);
    expect(rows.map((row) => row.n)).toEqual([2]);
  });

  it('prepares the same statement on every connection under names of its own', async () => {
    const { database } = await getTestContext();
    const count = (n: number) => sql`select count(*)::int as n from generate_series(1, ${n})`;
    // More at once than the pool has connections: each connection prepares the statement once.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => queryRows<{ n: number }>(database.db, count(i + 1))));
    expect(answers.map(([row]) => row!.n)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});
