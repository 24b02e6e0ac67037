// Issue 15 parts 5, 6, 7 and 9: reward rows say who may claim them and how many more ducks are needed, and
// scroll with the page; a list that fails to load says so and offers a retry (never an empty state); the
// leaderboard marks the visitor's own row and states the tie rule where ties show; the voucher says where and
// when to collect it. Issue 30 part 4: a call the server is slow to answer is told as slow.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiAs, createVisitor, expect, ops, signIn, test, type Visitor } from '../support/fixtures';
import { holdBack } from '../support/network';
import { APP_URL } from '../support/ports';

const rewardRow = (page: Page, item: string) =>
  page
    .getByRole('region', { name: 'Rewards' })
    .getByRole('button')
    .filter({ has: page.getByText(item, { exact: true }) });

const expectDucks = (page: Page, ducks: number) =>
  expect(page.getByRole('region', { name: 'Your ducks' })).toHaveText(new RegExp(`^${ducks}Ducks`));

/** Makes every call to `path` fail with a 500 until the returned function is called. */
async function failUntilFixed(page: Page, path: string): Promise<() => void> {
  let failing = true;
  await page.route(`**${path}`, (route) =>
    failing
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Internal Server Error' }),
        })
      : route.continue(),
  );
  return () => {
    failing = false;
  };
}

