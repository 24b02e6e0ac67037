// The prize desk knows the visitor (issue 32 part 1): staff at the desk have a voucher on screen when an admin
// blocks its visitor; their Redeem is refused with the block's reason, and the screen shows the block. An admin at
// a laptop finds the same voucher, cannot redeem it without a reason, then redeems it anyway with one; the audit
// trail holds the refusal and the override.
import { signInToConsole } from '../support/console';
import { claimAs, createVisitor, expect, ops, test, uniqueEmail } from '../support/fixtures';
import { APP_URL } from '../support/ports';

const REASON = 'Two accounts, one phone number';

test("a blocked visitor's voucher: staff are refused with the reason, an admin redeems it with one, the trail shows both", async ({
  browser,
  page,
}, testInfo) => {
  const visitor = await createVisitor({ name: 'Hafiz Osman' });
  await ops('ducks:adjust', visitor.email, '20', '--reason', 'e2e blocked voucher');
  const voucherCode = await claimAs(visitor, 'Voyage Wifi');
  const [staff, admin] = [uniqueEmail('staff'), uniqueEmail('admin')];
  await ops('operator:add', staff, '--role', 'staff');
  await ops('operator:add', admin, '--role', 'admin');

  // The desk's phone: the voucher typed in, its visitor not (yet) blocked.
  await signInToConsole(page, staff);
  await page.getByRole('link', { name: 'Redeem' }).first().click();
  await page.getByLabel('Voucher code').fill(voucherCode.toLowerCase());
  await page.getByRole('button', { name: 'Look up' }).click();
  const voucher = page.getByRole('region', { name: 'Voyage Wifi' });
  await expect(voucher).toContainText('Hafiz Osman');
  await expect(voucher).toContainText('Reward forEveryone');
  await expect(voucher).toContainText('Do you already have a cabin?No, I need to win one');

  // Meanwhile an admin blocks the visitor (the helpdesk's route, as Participants calls it).
  // A laptop set to New York time: the console still shows the campaign's times, in Singapore, named (issue 32 part 5).
  const laptop = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    baseURL: APP_URL,
    timezoneId: 'America/New_York',
  });
  const adminPage = await laptop.newPage();
  try {
    await signInToConsole(adminPage, admin);
    const found = await adminPage.request.get(`/api/console/participants?q=${encodeURIComponent(visitor.email)}`);
    const { items } = (await found.json()) as { items: { userId: number }[] };
    const blocked = await adminPage.request.post(`/api/console/participants/${items[0]!.userId}/block`, {
      data: { reason: REASON },
    });
    expect(blocked.status()).toBe(200);

    // Staff tap Redeem on the screen they had: refused with the reason, and the voucher now shows the block.
    await voucher.getByRole('button', { name: 'Redeem' }).click();
    await expect(voucher.getByRole('alert').filter({ hasText: 'Do not hand out this reward' }).last()).toHaveText(
      `Do not hand out this reward: the visitor is blocked (${REASON}). Only an admin can redeem it, with a reason.`,
    );
    await expect(voucher.getByRole('alert').first()).toContainText(`Blocked visitor: do not hand out this reward. ${REASON}`);
    await expect(voucher.getByRole('button', { name: /Redeem/ })).toHaveCount(0);
    await expect(voucher).toContainText('only an admin can redeem it, with a reason.');
    await page.screenshot({ path: testInfo.outputPath('staff-refused-412.png'), fullPage: true });

    // The admin at the desk's laptop: the same voucher, a reason required, then redeemed anyway.
    await adminPage.getByRole('link', { name: 'Redeem' }).first().click();
    await adminPage.getByLabel('Voucher code').fill(voucherCode);
    await adminPage.getByRole('button', { name: 'Look up' }).click();
    const adminVoucher = adminPage.getByRole('region', { name: 'Voyage Wifi' });
    await expect(adminVoucher.getByRole('alert')).toContainText(REASON);
    await expect(adminVoucher.getByRole('alert')).toContainText(/Blocked \d+ \w+ \d{4}, \d\d:\d\d GMT\+8\./);
    await adminVoucher.getByRole('button', { name: 'Redeem anyway' }).click();
    await expect(adminVoucher.getByRole('alert').last()).toHaveText('A reason is required.');
    await adminVoucher.getByLabel(/Reason to hand it over anyway/).fill('Won on stage before the block; the captain agreed');
    await adminPage.screenshot({ path: testInfo.outputPath('admin-override-1280.png'), fullPage: true });
    await adminVoucher.getByRole('button', { name: 'Redeem anyway' }).click();
    await expect(adminVoucher.getByRole('status')).toHaveText('Redeemed. Hand out the reward.');
    await expect(adminVoucher).toContainText(
      'Redeemed although the visitor is blocked: Won on stage before the block; the captain agreed',
    );

    // The audit trail: the staff's refused redemption, then the admin's, with the reason.
    await adminPage.getByRole('link', { name: 'Audit trail' }).first().click();
    const trail = adminPage.getByRole('list', { name: 'Audit trail' });
    // Other journeys redeem vouchers on this server meanwhile: the rows are found by who acted.
    const overridden = trail.getByRole('listitem').filter({ hasText: `${admin}voucher.redeem` });
    await expect(overridden).toHaveCount(1);
    await expect(overridden).toContainText('Won on stage before the block; the captain agreed');
    const refused = trail.getByRole('listitem').filter({ hasText: `${staff}voucher.redeem_refused` });
    await expect(refused).toHaveCount(1);
    await expect(refused).toContainText(REASON);
    await adminPage.screenshot({ path: testInfo.outputPath('audit-1280.png'), fullPage: true });
  } finally {
    await laptop.close();
  }
});
