// Journey 7: rewards. The claim gate's alerts (not enough ducks, sold out, outside the window with its
// timing text), the confirm dialog, the server's refusals, and successful claims that show up in My Rewards
// with their quantity and vouchers. Each test claims rewards no other journey claims, so stock counts are exact.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiAs, createVisitor, expect, ops, signIn, test, type Visitor } from '../support/fixtures';
import { APP_URL } from '../support/ports';

interface Item {
  item: string;
  quantity: number;
}
interface Claimed {
  item: string;
  voucherCode: string;
}

const rewardRow = (page: Page, item: string) =>
  page
    .getByRole('region', { name: 'Rewards' })
    .getByRole('button')
    .filter({ has: page.getByText(item, { exact: true }) });

/** The header's ducks: a claim can only be tapped once the visitor's ducks have arrived. */
const expectDucks = (page: Page, ducks: number) =>
  expect(page.getByRole('region', { name: 'Your ducks' })).toHaveText(new RegExp(`^${ducks}Ducks`));

async function expectAlert(page: Page, message: string): Promise<void> {
  const alert = page.getByRole('alertdialog');
  await expect(alert).toHaveAccessibleName(message);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
}

async function stockOf(visitor: Visitor, item: string): Promise<number> {
  const { body } = await apiAs<{ items: Item[] }>(visitor, '/api/inventory');
  const reward = body.items.find((r) => r.item === item);
  if (!reward) throw new Error(`no reward ${item}`);
  return reward.quantity;
}

async function ducksOf(visitor: Visitor): Promise<number> {
  return (await apiAs<{ duckPoints: number }>(visitor, '/api/me')).body.duckPoints;
}

async function claimThroughDialogs(page: Page, item: string, price: number): Promise<void> {
  await rewardRow(page, item).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Reward Claim' });
  await expect(confirm).toContainText(`Are you sure you want to claim ${item} for ${price} ducks?`);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog', { name: `You claimed the ${item}!` })).toBeVisible();
  await expect(confirm).toBeHidden();
}

