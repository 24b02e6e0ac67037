import { expect, test } from '../support/fixtures';

const protectedRoutes = [
  '/checkpoints',
  '/checkpoint?id=day-01-gangway',
  '/congrats',
  '/spin',
  '/leaderboard',
  '/rewards',
  '/my-rewards',
  '/reward-detail',
  '/wheel-check',
];

test.describe('the gate', () => {
  for (const route of protectedRoutes) {
    test(`${route} without a session goes to / with nothing of it rendered`, async ({ page }) => {
      await page.goto(route);
      await expect(page).toHaveURL(/\/$/);
      expect(await page.evaluate(() => localStorage.getItem('isAuthenticated'))).toBeNull();
      // History was replaced: going back does not return to the protected screen.
      await page.goBack();
      expect(page.url()).not.toContain(route.split('?')[0]);
    });
  }

  test('a stored flag without an e-mail is cleared', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('isAuthenticated', 'true');
      localStorage.setItem('userName', 'Ghost');
    });
    await page.goto('/rewards');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => [localStorage.getItem('isAuthenticated'), localStorage.getItem('userName')])).toEqual([
      null,
      null,
    ]);
  });
});
