// The audit trail's hash chain (decision 065): every committed row is sealed once, in commit order, also when
// operators act at the same moment; a rolled-back action leaves no seal; and `ops verify` (verifyInvariants) finds a
// row edited, a row removed, a seal removed and a trail cut short at its end, each by name. Rows written before the
// chain existed are sealed by its migration. Each case runs on a database of its own: it tampers with the trail.
import { describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../db/client';
import { formatVerify, verifyInvariants } from '../db/invariants';
import { refusal } from '../../test/helpers';
import { privateDatabases } from '../../test/private-databases';
import { sql } from 'drizzle-orm';
import { recordAudit } from './audit';

const databases = privateDatabases();

const entry = (n: number) => ({
  actor: `admin-${n}@crew.example.com`,
  action: 'operator.add' as const,
  subject: `user:${n}`,
  before: null,
  after: { role: 'staff', n },
  at: new Date(Date.UTC(2026, 10, 27, 12, 0, n)),
});

/** The failing checks' names, each with its problem rows. */
async function broken(database: Database) {
  const result = await verifyInvariants(database.db);
  return Object.fromEntries(result.checks.filter((c) => c.problems.length > 0).map((c) => [c.name, c.problems]));
}

/** As the database's owner would, around the trail's append-only triggers (and its seal: nothing is sealed). */
async function bypassing(database: Database, table: string, statement: string): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`alter table ${table} disable trigger user`));
    await tx.execute(sql.raw(statement));
    await tx.execute(sql.raw(`alter table ${table} enable trigger user`));
  });
}

async function seals(database: Database) {
  return queryRows<{ seq: number; audit_id: number }>(
    database.db,
    sql`select seq::int, audit_id::int from audit_seals order by seq`,
  );
}

describe('the audit chain', () => {
  // Each made before the tests (a new database takes seconds, many more on a loaded machine): the first case's, which
  // the third goes on with; the second's, which it tampers with; and one as a build before the chain left it.
  const sealedOnce = databases.before(() => databases.fresh());
  const tampered = databases.before(() => databases.fresh());
  const migrated = databases.before(() =>
    databases.migratedBefore(
      '0022_audit_chain',
      `insert into audit_log (at, actor, action, subject, after) values
      ('2026-11-01T08:00:00Z', 'cli', 'campaign.load', 'demo', '{"version": 1}'),
      ('2026-11-02T09:30:00.123456+08', 'admin@crew.example.com', 'operator.add', 'staff@crew.example.com', null)`,
    ),
  );

  it('seals every committed row once, in order, with operators acting at once; a rolled-back one leaves no seal', async () => {
    const database = sealedOnce();
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        database.db.transaction(async (tx) => {
          await recordAudit(tx, entry(n));
          await recordAudit(tx, entry(100 + n));
        }),
      ),
    );
    await expect(
      database.db.transaction(async (tx) => {
        await recordAudit(tx, entry(999));
        throw new Error('the action failed after its audit row');
      }),
    ).rejects.toThrow('the action failed');
    const sealed = await seals(database);
    expect(sealed.map((s) => s.seq)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(new Set(sealed.map((s) => s.audit_id)).size).toBe(24);
    // A transaction's two rows are sealed one after the other.
    const ids = await queryRows<{ id: number; actor: string }>(database.db, sql`select id::int, actor from audit_log`);
    const bySeq = sealed.map((s) => ids.find((row) => row.id === s.audit_id)!.actor);
    for (let n = 0; n < 12; n++) {
      const first = bySeq.indexOf(`admin-${n}@crew.example.com`);
      expect(bySeq[first + 1]).toBe(`admin-${100 + n}@crew.example.com`);
    }
    const result = await verifyInvariants(database.db);
    expect(result.ok, formatVerify(result)).toBe(true);
    expect(formatVerify(result)).toMatch(/Audit trail: 24 rows sealed, head #24 [0-9a-f]{64}/);
  });

  it('names an edited row, a removed row, a removed seal and a trail cut short', async () => {
    const database = tampered();
    for (let n = 1; n <= 6; n++) await database.db.transaction((tx) => recordAudit(tx, entry(n)));
    const sealed = await seals(database);
    expect(await broken(database)).toEqual({});

    // Edited: the subject of the second row, then put back as it was (the chain holds again).
    const second = sealed[1]!.audit_id;
    await bypassing(database, 'audit_log', `update audit_log set subject = 'user:42' where id = ${second}`);
    expect(await broken(database)).toEqual({
      'the audit chain holds: each row unchanged, no number missing': [
        { seq: 2, audit_id: second, problem: 'row or seal changed' },
      ],
    });
    await bypassing(database, 'audit_log', `update audit_log set subject = 'user:2' where id = ${second}`);
    expect(await broken(database)).toEqual({});

    // Removed: the third row.
    const third = sealed[2]!.audit_id;
    await bypassing(database, 'audit_log', `delete from audit_log where id = ${third}`);
    expect(await broken(database)).toEqual({
      'the audit chain holds: each row unchanged, no number missing': [{ seq: 3, audit_id: third, problem: 'row removed' }],
    });

    // A seal and its row removed together: the gap in the numbers shows.
    await bypassing(database, 'audit_seals', `delete from audit_seals where seq = 3`);
    expect(await broken(database)).toEqual({
      'the audit chain holds: each row unchanged, no number missing': [
        { seq: 4, audit_id: sealed[3]!.audit_id, problem: 'seals 3..3 removed' },
      ],
    });

    // The last row and its seal removed: only the head knows.
    const last = sealed[5]!.audit_id;
    await bypassing(database, 'audit_log', `delete from audit_log where id = ${last}`);
    await bypassing(database, 'audit_seals', `delete from audit_seals where seq = 6`);
    expect(Object.keys(await broken(database))).toEqual([
      'the audit chain holds: each row unchanged, no number missing',
      "the audit chain's head is its last seal",
    ]);
  });

  it('refuses to change or remove a seal or the head, and a row inserted around the chain shows as unsealed', async () => {
    const database = sealedOnce();
    await database.db.transaction((tx) => recordAudit(tx, entry(1)));
    for (const statement of [
      sql`update audit_seals set hash = 'x'`,
      sql`delete from audit_seals`,
      sql`truncate audit_seals`,
      sql`delete from audit_chain`,
      sql`insert into audit_chain (id, seq, hash) values (2, 0, '')`,
    ]) {
      expect(await refusal(database.db.execute(statement))).toMatch(/append-only|audit_chain_one_row/);
    }
    await bypassing(database, 'audit_log', `insert into audit_log (at, actor, action) values (now(), 'someone', 'operator.add')`);
    expect(Object.keys(await broken(database))).toEqual(['every audit row is sealed in the chain']);
  });

  it('seals the rows written before the chain existed, in id order, when its migration runs', async () => {
    const database = migrated();
    const sealed = await seals(database);
    const rows = await queryRows<{ id: number }>(database.db, sql`select id::int from audit_log order by id`);
    expect(sealed).toEqual(rows.map((row, i) => ({ seq: i + 1, audit_id: row.id })));
    await database.db.transaction((tx) => recordAudit(tx, entry(3)));
    const result = await verifyInvariants(database.db);
    expect(result.ok, formatVerify(result)).toBe(true);
    expect(formatVerify(result)).toMatch(/Audit trail: 3 rows sealed, head #3 /);
  });
});
