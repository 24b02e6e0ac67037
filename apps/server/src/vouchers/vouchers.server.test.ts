// Vouchers on board in the console (docs/product.md §14): staff look up a voucher and redeem it once; a second
// redemption names who and when, in the campaign's time zone.
import { type ConsoleVoucher, consoleMessages } from '@quackquest/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestOperator, createOperator } from '../../test/console';
import { type TestUser, api, createUser, getTestContext, claimVoucher } from '../../test/helpers';
import { queryRows } from '../db/client';
import { auditLog, claims } from '../db/schema';
import { normalizeVoucherCode } from './vouchers';

async function call(operator: TestOperator, method: 'GET' | 'POST', code: string) {
  const { app } = await getTestContext();
  const suffix = method === 'POST' ? '/redeem' : '';
  const response = await app.inject({
    method,
    url: `/api/console/vouchers/${encodeURIComponent(code)}${suffix}`,
    headers: { cookie: operator.cookie },
  });
  return { status: response.statusCode, body: response.json<ConsoleVoucher & { message?: string }>() };
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
});
