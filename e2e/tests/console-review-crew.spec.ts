// Ten reviewers on one queue, here three (issue 28 part 1, decision 053): each is handed answers no one else holds,
// so nobody wastes a tap on someone else's answer, and every answer is decided exactly once.
// A server of its own (support/own-server.ts) with the holds a crew has in the ship's evening (REVIEW_LEASE_SECONDS'
// default): console-review.spec.ts shortens them to see a lapse, which a loaded machine would then also see here, as
// answers handed on while their reviewer was still working.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { type OwnServer, startOwnServer } from '../support/own-server';
import { OWN_PORTS } from '../support/ports';
import { openQueue, textAnswersFrom } from '../support/review-queue';

const crew = [uniqueEmail('reviewer-a'), uniqueEmail('reviewer-b'), uniqueEmail('admin-c')] as const;
let server: OwnServer | undefined;
let APP_URL = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    port: OWN_PORTS.reviewCrew,
    operators: [
      { email: crew[0], role: 'reviewer' },
      { email: crew[1], role: 'reviewer' },
      { email: crew[2], role: 'admin' },
    ],
    timeoutMs: 180_000,
  });
  APP_URL = server.url;
});

test.afterAll(async () => {
  await server?.stop();
});

/** Approves the first card until the reviewer's queue is empty; counts the taps and the refusals. */
async function clearQueue(page: Page): Promise<{ taps: number; refused: number }> {
  let taps = 0;
  let refused = 0;
  const cards = page.getByRole('article');
  const empty = page.getByText('Nothing to review: all caught up.');
  for (;;) {
    await expect(cards.first().or(empty)).toBeVisible();
    if (await empty.isVisible()) return { taps, refused };
    const card = cards.first();
    const id = await card.getAttribute('aria-labelledby');
    await card.getByRole('button', { name: 'Approve' }).click();
    taps += 1;
    // Decided and the list read again: the card has left it, and the summary says what became of the tap.
    await expect(page.locator(`[aria-labelledby="${id}"]`)).toHaveCount(0);
    const summary = (await page.getByRole('status').filter({ hasText: 'decided.' }).textContent()) ?? '';
    if (summary.includes('taken by someone else')) refused += 1;
  }
}

test('three reviewers clear one queue of 60 answers at once: each answer decided once, nobody refused', async ({ browser }) => {
  test.setTimeout(300_000);
  await textAnswersFrom(APP_URL, 60, randomBytes(3).toString('hex'));
  const reviewers = await Promise.all([
    openQueue(browser, APP_URL, crew[0], 'phone'),
    openQueue(browser, APP_URL, crew[1], 'phone'),
  ]);
  // Each is handed answers of their own: once both hold theirs, the third, opening the queue, sees how many wait and
  // how many the others hold (had it opened first, the others would have held none yet).
  for (const page of reviewers) await expect(page.getByRole('article').first()).toBeVisible();
  const pages = [...reviewers, await openQueue(browser, APP_URL, crew[2], 'laptop')] as const;
  await expect(pages[2].getByText(/^\d+ waiting · oldest \d+ min · [1-9]\d* with other reviewers$/)).toBeVisible();
  const tallies = await Promise.all(pages.map((page) => clearQueue(page)));
  // The queue is this server's alone: 60 taps in all, each on an answer of the reviewer's own.
  expect(tallies.map((t) => t.refused)).toEqual([0, 0, 0]);
  expect(tallies.reduce((sum, t) => sum + t.taps, 0)).toBe(60);
  // Nothing was taken from anyone: their own decisions are not someone else's.
  for (const page of pages) await expect(page.getByRole('region', { name: 'Taken by someone else' })).toHaveCount(0);
  await pages[0].screenshot({ path: test.info().outputPath('review-crew-phone.png'), fullPage: true });
  await pages[2].screenshot({ path: test.info().outputPath('review-crew-laptop.png') });

  // Every answer decided exactly once: 60 approvals in the audit trail, none twice, none pending.
  const audit = await pages[2].request.get(`${APP_URL}/api/console/audit?action=review.approve&limit=200`);
  const subjects = ((await audit.json()) as { rows: { subject: string }[] }).rows.map((row) => row.subject);
  const crowd = subjects.filter((subject) => subject.includes('day-03-name-that-duck'));
  expect(crowd).toHaveLength(60);
  expect(new Set(crowd).size).toBe(60);
  const lease = await pages[0].request.post(`${APP_URL}/api/console/reviews/lease`, { data: { type: 'Str' } });
  expect(await lease.json()).toMatchObject({ items: [], waiting: 0 });
  for (const page of pages) await page.context().close();
});
