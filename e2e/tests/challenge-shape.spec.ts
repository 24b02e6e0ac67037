// Issue 27 part 5: the shape of the 14 days, as a visitor on a phone sees it on the demo (today is day 4). Day n of 14
// and the streak above the list; the days to come folded into one row that says when the next one opens, in the
// visitor's time with the campaign's zone named; a new player's rank is "not yet" rather than last; a reward the
// visitor can never claim says why and does not look claimable; My Rewards lists each voucher's code, claim date
// and whether it was collected.
import { randomUUID } from 'node:crypto';
import { apiAs, expect, ops, test } from '../support/fixtures';
import { APP_URL } from '../support/ports';

// A visitor in London: the campaign's midnight in Singapore is their afternoon, so both clocks are named.
test.use({ timezoneId: 'Europe/London' });

test('day 4 of 14, the streak, and the days to come folded with the next opening in both zones', async ({
  signedInPage: page,
  visitor,
}) => {
  await page.goto('/checkpoints');
  const tracker = page.getByRole('region', { name: 'My Ducks' });
  await expect(tracker.getByText('Rank: not yet', { exact: true })).toBeVisible();
  await expect(page.getByText('Day 4 of 14', { exact: true })).toBeVisible();
  await expect(page.getByText(/in a row/)).toHaveCount(0);

  const list = page.getByRole('region', { name: 'Checkpoint list' });
  // The four open days, then one row for the ten to come.
  await expect(list.getByRole('listitem')).toHaveCount(4);
  const upcoming = list.locator('summary');
  await expect(upcoming).toContainText('10 more checkpoints to come');
  await expect(upcoming).toContainText(
    /The next one opens in \d+ (hours?|minutes?): \S+ \d\d:\d\d [AP]M your time \(\S+ 12:00 AM Singapore Standard Time\)/,
  );
  await page.screenshot({ path: test.info().outputPath('challenge-shape-412.png'), fullPage: true });
  await upcoming.click();
  await expect(list.getByRole('listitem')).toHaveCount(14);
  await expect(list.getByRole('button', { name: /Captain's Table.*Unlocks in 1 day/ })).toBeVisible();

  // Day 3 answered (yesterday): a streak of one, kept while today is still to do.
  const answer = (id: string, body: unknown) => apiAs(visitor, `/api/checkpoints/${id}/attempts`, body);
  expect((await answer('day-03-name-that-duck', { answer: 'Quackers' })).status).toBe(200);
  await page.reload();
  await expect(page.getByText('1 day in a row', { exact: true })).toBeVisible();
  // Day 1 too: day 2 is missing between them, so still one.
  expect((await answer('day-01-gangway', { answer: 'QQSG25-GANGWAY-MWMXXG' })).status).toBe(200);
  await page.reload();
  await expect(page.getByText('1 day in a row', { exact: true })).toBeVisible();
  // Day 2 fills the gap: three days in a row.
  expect((await answer('day-02-lifeboat-drill', { answer: ['b'] })).status).toBe(200);
  await page.reload();
  await expect(page.getByText('3 days in a row', { exact: true })).toBeVisible();
  // The days done keep their places, in the campaign's order.
  await expect(list.getByRole('listitem').first()).toContainText('Gangway Hello');
  await expect(list.getByRole('listitem').nth(2)).toContainText('Name That Duck');
});

test('rewards not for this visitor say why and look it; My Rewards lists code, date and state', async ({
  signedInPage: page,
  visitor,
}) => {
  await ops('ducks:adjust', visitor.email, '40', '--reason', 'e2e challenge shape');
  await page.goto('/rewards');
  const rewards = page.getByRole('region', { name: 'Rewards' });
  const row = (item: string) => rewards.getByRole('button').filter({ has: page.getByText(item, { exact: true }) });
  // The visitor answered "no cabin" at sign-up: a cabin owners' upgrade is greyed, says why, and asks for no ducks.
  const upgrade = row('Balcony Cabin Upgrade');
  await expect(upgrade).toContainText('This reward is for cabin owners only.');
  await expect(upgrade).toHaveAttribute('aria-disabled', 'true');
  await expect(upgrade).not.toContainText('more duck');
  // Greyed rows are aria-disabled but still answer a tap with the reason: Playwright must not wait for them.
  await upgrade.click({ force: true });
  const alert = page.getByRole('alertdialog');
  await expect(alert).toHaveAccessibleName('This reward is for cabin owners only.');
  await alert.getByRole('button', { name: 'OK' }).click();
  await page.screenshot({ path: test.info().outputPath('rewards-ineligible-412.png'), fullPage: true });

  // Two claims, one collected at the desk.
  const claim = async (item: string) => {
    const response = await fetch(`${APP_URL}/api/claims`, {
      method: 'POST',
      headers: { cookie: `qq_session=${visitor.cookie}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ item }),
    });
    return { status: response.status, body: (await response.json()) as { voucherCode: string } };
  };
  const wifi = await claim('Wifi Day Pass');
  const toast = await claim('Champagne Toast');
  expect([wifi.status, toast.status]).toEqual([201, 201]);
  await ops('voucher:redeem', wifi.body.voucherCode);
  // Its limit of one reached, the toast is greyed on the list.
  await page.reload();
  await expect(row('Champagne Toast')).toContainText('You have already claimed this reward as many times as allowed.');

  await page.goto('/my-rewards');
  const today = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', timeZone: 'Europe/London' }).format(new Date());
  const wifiRow = page.getByRole('button').filter({ hasText: 'Wifi Day Pass' });
  await expect(wifiRow).toContainText(wifi.body.voucherCode);
  await expect(wifiRow).toContainText(`Claimed ${today}`);
  await expect(wifiRow).toContainText('Redeemed');
  const toastRow = page.getByRole('button').filter({ hasText: 'Champagne Toast' });
  await expect(toastRow).toContainText(toast.body.voucherCode);
  await expect(toastRow).toContainText('Ready to collect');
  await page.screenshot({ path: test.info().outputPath('my-rewards-412.png'), fullPage: true });
});
