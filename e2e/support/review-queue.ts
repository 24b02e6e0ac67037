// The review queue as the crew journeys drive it (console-review*.spec.ts): text answers from a crowd of new
// visitors, and a reviewer's console opened at the pending text answers on a device of their own.
import { type Browser, type Page, devices } from '@playwright/test';
import { signInToConsole } from './console';
import { apiAs, createVisitor, expect, type Visitor } from './fixtures';

/** The visitor answers day 3's text question and spins; returns the ducks won (pending until a reviewer decides). */
export async function answerText(appUrl: string, visitor: Visitor, answer: string): Promise<number> {
  expect((await apiAs(visitor, '/api/checkpoints/day-03-name-that-duck/attempts', { answer }, appUrl)).status).toBe(200);
  return (await apiAs<{ duckPointsAwarded: number }>(visitor, '/api/spin', {}, appUrl)).body.duckPointsAwarded;
}

/** Text answers to day 3 from `n` new visitors, a few at a time. */
export async function textAnswersFrom(appUrl: string, n: number, tag: string): Promise<void> {
  for (let i = 0; i < n; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, n - i) }, async (_, j) => {
        const visitor = await createVisitor({ name: `Crowd${tag} ${i + j}`, appUrl });
        await answerText(appUrl, visitor, `Duck ${i + j}`);
      }),
    );
  }
}

/** A reviewer's console on a device of their own, at the pending queue of text answers. */
export async function openQueue(browser: Browser, appUrl: string, email: string, device: 'phone' | 'laptop'): Promise<Page> {
  const context = await browser.newContext({
    ...(device === 'phone' ? devices['Pixel 7'] : { viewport: { width: 1280, height: 800 } }),
    baseURL: appUrl,
  });
  const page = await context.newPage();
  await signInToConsole(page, email);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
  await page.getByLabel('Answers').selectOption('Str');
  return page;
}
