// The audit trail (decision 019): admins read it a page at a time and export it (the export is audited), and
// the database refuses to change or delete a row, whatever the app does.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/auth';
import { createOperator } from '../../test/console';
import { addCheckpoint, addReward, api, attempt, createUser, getTestContext, unique } from '../../test/helpers';
import { attempts, auditLog } from '../db/schema';
import { redeemVoucher } from '../vouchers/vouchers';
import { recordAudit } from './audit';

describe('the audit trail', () => {
  it('lists newest first, a page at a time', async () => {
    const { app } = await getTestContext();
    const admin = await createOperator('admin');
    for (const role of ['staff', 'reviewer', 'admin']) {
      await call(app, 'POST', '/api/console/operators', {
        cookie: admin.cookie,
        body: { email: `page-${role}-${Date.now()}@crew.example.com`, role },
      });
    }
    // Other test files write audit rows meanwhile: this admin's rows are picked out of each page.
    type Row = { id: number; actor: string; after: { role: string } };
    const mine = (rows: Row[]) => rows.filter((row) => row.actor === admin.email).map((row) => row.after.role);
    const first = await call(app, 'GET', '/api/console/audit?limit=500', { cookie: admin.cookie });
    expect(mine(first.body.rows as Row[])).toEqual(['admin', 'reviewer', 'staff']);
    const paged: string[] = [];
    let before = (first.body.rows as Row[]).find((row) => row.actor === admin.email)!.id + 1;
    for (let page = 0; page < 500 && paged.length < 3; page++) {
      const next = await call(app, 'GET', `/api/console/audit?limit=1&before=${before}`, { cookie: admin.cookie });
      const rows = next.body.rows as Row[];
      expect(rows).toHaveLength(1);
      paged.push(...mine(rows));
      before = rows[0]!.id;
    }
    expect(paged).toEqual(['admin', 'reviewer', 'staff']);
    expect((await call(app, 'GET', '/api/console/audit?limit=0', { cookie: admin.cookie })).status).toBe(400);
  });

  it('filters by action and by actor', async () => {
    const { app } = await getTestContext();
    const admin = await createOperator('admin');
    const added = `filter-${Date.now()}@crew.example.com`;
    await call(app, 'POST', '/api/console/operators', { cookie: admin.cookie, body: { email: added, role: 'staff' } });
    await call(app, 'POST', '/api/console/operators', { cookie: admin.cookie, body: { email: added, role: 'reviewer' } });
    type Row = { actor: string; action: string; subject: string };
    const byActor = await call(app, 'GET', `/api/console/audit?actor=${encodeURIComponent(admin.email.toUpperCase())}`, {
      cookie: admin.cookie,
    });
    expect((byActor.body.rows as Row[]).map((row) => [row.action, row.subject])).toEqual([
      ['operator.change_role', added],
      ['operator.add', added],
    ]);
    const byAction = await call(app, 'GET', '/api/console/audit?action=operator.change_role&limit=500', { cookie: admin.cookie });
    const rows = byAction.body.rows as Row[];
    expect(rows.every((row) => row.action === 'operator.change_role')).toBe(true);
    expect(rows.map((row) => row.subject)).toContain(added);
  });

  it('keeps the rows that concern one visitor, or one reward (issue 32 part 6)', async () => {
    const { app, database } = await getTestContext();
    const [admin, reviewer, staff] = [
      await createOperator('admin'),
      await createOperator('reviewer'),
      await createOperator('staff'),
    ];
    const [visitor, other] = [await createUser({ ducks: 20 }), await createUser({ ducks: 20 })];
    const asAdmin = (url: string, body?: object) =>
      call(app, body ? 'POST' : 'GET', url, { cookie: admin.cookie, ...(body && { body }) });
    for (const user of [visitor, other]) {
      expect((await asAdmin(`/api/console/participants/${user.id}/ducks`, { amount: 2, reason: 'Lost photo' })).status).toBe(200);
    }
    expect((await asAdmin(`/api/console/participants/${visitor.id}`)).status).toBe(200);
    // A text answer of theirs, approved by a reviewer.
    const { slug, id: checkpointId } = await addCheckpoint({ type: 'Str' });
    expect((await attempt(visitor, slug, 'Quackers')).body).toMatchObject({ outcome: 'submitted' });
    const [answer] = await database.db
      .select({ id: attempts.id })
      .from(attempts)
      .where(and(eq(attempts.userId, visitor.id), eq(attempts.checkpointId, checkpointId)));
    const decided = await call(app, 'POST', '/api/console/reviews/decisions', {
      cookie: reviewer.cookie,
      body: { decisions: [{ attemptId: answer!.id, decision: 'approve' }] },
    });
    expect(decided.status).toBe(200);
    // A reward restocked, claimed by both, and the visitor's voucher handed over.
    const reward = await addReward({ price: 3 });
    expect((await asAdmin(`/api/console/rewards/${reward.id}/stock`, { amount: 5, reason: 'Delivery' })).status).toBe(200);
    const codes: string[] = [];
    for (const user of [visitor, other]) {
      const claimed = await api('POST', '/api/claims', user, { item: reward.item }, { 'idempotency-key': unique('key') });
      codes.push(claimed.body.voucherCode as string);
    }
    await redeemVoucher(database.db, codes[0]!, { actor: staff.email, now: new Date() });

    type Row = { action: string; actor: string };
    const trail = async (query: string) =>
      ((await asAdmin(`/api/console/audit?limit=500&${query}`)).body.rows as Row[]).map((row) => [row.action, row.actor]);
    expect(await trail(`user=${visitor.id}`)).toEqual([
      ['voucher.redeem', staff.email],
      ['review.approve', reviewer.email],
      ['participant.view', admin.email],
      ['participant.adjust_ducks', admin.email],
    ]);
    expect(await trail(`reward=${reward.id}`)).toEqual([
      ['voucher.redeem', staff.email],
      ['reward.stock', admin.email],
    ]);
    expect(await trail(`user=${visitor.id}&action=participant.adjust_ducks`)).toEqual([
      ['participant.adjust_ducks', admin.email],
    ]);
    expect((await asAdmin('/api/console/audit?user=abc')).status).toBe(400);
  });

  it('exports CSV safe to open in a spreadsheet, and records the export', async () => {
    const { app, database } = await getTestContext();
    const admin = await createOperator('admin');
    await database.db.transaction((tx) =>
      recordAudit(tx, {
        actor: admin.email,
        action: 'operator.add',
        subject: '=HYPERLINK("http://evil.example")',
        at: new Date(),
      }),
    );
    const response = await app.inject({ method: 'POST', url: '/api/console/audit.csv', headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body.split('\r\n')[0]).toBe('id,at,actor,action,subject,before,after');
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const exports = await database.db.select().from(auditLog).where(eq(auditLog.actor, admin.email));
    expect(exports.map((row) => row.action)).toContain('audit.export');
    expect(response.body).toContain(`,${admin.email},audit.export,audit.csv,`);
    // Times in the campaign's zone with its offset, as the console shows them (issue 32 part 5).
    const [, first] = response.body.split('\r\n');
    expect(first!.split(',')[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+08:00$/);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of audit rows in the database itself', async () => {
    const { database } = await getTestContext();
    const admin = await createOperator('admin');
    await database.db.transaction((tx) => recordAudit(tx, { actor: admin.email, action: 'audit.export', at: new Date() }));
    await expect(
      database.db.execute(sql`update audit_log set actor = 'someone else' where actor = ${admin.email}`),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`delete from audit_log where actor = ${admin.email}`)).rejects.toThrow();
    await expect(database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.actor, admin.email));
    expect(rows).toHaveLength(1);
  });
});
