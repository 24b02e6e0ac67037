// Issue 34 part 2's must-show: a visitor spins several times; while the day lasts the check page waits for its seed;
// the server restarted on the next day (a journey's clock, TEST_CLOCK_OFFSET_MS) shows the seed, and the page,
// working every spin out again in the browser, confirms them all, the one spun with the visitor's own seed included;
// a result changed on its way to the page is reported as not matching, with what the wheel gives.
import { type Browser, type Page, devices } from '@playwright/test';
import { words } from '../support/catalog';
import { apiAs, createVisitor, expect, signIn, test, type Visitor } from '../support/fixtures';
import { type OwnServer, startOwnServer } from '../support/own-server';
import { OWN_PORTS } from '../support/ports';

let server: OwnServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer({ port: OWN_PORTS.wheel });
});

test.afterAll(async () => {
  await server?.stop();
});

async function phone(browser: Browser, visitor: Visitor): Promise<Page> {
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: server!.url });
  await context.route('**/*', (route) =>
    new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort('blockedbyclient'),
  );
  await signIn(context, visitor, server!.url);
  return context.newPage();
}

/** Spins once on the wheel screen and closes the popup: the ducks the server awarded. */
async function spinOnce(page: Page): Promise<number> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/spin') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'SPIN', exact: true }).click();
  const { duckPointsAwarded } = (await (await answer).json()) as { duckPointsAwarded: number };
  const popup = page.getByRole('dialog', { name: 'You won!' });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
  return duckPointsAwarded;
}

test('spins checked in the browser once their day is over; a changed result is named', async ({ browser }) => {
  test.setTimeout(180_000);
  const url = server!.url;
  const visitor = await createVisitor({ appUrl: url });
  const earned = await Promise.all([
    apiAs<{ outcome: string }>(
      visitor,
      '/api/checkpoints/day-01-gangway/attempts',
      { answer: 'QQSG25-GANGWAY-MWMXXG', typed: true },
      url,
    ),
    apiAs<{ outcome: string }>(visitor, '/api/checkpoints/day-02-lifeboat-drill/attempts', { answer: 'b' }, url),
  ]);
  expect(earned.map((e) => e.body.outcome)).toEqual(['valid', 'correct']);

  const page = await phone(browser, visitor);
  await page.goto('/spin');
  await expect(page.getByText('You have 2 spins.')).toBeVisible();
  const won = [await spinOnce(page)];

  // The wheel's check page, from the wheel: today's spin waits for the day's seed.
  await page.getByRole('link', { name: 'Is the wheel fair? Check your spins' }).click();
  await expect(page).toHaveURL(/\/wheel-check$/);
  await expect(page.getByTestId('wheel-summary')).toHaveText(
    "Spins that match: 0. Not matching: 0. Waiting for their day's seed: 1.",
  );
  await expect(page.getByText("The day's seed is shown once the day is over.")).toBeVisible();

  // The visitor's own seed: a colon is refused in words, then their seed is saved for the next spin.
  const seed = page.getByRole('textbox', { name: 'Your seed' });
  await seed.fill('lucky:duck');
  await page.getByRole('button', { name: 'Save my seed' }).click();
  await expect(page.getByRole('alert')).toHaveText('Use 1 to 64 letters, digits, - or _.');
  await seed.fill('Lucky-Duck_7');
  await page.getByRole('button', { name: 'Save my seed' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toHaveText('Saved. Your next spins use this seed.');
  await page.screenshot({ path: test.info().outputPath('wheel-check-waiting.png'), fullPage: true });

  await page.goto('/spin');
  won.push(await spinOnce(page));
  const spins = await apiAs<{ spins: { number: number; visitorSeed: string; ducks: number }[] }>(
    visitor,
    '/api/wheel/spins',
    undefined,
    url,
  );
  expect(spins.body.spins.map((s) => s.ducks)).toEqual(won);
  expect(spins.body.spins[1]!.visitorSeed).toBe('Lucky-Duck_7');

  // The next day: the server's clock a day on, the day's seed shown, every spin confirmed by the page.
  await server!.restart({ TEST_CLOCK_OFFSET_MS: String(24 * 60 * 60 * 1000) });
  await page.goto('/wheel-check');
  await expect(page.getByTestId('wheel-summary')).toHaveText(
    "Spins that match: 2. Not matching: 0. Waiting for their day's seed: 0.",
  );
  await expect(page.getByText("The day's seed matches the fingerprint published before the day.")).toBeVisible();
  await expect(page.getByText('Matches', { exact: true })).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('wheel-check-confirmed.png'), fullPage: true });

  // The server's answer changed on its way: the page works the spin out itself and says it does not match.
  const [first] = spins.body.spins;
  const claimed = first!.ducks === 5 ? 1 : first!.ducks + 1;
  await page.route('**/api/wheel/spins', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { spins: { number: number; ducks: number }[] };
    body.spins = body.spins.map((s) => (s.number === first!.number ? { ...s, ducks: claimed } : s));
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await expect(page.getByTestId('wheel-summary')).toHaveText(
    "Spins that match: 1. Not matching: 1. Waiting for their day's seed: 0.",
  );
  const row = page.getByRole('listitem').filter({ hasText: `Spin ${first!.number}` });
  await expect(row).toContainText(`Ducks: ${claimed}`);
  await expect(row).toContainText(`Does not match: the wheel gives ${first!.ducks}`);
  await page.screenshot({ path: test.info().outputPath('wheel-check-tampered.png'), fullPage: true });

  // The same page in Tamil, on a narrow phone: every line from the catalogs, the spins confirmed.
  await page.unroute('**/api/wheel/spins');
  const ta = words('ta');
  await page.setViewportSize({ width: 320, height: 640 });
  await page.evaluate(() => localStorage.setItem('language', 'ta'));
  await page.reload();
  await expect(page.getByRole('heading', { name: ta('wheelCheck.title') })).toBeVisible();
  await expect(page.getByTestId('wheel-summary')).toHaveText(ta('wheelCheck.summary', { matched: 2, mismatched: 0, waiting: 0 }));
  await expect(page.getByText(ta('wheelCheck.match'), { exact: true })).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('wheel-check-ta-320.png'), fullPage: true });
});
