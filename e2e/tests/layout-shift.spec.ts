// Issue 15: the visitor's screens do not jump while they load (Lighthouse's CLS was 0.053 on /rewards). The
// campaign's words and pictures (GET /api/campaign, decision 033) are held back until the visitor's figures and the
// screen's code have arrived, as on a busy server, and the page's layout shifts are added up the way the browser
// reports them to Lighthouse (PerformanceObserver, `layout-shift` entries without recent input): a sum of moved
// areas, not a time. Without the waits of app/signed-in.tsx, lib/first-answer.ts and lib/campaign-api.ts: 0.12 on
// /rewards (the banner pushing the list down, then the list pushing the caption), 0.13 on /leaderboard, 0.017 on
// /my-rewards, 0.18 on / (the pack's texts pushing the sign-in buttons down).
import type { Locator, Page } from '@playwright/test';
import { createVisitor, expect, test } from '../support/fixtures';

interface Shift {
  value: number;
  sources: string[];
}

/** Starts collecting layout shifts before the app's first script runs. */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? 'gone');
      return `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).trim().replace(/\s+/g, '.')}` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null }[];
      }[]) {
        if (!entry.hadRecentInput) shifts.push({ value: entry.value, sources: entry.sources.map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts so far, once the browser has painted twice more (entries arrive after the frame that shifted). */
async function shiftsSoFar(page: Page): Promise<Shift[]> {
  return page.evaluate(async () => {
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    return (window as unknown as { __shifts: Shift[] }).__shifts;
  });
}

/** Holds GET /api/campaign until `release` resolves. */
async function holdCampaign(page: Page, release: Promise<unknown>): Promise<void> {
  await page.route('**/api/campaign', async (route) => {
    await release;
    await route.fallback();
  });
}

const total = (shifts: Shift[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);

const screens = [
  {
    path: '/rewards',
    chunk: 'rewards',
    last: (page: Page) => page.getByRole('img', { name: 'A cruise ship and a treasure chest of rewards' }),
  },
  { path: '/checkpoints', chunk: 'checkpoints', last: (page: Page) => page.getByRole('link', { name: /opens in a new tab/ }) },
  { path: '/leaderboard', chunk: 'leaderboard', last: (page: Page) => page.getByRole('list', { name: 'Top players' }) },
  { path: '/my-rewards', chunk: 'my-rewards', last: (page: Page) => page.getByRole('heading', { name: /MY REWARDS/i }) },
];

/**
 * Opens `path` with the campaign held back until the screen's code and `alsoWaitFor` have arrived and the browser
 * has painted what it can without the campaign; then lets it answer and returns the shifts once `last` shows.
 */
async function shiftsWhileLoading(page: Page, path: string, chunk: string, last: Locator, alsoWaitFor = '') {
  await watchShifts(page);
  let release!: () => void;
  await holdCampaign(page, new Promise<void>((resolve) => (release = resolve)));
  const arrived = [page.waitForResponse(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`))];
  if (alsoWaitFor) arrived.push(page.waitForResponse(alsoWaitFor));
  await page.goto(path);
  await Promise.all(arrived);
  await shiftsSoFar(page);
  release();
  await expect(last).toBeVisible();
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => image.complete || image.src.endsWith('/logo.svg')),
  );
  return shiftsSoFar(page);
}

test('/ does not jump when the campaign answers late (a first visit)', async ({ page }) => {
  // The pack's logo is held back too: its box is still the one of the img's 260 x 120 until it arrives, and the
  // Singapore logo is 520 x 140 (a shift of 0.044 when it arrives; the app learns a picture's shape only from it).
  await page.route('**/api/campaign/images/logo.svg', () => undefined);
  const tagline = page.getByText('One checkpoint a day keeps the landlubber blues away.');
  const shifts = await shiftsWhileLoading(page, '/', 'welcome', tagline);
  expect(total(shifts), JSON.stringify(shifts)).toBeLessThanOrEqual(0.01);
});

for (const screen of screens) {
  test(`${screen.path} does not jump while it loads`, async ({ signedInPage: page }) => {
    // A board of several players: the list is taller than its "Loading..." line.
    if (screen.path === '/leaderboard') for (let i = 0; i < 6; i++) await createVisitor({ name: `Shift Player ${i}` });
    // The visitor's figures are there too.
    const shifts = await shiftsWhileLoading(page, screen.path, screen.chunk, screen.last(page), '**/api/me');
    expect(total(shifts), JSON.stringify(shifts)).toBeLessThanOrEqual(0.01);
  });
}