test('the claim gate: not enough ducks, sold out and not yet open are refused with their messages', async ({ context, page }) => {
  const visitor = await createVisitor();
  await ops('ducks:adjust', visitor.email, '4', '--reason', 'e2e rewards');
  await signIn(context, visitor);
  await page.goto('/rewards');
  await expectDucks(page, 4);
  await expect(page.getByText('Cabins, upgrades, discounts, credits, wifi, champagne, beer - all up for grabs!')).toBeVisible();

  await expect(rewardRow(page, 'Wifi Day Pass')).toContainText('5 ducks');
  await rewardRow(page, 'Wifi Day Pass').click();
  await expectAlert(page, 'You need 5 ducks to claim this reward. You currently have 4 ducks.');

  const suite = rewardRow(page, 'Suite Upgrade');
  await expect(suite).toContainText('Sold out');
  await expect(suite).toContainText('Not available');
  // Disabled rows are aria-disabled but still answer a tap with the reason: Playwright must not wait for them.
  await suite.click({ force: true });
  await expectAlert(page, 'Limit for this reward is reached.');

  // Onboard Credit opens on day 8; the demo campaign's today is day 4.
  const onboard = rewardRow(page, 'Onboard Credit');
  await expect(onboard).toContainText('Redeem in 4 days');
  await expect(onboard).toContainText('60 left');
  // The list scrolls with the page under the fixed bottom buttons: a visitor scrolls the row up before tapping it.
  await onboard.evaluate((row) => row.scrollIntoView({ block: 'center' }));
  await onboard.click({ force: true });
  await expectAlert(page, 'This reward is not available at this time.');
  await expect(page.getByRole('dialog', { name: 'Confirm Reward Claim' })).toHaveCount(0);

  // An affordable reward opens the confirm dialog; Cancel and a tap on the backdrop close it unclaimed.
  const confirm = page.getByRole('dialog', { name: 'Confirm Reward Claim' });
  await rewardRow(page, 'Draught Beer').click();
  await expect(confirm).toContainText('Are you sure you want to claim Draught Beer for 3 ducks?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await rewardRow(page, 'Draught Beer').click();
  await expect(confirm).toBeVisible();
  await page.mouse.click(4, 4);
  await expect(confirm).toBeHidden();

  expect(await ducksOf(visitor)).toBe(4);
  expect((await apiAs<{ claimed: Claimed[] }>(visitor, '/api/profile')).body.claimed).toEqual([]);
});

test('a visitor claims a reward twice: it shows in My Rewards as x2 and its detail shows both vouchers', async ({
  context,
  page,
}) => {
  const visitor = await createVisitor();
  await ops('ducks:adjust', visitor.email, '40', '--reason', 'e2e rewards');
  const stockBefore = await stockOf(visitor, 'Beer Bucket');
  await signIn(context, visitor);
  await page.goto('/rewards');
  await expectDucks(page, 40);

  // A cabin owners' reward for a visitor without a cabin: greyed, and a tap says why without asking to confirm.
  await expect(rewardRow(page, 'Balcony Cabin Upgrade')).toHaveAttribute('aria-disabled', 'true');
  await rewardRow(page, 'Balcony Cabin Upgrade').click({ force: true });
  await expectAlert(page, 'This reward is for cabin owners only.');
  await expect(page.getByRole('dialog', { name: 'Confirm Reward Claim' })).toHaveCount(0);
  await expectDucks(page, 40);

  await claimThroughDialogs(page, 'Beer Bucket', 5);
  await page.getByRole('button', { name: 'Back to Rewards' }).click();
  await expect(page.getByRole('dialog', { name: 'You claimed the Beer Bucket!' })).toBeHidden();
  await expectDucks(page, 35);
  await expect(rewardRow(page, 'Beer Bucket')).toContainText(`${stockBefore - 1} left`);

  await claimThroughDialogs(page, 'Beer Bucket', 5);
  await page.getByRole('link', { name: 'My Rewards' }).click();
  await expect(page).toHaveURL(/\/my-rewards$/);
  await expect(page.getByText('These are the rewards you have successfully claimed and own')).toBeVisible();
  const owned = page.getByRole('button').filter({ has: page.getByText('Beer Bucket', { exact: true }) });
  await expect(owned).toContainText('x2');

  const { body: profile } = await apiAs<{ claimed: Claimed[] }>(visitor, '/api/profile');
  const codes = profile.claimed.map((claim) => claim.voucherCode);
  expect(profile.claimed.map((claim) => claim.item)).toEqual(['Beer Bucket', 'Beer Bucket']);
  expect(codes).toEqual([expect.stringMatching(/^QQ-\w{5}-\w{5}$/), expect.stringMatching(/^QQ-\w{5}-\w{5}$/)]);

  await owned.click();
  await expect(page).toHaveURL(/\/reward-detail$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beer Bucket');
  await expect(page.getByText('A bucket of five chilled bottled beers to share on deck.')).toBeVisible();
  const vouchers = page.getByRole('region', { name: 'Your vouchers' });
  for (const code of codes) {
    await expect(vouchers.getByText(code, { exact: true })).toBeVisible();
    await expect(vouchers.getByRole('img', { name: `QR code of voucher ${code}` })).toBeVisible();
  }

  expect(await ducksOf(visitor)).toBe(30);
  expect(await stockOf(visitor, 'Beer Bucket')).toBe(stockBefore - 2);

  // The per-visitor limit (2) reached: the row says so, a tap says why, and the server refuses a third claim.
  await page.goto('/rewards');
  await expectDucks(page, 30);
  await expect(rewardRow(page, 'Beer Bucket')).toContainText('You have already claimed this reward as many times as allowed.');
  await rewardRow(page, 'Beer Bucket').click({ force: true });
  await expectAlert(page, 'You have already claimed this reward as many times as allowed.');
  const third = await fetch(`${APP_URL}/api/claims`, {
    method: 'POST',
    headers: { cookie: `qq_session=${visitor.cookie}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ item: 'Beer Bucket' }),
  });
  expect(third.status).toBe(409);
  expect(await ducksOf(visitor)).toBe(30);
});

test('a cabin owner claims an owners-only reward and is refused one for visitors without a cabin', async ({ context, page }) => {
  const visitor = await createVisitor({ cabin: true });
  await ops('ducks:adjust', visitor.email, '40', '--reason', 'e2e rewards');
  const stockBefore = await stockOf(visitor, 'Shipping Credit');
  await signIn(context, visitor);
  await page.goto('/rewards');
  await expectDucks(page, 40);

  await rewardRow(page, '20% Cabin Discount').click({ force: true });
  await expectAlert(page, 'This reward is for visitors who do not have a cabin yet.');

  await claimThroughDialogs(page, 'Shipping Credit', 20);
  await page.getByRole('button', { name: 'Back to Rewards' }).click();
  await expectDucks(page, 20);
  await expect(rewardRow(page, 'Shipping Credit')).toContainText(`${stockBefore - 1} left`);

  await page.goto('/my-rewards');
  const owned = page.getByRole('button').filter({ has: page.getByText('Shipping Credit', { exact: true }) });
  await expect(owned).toBeVisible();
  await expect(owned).not.toContainText(/x\d/);
  await owned.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shipping Credit');
  const [claim] = (await apiAs<{ claimed: Claimed[] }>(visitor, '/api/profile')).body.claimed;
  await expect(page.getByRole('region', { name: 'Your voucher' }).getByText(claim!.voucherCode, { exact: true })).toBeVisible();
});
