// Vouchers on board in the console (docs/product.md §14): staff look up a voucher and redeem it once; a second
// redemption names who and when, in the campaign's time zone.
import { type ConsoleVoucher, consoleMessages } from '@quackquest/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestOperator, createOperator } from '../../test/console';
import { type TestUser, api, createUser, getTestContext, claimVoucher } from '../../test/helpers';
import { queryRows } from '../db/client';
import { auditLog, claims, users } from '../db/schema';
import { normalizeVoucherCode } from './vouchers';

async function call(operator: TestOperator, method: 'GET' | 'POST', code: string, body?: object) {
  const { app } = await getTestContext();
  const suffix = method === 'POST' ? '/redeem' : '';
  const response = await app.inject({
    method,
    url: `/api/console/vouchers/${encodeURIComponent(code)}${suffix}`,
    headers: { cookie: operator.cookie },
    ...(body && { payload: body }),
  });
  return { status: response.statusCode, body: response.json<ConsoleVoucher & { message?: string; code?: string }>() };
}

const profile = async (user: TestUser) =>
  (await api('GET', '/api/profile', user)).body.claimed as { voucherCode: string; redeemed: boolean }[];

describe('vouchers on board', () => {
  it('staff look a voucher up and redeem it; a second redemption is 409 naming who and when', async () => {
    const user = await createUser({ ducks: 10, fullName: 'Vera Voucher' });
    const { item, code } = await claimVoucher(user);
    const staff = await createOperator('staff');

    const found = await call(staff, 'GET', code);
    expect(found).toEqual({
      status: 200,
      body: {
        code,
        item,
        visitorName: 'Vera Voucher',
        claimedAt: expect.any(Number) as unknown,
        redeemedAt: null,
        redeemedBy: null,
        redeemOverride: null,
        visitor: { status: 'active', blockedReason: null, blockedAt: null },
        // The demo campaign's sign-up question and answers (campaigns/singapore-2025/campaign.yaml).
        eligibility: 'Everyone',
        signup: { question: 'Do you already have a cabin?', answer: 'No, I need to win one' },
      },
    });

    const redeemed = await call(staff, 'POST', code);
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({ code, item, redeemedBy: staff.email, redeemedAt: expect.any(Number) as unknown });
    expect(await profile(user)).toEqual([expect.objectContaining({ voucherCode: code, redeemed: true })]);

    const { database } = await getTestContext();
    const zones = await queryRows<{ zone: string }>(
      database.db,
      sql`select info ->> 'timeZone' as zone from campaigns where active`,
    );
    const timeZone = zones[0]!.zone;
    const at = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date(redeemed.body.redeemedAt! * 1000))
      .replace(',', '');
    const again = await call(await createOperator('admin'), 'POST', code);
    expect(again).toEqual({
      status: 409,
      body: {
        code: 'alreadyRedeemed',
        message: `Already redeemed by ${staff.email} at ${at} (${timeZone}).`,
        params: { by: staff.email, at: `${at} (${timeZone})` },
      },
    });

    const [claim] = await database.db.select().from(claims).where(eq(claims.voucherCode, code));
    expect(claim).toMatchObject({ redeemedBy: staff.email });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'voucher.redeem'), eq(auditLog.subject, `claim:${claim!.id}`)));
    expect(audit.map((row) => [row.actor, row.before, row.after])).toEqual([
      [
        staff.email,
        { redeemedAt: null, redeemedBy: null },
        { redeemedAt: claim!.redeemedAt!.toISOString(), redeemedBy: staff.email },
      ],
    ]);
  });

  it('takes a code typed in lower case with spaces, or without its dashes', async () => {
    const { code } = await claimVoucher(await createUser({ ducks: 10 }));
    const staff = await createOperator('staff');
    const typed = ` ${code.toLowerCase().replace(/-/g, ' - ')} `;
    expect(await call(staff, 'GET', typed)).toMatchObject({ status: 200, body: { code } });
    expect(await call(staff, 'POST', code.replace(/-/g, '').toLowerCase())).toMatchObject({ status: 200, body: { code } });
    expect(normalizeVoucherCode('qq abcde fghjk')).toBe('QQ-ABCDE-FGHJK');
  });

  it('answers an unknown code with 404 and the contract message', async () => {
    const staff = await createOperator('staff');
    for (const method of ['GET', 'POST'] as const) {
      expect(await call(staff, method, 'QQ-ZZZZZ-ZZZZ2')).toEqual({
        status: 404,
        body: { code: 'voucherNotFound', message: consoleMessages.voucherNotFound },
      });
    }
  });

  it("shows who may claim the reward and the visitor's answer in the campaign's words", async () => {
    const owner = await createUser({ ducks: 10, cabinOwner: true });
    const { code } = await claimVoucher(owner, { eligibility: 'owners' });
    const found = await call(await createOperator('staff'), 'GET', code);
    expect(found.body).toMatchObject({
      eligibility: 'cabin owners only',
      signup: { question: 'Do you already have a cabin?', answer: 'Yes, I have a cabin' },
    });
  });
});

