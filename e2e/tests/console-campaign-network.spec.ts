// The console's Campaign page on a poor connection (issue 15): at 400 kbit/s with 400 ms of latency (Chromium's
// network emulation) the admin reads that the packs and versions are loading, never an empty pack list; offline,
// the page says the packs and versions could not be loaded and offers a retry that works once back online, and a
// preview that cannot reach the server says so. Nothing is loaded: the shared server's campaign is left alone.
import { type Browser, type Page, devices } from '@playwright/test';
import { signInToConsole } from '../support/console';
import { expect, ops, test, uniqueEmail } from '../support/fixtures';
import { throttle } from '../support/network';

async function consolePage(browser: Browser, width: number): Promise<Page> {
  const baseURL = test.info().project.use.baseURL;
  const context = await browser.newContext(
    width > 500 ? { viewport: { width, height: 900 }, baseURL } : { ...devices['Pixel 7'], baseURL },
  );
  return context.newPage();
}

const campaignLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Campaign', exact: true });

for (const width of [412, 1280]) {
  test(`the campaign page says what is happening on a slow or lost connection (${width} px)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = uniqueEmail('admin');
    await ops('operator:add', admin, '--role', 'admin');
    const shot = (name: string) => test.info().outputPath(`campaign-${name}-${width}.png`);

    const slow = await consolePage(browser, width);
    await signInToConsole(slow, admin);
    await throttle(slow);
    // The page's answer is held until the loading line has been seen: at 400 ms it may show for under a second,
    // between two of the assertion's polls on a busy machine (CI missed it once).
    let answer = () => {};
    const answerHeld = new Promise<void>((resolve) => (answer = resolve));
    await slow.route('**/api/console/campaign', async (route) => {
      await answerHeld;
      await route.continue();
    });
    await campaignLink(slow).click();
    await expect(slow.getByRole('status').filter({ hasText: 'Loading the packs and versions...' })).toBeVisible();
    await expect(slow.getByLabel('Pack', { exact: true })).toHaveCount(0);
    await slow.screenshot({ path: shot('slow-loading'), fullPage: true });
    answer();
    await expect(slow.getByLabel('Pack', { exact: true })).toHaveValue('demo');
    await expect(slow.getByRole('region', { name: 'Versions' }).getByRole('listitem')).not.toHaveCount(0);
    await slow.context().close();

    const page = await consolePage(browser, width);
    await signInToConsole(page, admin);
    await campaignLink(page).click();
    await expect(page.getByLabel('Pack', { exact: true })).toHaveValue('demo');
    // Offline: a preview, then the page opened again from the console's home (its code is already in the browser).
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Show changes' }).click();
    await expect(page.getByRole('alert')).toHaveText('Network error. Please try again.');
    await page.screenshot({ path: shot('offline-preview'), fullPage: true });
    await page.getByRole('banner').getByRole('link', { name: 'QuackQuest console' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
    await campaignLink(page).click();
    const failed = page.getByRole('alert');
    await expect(failed).toContainText('The packs and versions could not be loaded.');
    await expect(failed).toContainText('Network error. Please try again.');
    await expect(page.getByLabel('Pack', { exact: true })).toHaveCount(0);
    await page.screenshot({ path: shot('offline-page'), fullPage: true });
    await page.context().setOffline(false);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByLabel('Pack', { exact: true })).toHaveValue('demo');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.context().close();
  });
}
