import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type TestUser, addReward, api, createUser, getTestContext } from '../../test/helpers';
import { formatRedeemedVoucher, redeemVoucher } from './vouchers';

async function db() {
  return (await getTestContext()).database.db;
}

async function claimVoucher(user: TestUser): Promise<{ item: string; code: string }> {
  const reward = await addReward({ price: 3 });
  const response = await api(
    'POST',
    '/api/claims',
    user,
    { item: reward.item },
    { 'idempotency-key': `key-${randomBytes(8).toString('hex')}` },
  );
  expect(response.status).toBe(201);
  return { item: reward.item, code: response.body.voucherCode as string };
}

const profile = async (user: TestUser) =>
  (await api('GET', '/api/profile', user)).body.claimed as { voucherCode: string; redeemed: boolean }[];

describe('voucher:redeem', () => {
  it('redeems once, typed in any case with stray spaces, and names the item and the visitor', async () => {
    const user = await createUser({ ducks: 10, fullName: 'Vera Voucher' });
    const { item, code } = await claimVoucher(user);
    const redeemed = await redeemVoucher(await db(), `  ${code.toLowerCase()} `);
    expect(redeemed).toMatchObject({ voucherCode: code, item, email: user.email });
    expect(formatRedeemedVoucher(redeemed)).toContain(`"${item}" to Vera Voucher <${user.email}>`);
    expect(await profile(user)).toEqual([expect.objectContaining({ voucherCode: code, redeemed: true })]);
  });

  it('refuses a second redemption, naming when the first one was', async () => {
    const user = await createUser({ ducks: 10 });
    const { code } = await claimVoucher(user);
    const first = await redeemVoucher(await db(), code);
    await expect(redeemVoucher(await db(), code)).rejects.toThrow(`already redeemed at ${first.redeemedAt.toISOString()}`);
  });

  it('lets only one of two simultaneous redemptions through', async () => {
    const user = await createUser({ ducks: 10 });
    const { code } = await claimVoucher(user);
    const results = await Promise.allSettled([redeemVoucher(await db(), code), redeemVoucher(await db(), code)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('refuses an unknown code and an empty one', async () => {
    await expect(redeemVoucher(await db(), 'QQ-NOPE0-NOPE0')).rejects.toThrow('No voucher has the code QQ-NOPE0-NOPE0.');
    await expect(redeemVoucher(await db(), '   ')).rejects.toThrow('The voucher code is empty.');
  });
});