describe("a blocked visitor's voucher (issue 32 part 1)", () => {
  async function blockedVoucher() {
    const user = await createUser({ ducks: 10 });
    const { code } = await claimVoucher(user);
    const { database } = await getTestContext();
    const [claim] = await database.db.select().from(claims).where(eq(claims.voucherCode, code));
    // As the helpdesk blocks a visitor (participants.ts), after the claim.
    await database.db
      .update(users)
      .set({ blockedAt: new Date(), blockedReason: 'Two accounts, one phone' })
      .where(eq(users.id, user.id));
    return { code, claimId: claim!.id };
  }

  async function trail(claimId: number) {
    const { database } = await getTestContext();
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `claim:${claimId}`))
      .orderBy(auditLog.id);
    return rows.map((row) => ({ actor: row.actor, action: row.action, after: row.after }));
  }

  async function redeemedAt(code: string) {
    const { database } = await getTestContext();
    const [claim] = await database.db.select().from(claims).where(eq(claims.voucherCode, code));
    return claim!.redeemedAt;
  }

  it('shows the block and its reason, refuses staff with the reason, and puts the refusal on the record', async () => {
    const { code, claimId } = await blockedVoucher();
    const staff = await createOperator('staff');
    const found = await call(staff, 'GET', code);
    expect(found.body.visitor).toEqual({
      status: 'blocked',
      blockedReason: 'Two accounts, one phone',
      blockedAt: expect.any(Number) as unknown,
    });

    const refused = await call(staff, 'POST', code);
    expect(refused).toEqual({
      status: 403,
      body: {
        code: 'voucherOwnerBlocked',
        message: consoleMessages.voucherOwnerBlocked({ reason: 'Two accounts, one phone' }),
        params: { reason: 'Two accounts, one phone' },
      },
    });
    // Staff cannot override: only an admin can.
    expect(await call(staff, 'POST', code, { override: 'The purser said so' })).toMatchObject({
      status: 403,
      body: { code: 'roleRefused' },
    });
    expect(await redeemedAt(code)).toBeNull();
    expect(await trail(claimId)).toEqual([
      {
        actor: staff.email,
        action: 'voucher.redeem_refused',
        after: { refused: 'visitor blocked', blockedReason: 'Two accounts, one phone' },
      },
    ]);
  });

  it('an admin redeems it with a reason, kept on the voucher and in the audit trail; without one, nothing changes', async () => {
    const { code, claimId } = await blockedVoucher();
    const admin = await createOperator('admin');
    expect(await call(admin, 'POST', code, { override: '   ' })).toMatchObject({
      status: 400,
      body: { message: consoleMessages.reasonRequired },
    });
    expect(await call(admin, 'POST', code)).toMatchObject({ status: 403, body: { code: 'voucherOwnerBlocked' } });
    expect(await redeemedAt(code)).toBeNull();

    const redeemed = await call(admin, 'POST', code, { override: 'Prize announced on stage before the block' });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({
      redeemedBy: admin.email,
      redeemOverride: 'Prize announced on stage before the block',
      visitor: { status: 'blocked', blockedReason: 'Two accounts, one phone' },
    });
    expect(await trail(claimId)).toEqual([
      expect.objectContaining({ action: 'voucher.redeem_refused', actor: admin.email }),
      {
        actor: admin.email,
        action: 'voucher.redeem',
        after: {
          redeemedAt: expect.any(String) as unknown,
          redeemedBy: admin.email,
          override: 'Prize announced on stage before the block',
          blockedReason: 'Two accounts, one phone',
        },
      },
    ]);
    // Redeemed once: a second override is a second redemption, refused as any other.
    expect(await call(admin, 'POST', code, { override: 'Again' })).toMatchObject({
      status: 409,
      body: { code: 'alreadyRedeemed' },
    });
  });

  it("an override on an active visitor's voucher is not recorded as one", async () => {
    const { code } = await claimVoucher(await createUser({ ducks: 10 }));
    const redeemed = await call(await createOperator('admin'), 'POST', code, { override: 'Just in case' });
    expect(redeemed).toMatchObject({ status: 200, body: { redeemOverride: null } });
  });
});
