// Issue 27 part 3: the win popup left by its LEADERBOARD link (not Close), then a new spin: only the new result
// shows, and SPIN is a button again, not stuck on "Spinning...". Before, the spin stayed marked as in progress
// and the next visit to /spin brought the old "You won!" back.
import { apiAs, expect, test } from '../support/fixtures';

test('the win popup left by LEADERBOARD never comes back: the next spin shows only its own result', async ({
  signedInPage: page,
  visitor,
}) => {
  // Two spins: day 1 by its typed code, day 2 answered right.
  const typed = await apiAs<{ outcome: string }>(visitor, '/api/checkpoints/day-01-gangway/attempts', {
    answer: 'QQSG25-GANGWAY-MWMXXG',
    typed: true,
  });
  const mcq = await apiAs<{ outcome: string }>(visitor, '/api/checkpoints/day-02-lifeboat-drill/attempts', { answer: 'b' });
  expect([typed.body.outcome, mcq.body.outcome]).toEqual(['valid', 'correct']);

  await page.goto('/spin');
  await expect(page.getByText('You have 2 spins.')).toBeVisible();
  const button = page.getByRole('button', { name: 'SPIN', exact: true });
  const first = page.waitForResponse((r) => r.url().endsWith('/api/spin') && r.request().method() === 'POST');
  await button.click();
  expect((await first).ok()).toBe(true);
  const popup = page.getByRole('dialog', { name: 'You won!' });
  await expect(popup).toBeVisible();
  await popup.getByRole('link', { name: 'LEADERBOARD' }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);

  // Back to the wheel: idle, one spin left, no popup.
  await page.goto('/spin');
  await expect(page.getByText('You have 1 spin.')).toBeVisible();
  await expect(popup).toBeHidden();
  await expect(button).toBeEnabled();

  const second = page.waitForResponse((r) => r.url().endsWith('/api/spin') && r.request().method() === 'POST');
  await button.click();
  const { duckPointsAwarded } = (await (await second).json()) as { duckPointsAwarded: number };
  await expect(popup).toBeVisible();
  await expect(popup.getByText(`${duckPointsAwarded} Duck Point(s)`, { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
  await expect(button).toBeDisabled();
});
