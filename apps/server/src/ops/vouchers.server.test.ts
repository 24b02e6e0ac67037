import { describe, expect, it } from 'vitest';
import { type TestUser, api, createUser, getTestContext, claimVoucher } from '../../test/helpers';
import { redeemVoucher as redeem } from '../vouchers/vouchers';
import { formatRedeemedVoucher } from './vouchers';

const redeemVoucher = (db: Parameters<typeof redeem>[0], code: string) => redeem(db, code, { actor: 'cli', now: new Date() });

async function db() {
  return (await getTestContext()).database.db;
}

const profile = async (user: TestUser) =>
  (await api('GET', '/api/profile', user)).body.claimed as { voucherCode: string; redeemed: boolean }[];

describe('voucher:redeem', () => {
  it('redeems once, typed in any case with stray spaces, and names the item and the visitor', async () => {
    const user = await createUser({ ducks: 10, fullName: 'Vera Voucher' });
    const { item, code } = await claimVoucher(user);
    const redeemed = await redeemVoucher(await db(), `  ${code.toLowerCase()} `);
    expect(redeemed).toMatchObject({ code, item, email: user.email, redeemedBy: 'cli' });
    expect(formatRedeemedVoucher(redeemed, 'Asia/Singapore')).toContain(`"${item}" to Vera Voucher <${user.email}>`);
    expect(formatRedeemedVoucher(redeemed, 'Asia/Singapore')).toMatch(/\(claimed \d{4}-\d\d-\d\dT[\d:.]+\+08:00\)/);
    expect(await profile(user)).toEqual([expect.objectContaining({ voucherCode: code, redeemed: true })]);
  });

  it('refuses a second redemption, naming when the first one was', async () => {
    const user = await createUser({ ducks: 10 });
    const { code } = await claimVoucher(user);
    await redeemVoucher(await db(), code);
    await expect(redeemVoucher(await db(), code)).rejects.toThrow(
      /^Already redeemed by cli at \d{4}-\d\d-\d\d \d\d:\d\d \(.+\)\.$/,
    );
  });

  it('lets only one of two simultaneous redemptions through', async () => {
    const user = await createUser({ ducks: 10 });
    const { code } = await claimVoucher(user);
    const results = await Promise.allSettled([redeemVoucher(await db(), code), redeemVoucher(await db(), code)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('refuses an unknown code and an empty one', async () => {
    await expect(redeemVoucher(await db(), 'QQ-NOPE0-NOPE0')).rejects.toThrow(
      'No voucher has this code. Check the code and try again.',
    );
    await expect(redeemVoucher(await db(), '   ')).rejects.toThrow('The voucher code is empty.');
  });
});