async function claim(visitor: Visitor, item: string): Promise<string> {
  const response = await fetch(`${APP_URL}/api/claims`, {
    method: 'POST',
    headers: { cookie: `qq_session=${visitor.cookie}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ item }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { voucherCode: string }).voucherCode;
}

test('reward rows say who may claim them and how many more ducks are needed; the list scrolls with the page', async ({
  context,
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const visitor = await createVisitor();
  await ops('ducks:adjust', visitor.email, '4', '--reason', 'e2e reward rows');
  await signIn(context, visitor);
  await page.goto('/rewards');
  await expectDucks(page, 4);

  await expect(rewardRow(page, '20% Cabin Discount')).toContainText('for visitors without a cabin');
  await expect(rewardRow(page, 'Wifi Day Pass')).not.toContainText(/cabin/);
  // 4 ducks: one short of the Wifi Day Pass (5), 56 short of the free cabin (60); the beer (3) is affordable.
  await expect(rewardRow(page, 'Wifi Day Pass')).toContainText('1 more duck');
  await expect(rewardRow(page, 'Free 3D2N Cabin')).toContainText('56 more ducks');
  // The upgrade is for cabin owners, which this visitor is not: it says so, not how many ducks it would take.
  await expect(rewardRow(page, 'Balcony Cabin Upgrade')).toContainText('This reward is for cabin owners only.');
  await expect(rewardRow(page, 'Balcony Cabin Upgrade')).not.toContainText('more duck');
  await expect(rewardRow(page, 'Draught Beer')).not.toContainText('more duck');
  // A sold-out reward says so, not how many ducks it would take.
  await expect(rewardRow(page, 'Suite Upgrade')).toContainText('Sold out');
  await expect(rewardRow(page, 'Suite Upgrade')).not.toContainText('more duck');

  // No box of its own: the list is as tall as its rows, and the page scrolls to the last one.
  const list = page.getByRole('region', { name: 'Rewards' });
  const box = await list.evaluate((el) => ({
    scroll: el.scrollHeight,
    client: el.clientHeight,
    overflow: getComputedStyle(el).overflowY,
  }));
  expect(box.overflow).toBe('visible');
  expect(box.scroll).toBe(box.client);
  await rewardRow(page, 'Beer Bucket').scrollIntoViewIfNeeded();
  await expect(rewardRow(page, 'Beer Bucket')).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test('rewards that fail to load say so with a Retry, which shows them', async ({ context, page }) => {
  const visitor = await createVisitor();
  await signIn(context, visitor);
  const fix = await failUntilFixed(page, '/api/inventory');
  await page.goto('/rewards');
  const failure = page.getByRole('alert').filter({ hasText: 'Could not load the rewards.' });
  await expect(failure).toBeVisible({ timeout: 15_000 });
  await expect(rewardRow(page, 'Draught Beer')).toHaveCount(0);
  fix();
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(rewardRow(page, 'Draught Beer')).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test('a visitor holding a voucher whose rewards fail to load is told so, never "You haven\'t claimed any rewards yet"', async ({
  context,
  page,
}) => {
  const visitor = await createVisitor();
  await ops('ducks:adjust', visitor.email, '12', '--reason', 'e2e owned rewards failure');
  const code = await claim(visitor, 'Champagne Toast');
  await signIn(context, visitor);
  const fix = await failUntilFixed(page, '/api/profile');
  await page.goto('/my-rewards');
  const failure = page.getByRole('alert').filter({ hasText: 'Could not load your rewards.' });
  await expect(failure).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("You haven't claimed any rewards yet", { exact: false })).toHaveCount(0);
  fix();
  await failure.getByRole('button', { name: 'Retry' }).click();
  const owned = page.getByRole('button').filter({ has: page.getByText('Champagne Toast', { exact: true }) });
  await expect(owned).toBeVisible();
  await expect(page.getByText("You haven't claimed any rewards yet", { exact: false })).toHaveCount(0);

  // The voucher says where and when to collect it: the campaign's place and dates.
  await owned.click();
  const voucher = page.getByRole('region', { name: 'Your voucher' });
  await expect(voucher.getByText(code, { exact: true })).toBeVisible();
  await expect(voucher.getByRole('term')).toHaveText(['Where', 'When']);
  await expect(voucher.getByRole('definition')).toHaveText(['Guest Services desk, Deck 5', '16-18 November 2025']);
});

test("the leaderboard that fails to load says so with a Retry; it marks the visitor's own row and states the tie rule", async ({
  context,
  page,
}) => {
  test.setTimeout(180_000); // four operator commands, each a process of its own
  // Two visitors on the same total, far above what other journeys give: both on the top list, tied.
  const tag = randomBytes(3).toString('hex');
  const [first, second] = [await createVisitor({ name: `Tied${tag} Aye` }), await createVisitor({ name: `Tied${tag} Bee` })];
  await ops('ducks:adjust', first.email, '8000', '--reason', 'e2e tie');
  await ops('ducks:adjust', second.email, '8000', '--reason', 'e2e tie');
  await signIn(context, second);

  const fix = await failUntilFixed(page, '/api/leaderboard');
  await page.goto('/leaderboard');
  const failure = page.getByRole('alert').filter({ hasText: 'Could not load the leaderboard.' });
  await expect(failure).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('list', { name: 'Top players' })).toHaveCount(0);
  fix();
  await failure.getByRole('button', { name: 'Retry' }).click();

  const list = page.getByRole('list', { name: 'Top players' });
  const mine = list.getByRole('listitem').filter({ hasText: `Tied${tag} B.` });
  const theirs = list.getByRole('listitem').filter({ hasText: `Tied${tag} A.` });
  await expect(mine).toHaveAttribute('aria-current', 'true');
  await expect(mine).toContainText(`Tied${tag} B. (you)`);
  await expect(theirs).not.toHaveAttribute('aria-current', /.*/);
  await expect(theirs).not.toContainText('(you)');
  await expect(list.locator('[aria-current]')).toHaveCount(1);
  // The first to reach 8000 ranks higher, as the rule under the list says.
  const board = (await apiAs<{ top: { displayName: string; rank: number }[] }>(second, '/api/leaderboard')).body.top;
  const rankOf = (name: string) => board.find((row) => row.displayName === name)!.rank;
  expect(rankOf(`Tied${tag} A.`)).toBe(rankOf(`Tied${tag} B.`) - 1);
  await expect(page.getByText('Same ducks? Whoever reached that total first ranks higher.')).toBeVisible();

  // Give the ducks back: later journeys expect their own visitors at the top.
  await ops('ducks:adjust', first.email, '-8000', '--reason', 'e2e tie done');
  await ops('ducks:adjust', second.email, '-8000', '--reason', 'e2e tie done');
});

test("a call the server is slow to answer says so after 6 s, never as the signal's fault, and the line goes with the answer", async ({
  signedInPage: page,
}) => {
  // The top list's answer held back, as a busy server or a crowded link would.
  const { release } = await holdBack(page, '**/api/leaderboard');
  await page.goto('/leaderboard');
  const line = page.getByRole('status').filter({ hasText: "Slow connection — still waiting for the game's server..." });
  // The app's rule: a call waiting 6 s makes the connection slow.
  await expect(line).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/No signal|Offline|not answering/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('slow-line.png') });
  release();
  await expect(page.getByRole('list', { name: 'Top players' })).toBeVisible();
  await expect(line).toHaveCount(0);
});
