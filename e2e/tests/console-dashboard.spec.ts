// The live numbers (docs/product.md §15, decision 021). Issue 13's must-show: the dashboard shows a claim made a
// moment before. An admin keeps /console/dashboard open; a visitor, in another browser context, claims a
// reward through the visitor app; the dashboard shows it at its next refresh, without a reload. The reward is
// one no other journey claims, so its row's numbers are exact even with journeys running in parallel (which
// may add claims of their own to the total).
import { type Locator, type Page, devices } from '@playwright/test';
import { signInToConsole } from '../support/console';
import { createVisitor, expect, ops, signIn, test, uniqueEmail } from '../support/fixtures';
import { APP_URL } from '../support/ports';

const ITEM = 'Early Bird 10% Off';
const PRICE = 15;

const figure = (card: Locator, label: string) =>
  card
    .locator('.dash-figure')
    .filter({ has: card.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
const number = async (locator: Locator) => Number((await locator.innerText()).replace(/,/g, ''));
const rewardCells = (page: Page) =>
  page.getByRole('region', { name: 'Stock per reward' }).getByRole('row', { name: ITEM }).getByRole('cell');

test('the dashboard shows a claim made a moment before', async ({ page, browser }) => {
  const admin = uniqueEmail('admin');
  await ops('operator:add', admin, '--role', 'admin');
  const visitor = await createVisitor({ name: 'Dana Dashboard' });
  await ops('ducks:adjust', visitor.email, String(PRICE), '--reason', 'e2e console dashboard');

  await signInToConsole(page, admin);
  await page
    .getByRole('link', { name: /Live numbers/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Live numbers', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Updated \d\d:\d\d:\d\d$/)).toBeVisible();
  const claims = page.getByRole('region', { name: 'Claims' });
  const claimsBefore = await number(figure(claims, 'Total'));
  const leftBefore = await number(rewardCells(page).nth(0));
  const claimedBefore = await number(rewardCells(page).nth(1));
  expect(claimedBefore).toBe(0);
  // Marks this document: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  // The visitor, on their own phone, claims the reward in the visitor app.
  const phone = await browser.newContext({ ...devices['Pixel 7'], baseURL: APP_URL });
  try {
    await signIn(phone, visitor);
    const app = await phone.newPage();
    await app.goto('/rewards');
    await expect(app.getByRole('region', { name: 'Your ducks' })).toHaveText(new RegExp(`^${PRICE}Ducks`));
    await app.getByRole('region', { name: 'Rewards' }).getByRole('button').filter({ hasText: ITEM }).click();
    await app.getByRole('dialog', { name: 'Confirm Reward Claim' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(app.getByRole('dialog', { name: `You claimed the ${ITEM}!` })).toBeVisible();
  } finally {
    await phone.close();
  }

  // The next refresh (every 10 s) shows it: this reward's stock one less and its claims one more.
  await expect(rewardCells(page).nth(1)).toHaveText(String(claimedBefore + 1), { timeout: 25_000 });
  await expect(rewardCells(page).nth(0)).toHaveText(String(leftBefore - 1));
  expect(await number(figure(claims, 'Total'))).toBeGreaterThanOrEqual(claimsBefore + 1);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
