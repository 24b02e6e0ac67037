// The prize committee's vetting (issue 32 part 3, decisions 074 and 075): one person makes two accounts in the same
// browser on the ship's address, the crew adjusts the first one's ducks, blocks and unblocks it, and it buys a reward.
// The committee's list of winners shows that account's flags (adjusted, once blocked, same phone, same browser) and
// "How the ducks came": parts that add up to its ducks, each change by whom and why, the twin account by name, and the
// sign-ups from the same address. A server of its own: its leaderboard is this journey's alone.
import { randomBytes } from 'node:crypto';
import { type Browser, type Page, devices } from '@playwright/test';
import { signInToConsole } from '../support/console';
import { claimAs, createVisitor, expect, test, uniqueEmail } from '../support/fixtures';
import { type OwnServer, startOwnServer } from '../support/own-server';
import { OWN_PORTS } from '../support/ports';

let server: OwnServer | undefined;
let appUrl = '';
const admin = uniqueEmail('admin');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer({ port: OWN_PORTS.vetting, operators: [{ email: admin, role: 'admin' }] });
  appUrl = server.url;
});

test.afterAll(async () => {
  await server?.stop();
});

async function consolePage(browser: Browser, width: number): Promise<Page> {
  const options = width > 500 ? { viewport: { width, height: 900 } } : devices['Pixel 7'];
  const context = await browser.newContext({ ...options, baseURL: appUrl });
  return context.newPage();
}

test('the committee sees how a winner got their ducks, and the twin account made in the same browser', async ({ browser }) => {
  test.setTimeout(120_000);
  // One phone on the ship's Wi-Fi: two accounts from the same browser and address; a neighbour on the same Wi-Fi.
  const phone = `qq_browser=${randomBytes(24).toString('base64url')}`;
  const ship = `127.${randomBytes(1)[0]!}.${randomBytes(1)[0]!}.7`;
  const twin = await createVisitor({ name: 'Tan Ah Kow', appUrl, browser: phone, from: ship });
  await createVisitor({ name: 'Tan A. Kow', appUrl, browser: phone, from: ship });
  await createVisitor({ name: 'Nurul Huda', appUrl, from: ship });

  // The helpdesk: 30 ducks for a stage quiz, 5 taken back; then a block and an unblock.
  const laptop = await consolePage(browser, 1280);
  await signInToConsole(laptop, admin);
  await laptop.goto('/console/participants');
  await laptop.getByLabel('Search by e-mail, name, phone, Instagram or voucher code').fill(twin.email);
  await laptop.getByRole('button', { name: 'Search' }).click();
  // The search's own answer first: the list shown meanwhile is the newest visitors', whose link a click while the
  // search is in flight can lose to it (a CI run's failure: the click landed, the list stayed).
  await expect(laptop.getByRole('status')).toHaveText(/^1 visitor for /);
  await laptop.getByRole('link', { name: /Tan Ah Kow/ }).click();
  const adjust = laptop.getByRole('region', { name: 'Adjust ducks' });
  for (const [amount, reason] of [
    ['30', 'Stage quiz winner'],
    ['-5', 'Quiz answer shared by a friend'],
  ] as const) {
    await adjust.getByLabel('Amount (negative to take away)').fill(amount);
    await adjust.getByLabel('Reason').fill(reason);
    await adjust.getByRole('button', { name: 'Adjust ducks' }).click();
    await expect(adjust.getByRole('status')).toContainText('The balance is now');
  }
  // The visitor buys the wifi with them.
  await claimAs(twin, 'Voyage Wifi', appUrl);
  const block = laptop.getByRole('region', { name: 'Block' });
  await block.getByLabel('Reason').fill('Two accounts on one phone?');
  await block.getByRole('button', { name: 'Block' }).click();
  await laptop.getByRole('region', { name: 'Unblock' }).getByRole('button', { name: 'Unblock' }).click();
  await expect(laptop.getByRole('region', { name: 'Block' }).getByRole('status')).toHaveText(
    'Unblocked. The visitor can sign in and play again.',
  );

  // The committee, on a phone: the top 3, the flags, and how the ducks came.
  const committee = await consolePage(browser, 412);
  await signInToConsole(committee, admin);
  await committee.goto('/console/exports');
  await committee.getByLabel('Number of winners').fill('3');
  await committee.getByRole('button', { name: 'Show who will be e-mailed' }).click();
  const list = committee.getByRole('list', { name: 'Notify winners' });
  const first = list.locator(':scope > li').first();
  await expect(first).toContainText('Tan Ah Kow');
  await expect(first).toContainText('17 ducks');
  for (const flag of [
    'Ducks adjusted by hand: +25 (2 times)',
    'Was blocked before',
    'Same phone as 2 other accounts',
    'Same browser as 1 other account',
  ]) {
    await expect(first.getByText(flag, { exact: true })).toBeVisible();
  }
  await first.getByText('How the ducks came').click();
  const vetting = first.locator('details');
  // Given by hand +25, spent on the wifi -8: 17 ducks.
  await expect(vetting.locator('dt')).toHaveText(['Given or taken by hand', 'Spent on rewards', 'Ducks now']);
  await expect(vetting.locator('dd')).toHaveText(['+25', '-8', '17']);
  await expect(vetting.getByRole('listitem')).toContainText([
    `+30 ducks by ${admin}: Stage quiz winner`,
    `-5 ducks by ${admin}: Quiz answer shared by a friend`,
    `Blocked by ${admin}: Two accounts on one phone?`,
    `Unblocked by ${admin}`,
    'Tan A. Kow',
  ]);
  await expect(vetting.getByRole('heading', { name: 'Other accounts signed up in the same browser' })).toBeVisible();
  await expect(vetting).toContainText('2 other accounts signed up from the same address within 10 minutes');
  await first.screenshot({ path: test.info().outputPath('vetting-row-412.png') });
  await committee.screenshot({ path: test.info().outputPath('vetting-412.png'), fullPage: true });
  await committee.setViewportSize({ width: 1280, height: 900 });
  await committee.screenshot({ path: test.info().outputPath('vetting-1280.png'), fullPage: true });
});
