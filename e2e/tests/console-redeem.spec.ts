// Vouchers on board (docs/product.md §15): staff scan a visitor's voucher QR with the camera and redeem it; a
// second scan shows who redeemed it and when.
// NEEDS the console API (branch i13-api: GET /api/console/vouchers/:code, POST .../redeem).
import { devices } from '@playwright/test';
import { signInToConsole } from '../support/console';
import { apiAs, claimAs, createVisitor, expect, ops, test, uniqueEmail } from '../support/fixtures';
import { APP_URL, browserPaths, chromiumArgs } from '../support/ports';
import { fakeCameraArgs, qrVideo } from '../support/qr-video';

test('staff scan a voucher and redeem it; a second scan shows who redeemed it', async ({ playwright }) => {
  const visitor = await createVisitor({ name: 'Arif Rahman' });
  await ops('ducks:adjust', visitor.email, '20', '--reason', 'e2e console redeem');
  const voucherCode = await claimAs(visitor, 'Voyage Wifi');
  const staff = uniqueEmail('staff');
  await ops('operator:add', staff, '--role', 'staff');

  // The fake camera shows this voucher's QR (what the visitor's My Rewards shows: the code itself), so this
  // journey starts a browser of its own once the code is known.
  const video = qrVideo([{ text: voucherCode, seconds: 3 }]);
  const browser = await playwright.chromium.launch({
    executablePath: browserPaths.full,
    args: [...chromiumArgs, ...fakeCameraArgs(video)],
  });
  try {
    const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: APP_URL, permissions: ['camera'] });
    const page = await context.newPage();
    await signInToConsole(page, staff);
    await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link')).toHaveText(['Redeem', 'Kiosks']);
    await page.getByRole('link', { name: 'Redeem' }).first().click();

    await page.getByRole('button', { name: 'Scan voucher' }).click();
    await expect(page.getByRole('dialog', { name: 'Scan QR Code' })).toBeHidden({ timeout: 20_000 });
    const voucher = page.getByRole('region', { name: 'Voyage Wifi' });
    await expect(voucher).toContainText('Arif Rahman');
    await expect(voucher).toContainText(voucherCode);
    await voucher.getByRole('button', { name: 'Redeem' }).click();
    await expect(voucher.getByRole('status')).toHaveText('Redeemed. Hand out the reward.');
    const { body: profile } = await apiAs<{ claimed: { voucherCode: string; redeemed: boolean }[] }>(visitor, '/api/profile');
    expect(profile.claimed).toEqual([expect.objectContaining({ voucherCode, redeemed: true })]);

    // The same QR again: already redeemed, by whom.
    await page.getByRole('button', { name: 'Next voucher' }).click();
    await page.getByRole('button', { name: 'Scan voucher' }).click();
    await expect(page.getByRole('dialog', { name: 'Scan QR Code' })).toBeHidden({ timeout: 20_000 });
    await expect(page.getByRole('alert')).toContainText(`Already redeemed by ${staff} at `);
    await expect(page.getByRole('button', { name: 'Redeem', exact: true })).toHaveCount(0);
  } finally {
    await browser.close();
  }
});
