// Adding and removing operators (decision 019): the rules an admin meets in the console and the CLI alike,
// and the audit row each change leaves with the values before and after.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/auth';
import { createOperator } from '../../test/console';
import { getTestContext } from '../../test/helpers';
import { CLI_ACTOR } from '../audit/audit';
import type { DbOrTx } from '../db/client';
import { auditLog, operators } from '../db/schema';
import { COMMANDS } from '../ops/commands';
import { addOperator, removeOperator } from './operators';
import { roleOf } from './roles';

const ROLLBACK = new Error('rolled back by the test');

/** Runs the work on a state of its own, undone afterwards: other tests share the database. */
async function inRolledBackTransaction(work: (tx: DbOrTx) => Promise<void>) {
  const { database } = await getTestContext();
  await expect(
    database.db.transaction(async (tx) => {
      await work(tx);
      throw ROLLBACK;
    }),
  ).rejects.toBe(ROLLBACK);
}

const lastAudit = async (subject: string) => {
  const { database } = await getTestContext();
  return database.db.select().from(auditLog).where(eq(auditLog.subject, subject)).orderBy(auditLog.id);
};

describe('operators', () => {
  it('an admin adds, changes and removes an operator, each audited with before and after', async () => {
    const { app } = await getTestContext();
    const admin = await createOperator('admin');
    const email = `new-${Date.now()}@crew.example.com`;
    const added = await call(app, 'POST', '/api/console/operators', {
      cookie: admin.cookie,
      body: { email: ` ${email.toUpperCase()} `, role: 'staff' },
    });
    expect([added.status, added.body]).toEqual([201, { email, role: 'staff' }]);
    const changed = await call(app, 'POST', '/api/console/operators', {
      cookie: admin.cookie,
      body: { email, role: 'reviewer' },
    });
    expect(changed.status).toBe(201);
    const listed = await call(app, 'GET', '/api/console/operators', { cookie: admin.cookie });
    expect(listed.body.operators).toContainEqual(expect.objectContaining({ email, role: 'reviewer', addedBy: admin.email }));
    expect(listed.body.operators).toContainEqual(
      expect.objectContaining({ email: 'ops@example.com', role: 'admin', addedBy: 'campaign' }),
    );
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/console/operators/${email}`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect((await lastAudit(email)).map(({ actor, action, before, after }) => ({ actor, action, before, after }))).toEqual([
      { actor: admin.email, action: 'operator.add', before: null, after: { role: 'staff' } },
      { actor: admin.email, action: 'operator.change_role', before: { role: 'staff' }, after: { role: 'reviewer' } },
      { actor: admin.email, action: 'operator.remove', before: { role: 'reviewer', addedBy: admin.email }, after: null },
    ]);
  });

  it('refuses an unknown role and a malformed address with a clear 400, changing nothing', async () => {
    const { app } = await getTestContext();
    const admin = await createOperator('admin');
    const badRole = await call(app, 'POST', '/api/console/operators', {
      cookie: admin.cookie,
      body: { email: 'a@crew.example.com', role: 'root' },
    });
    expect([badRole.status, badRole.body.message]).toEqual([400, 'The role must be one of admin, reviewer, staff.']);
    const badEmail = await call(app, 'POST', '/api/console/operators', {
      cookie: admin.cookie,
      body: { email: 'not an address', role: 'staff' },
    });
    expect([badEmail.status, badEmail.body.message]).toEqual([400, 'Please enter a valid email address.']);
  });

  it('an admin cannot remove or demote themselves', async () => {
    const { app } = await getTestContext();
    const admin = await createOperator('admin');
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/console/operators/${admin.email}`,
      headers: { cookie: admin.cookie },
    });
    expect([removed.statusCode, removed.json<{ message: string }>().message]).toEqual([
      403,
      'You cannot remove yourself; ask another admin.',
    ]);
    const demoted = await call(app, 'POST', '/api/console/operators', {
      cookie: admin.cookie,
      body: { email: admin.email, role: 'staff' },
    });
    expect(demoted.status).toBe(403);
    expect((await call(app, 'GET', '/api/console/me', { cookie: admin.cookie })).body.role).toBe('admin');
  });

  it("the campaign's operator.emails are changed only by the pack", async () => {
    const { app } = await getTestContext();
    const admin = await createOperator('admin');
    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/console/operators/ops@example.com',
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json<{ message: string }>().message).toMatch(/campaign pack/);
  });

  it('the last admin can be neither removed nor demoted', async () => {
    await inRolledBackTransaction(async (tx) => {
      // A state with one admin: no operator.emails in the campaign, no other admin row.
      await tx.execute(sql`update campaigns set info = info - 'operatorEmails' where active`);
      await tx.delete(operators).where(eq(operators.role, 'admin'));
      const now = new Date();
      await addOperator(tx, { email: 'only@crew.example.com', role: 'admin', actor: CLI_ACTOR, now });
      await expect(removeOperator(tx, { email: 'only@crew.example.com', actor: CLI_ACTOR, now })).rejects.toThrow(
        'only@crew.example.com is the last admin: add another admin first.',
      );
      await expect(addOperator(tx, { email: 'only@crew.example.com', role: 'staff', actor: CLI_ACTOR, now })).rejects.toThrow(
        /last admin/,
      );
      await addOperator(tx, { email: 'second@crew.example.com', role: 'admin', actor: CLI_ACTOR, now });
      await removeOperator(tx, { email: 'only@crew.example.com', actor: CLI_ACTOR, now });
      expect(await roleOf(tx, 'only@crew.example.com')).toBeUndefined();
    });
  });

  it('the CLI adds, lists and removes operators, audited as "cli"', async () => {
    const { database, dataDir } = await getTestContext();
    const run = (name: string, args: string[], options: Record<string, string | boolean> = {}) =>
      COMMANDS.find((command) => command.name === name)!.run({
        args,
        options,
        env: {} as never,
        openDb: async () => database.db,
        cwd: dataDir,
      });
    const email = `cli-${Date.now()}@crew.example.com`;
    expect(await run('operator:add', [email], { role: 'staff' })).toBe(`${email} is now staff.`);
    expect(await run('operator:list', [])).toContain(`${email}  staff  (added by cli)`);
    expect(await roleOf(database.db, email)).toBe('staff');
    expect(await run('operator:remove', [email])).toBe(`${email} (staff) is no longer an operator.`);
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, email), eq(auditLog.actor, CLI_ACTOR)))
      .orderBy(auditLog.id);
    expect(rows.map((row) => row.action)).toEqual(['operator.add', 'operator.remove']);
  });
});
