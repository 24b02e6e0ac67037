// The console's reads when the ship's link drops (issue 26 part 5, decision 080): a list that cannot be read says what
// could not be loaded and why, with a "Try again" that works once the link is back; never a loading line that stays,
// an empty list, nor the list as it was read earlier. A visitor's page the server does not know says so in its words. The lists are read from the
// server each time a screen opens: an operator added meanwhile shows on the next visit.
import { type Browser, type Page, devices } from '@playwright/test';
import { signInToConsole } from '../support/console';
import { expect, ops, test, uniqueEmail } from '../support/fixtures';

async function consolePage(browser: Browser, width: number): Promise<Page> {
  const baseURL = test.info().project.use.baseURL;
  const context = await browser.newContext(
    width > 500 ? { viewport: { width, height: 900 }, baseURL } : { ...devices['Pixel 7'], baseURL },
  );
  return context.newPage();
}

const navLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true });

for (const width of [412, 1280]) {
  test(`a console list read offline says so and loads on "Try again" (${width} px)`, async ({ browser }) => {
    const admin = uniqueEmail('admin');
    await ops('operator:add', admin, '--role', 'admin');
    const shot = (name: string) => test.info().outputPath(`lists-${name}-${width}.png`);
    const page = await consolePage(browser, width);
    await signInToConsole(page, admin);

    // What each screen shows once its list has arrived (other journeys may have written announcements meanwhile).
    const written = page.getByRole('region', { name: 'Written' });
    for (const [screen, failed, list] of [
      ['Operators', 'The operators could not be loaded.', page.getByText(`${admin} (you)`)],
      [
        'Announcements',
        'The announcements could not be loaded.',
        written.getByText('No announcement yet.').or(written.getByRole('listitem').first()),
      ],
    ] as const) {
      // Opened once online first: the screen's code is then in the browser, as on a crew phone mid-shift.
      await navLink(page, screen).click();
      await expect(list).toBeVisible();
      await page.getByRole('banner').getByRole('link', { name: 'QuackQuest console' }).click();
      await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
      await page.context().setOffline(true);
      await navLink(page, screen).click();
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(failed);
      await expect(alert).toContainText('Network error. Please try again.');
      await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
      await page.screenshot({ path: shot(`${screen.toLowerCase()}-offline`), fullPage: true });
      await page.context().setOffline(false);
      await alert.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(list).toBeVisible();
    }

    // Read again on each visit: an operator added from the command line since shows when the screen opens again.
    const reviewer = uniqueEmail('reviewer');
    await ops('operator:add', reviewer, '--role', 'reviewer');
    await navLink(page, 'Announcements').click();
    await navLink(page, 'Operators').click();
    await expect(page.getByText(reviewer, { exact: true })).toBeVisible();

    await page.goto('/console/participants/999999999');
    const unknown = page.getByRole('alert');
    await expect(unknown).toContainText('This visitor could not be loaded.');
    await expect(unknown).toContainText('No visitor has this id.');
    // A refusal, not a dropped call: asking again would not change it.
    await expect(unknown.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await page.screenshot({ path: shot('unknown-visitor'), fullPage: true });
    await page.context().close();
  });
}
