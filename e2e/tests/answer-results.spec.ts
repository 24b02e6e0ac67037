// Journey: the visitor always knows what happened to an answer (docs/product.md §5.3, §5.5, §5.7, decision 023).
// A reviewer's rejection shows its reason, once as news and on the checkpoint, and the answer can be tried
// again; an approval shows "+n ducks" once and the pending ducks become ducks; SPIN is disabled with no spin
// left, and a reload during the spin shows the result already awarded. The reviewer is the operator CLI
// (review:reject, review:approve), which calls the same functions as the console.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiAs, createVisitor, expect, ops, signIn, test, type Visitor } from '../support/fixtures';

interface PendingReview {
  attemptId: number;
  email: string;
}

/** Screenshots of a new state at 412 and 320 px when E2E_SHOTS names a folder (looked at by hand). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}-412.png`, fullPage: true });
  await page.setViewportSize({ width: 320, height: 740 });
  await page.screenshot({ path: `${dir}/${name}-320.png`, fullPage: true });
  await page.setViewportSize({ width: 412, height: 839 });
}

/** The text answer of day 3, sent and spun through the API: the ducks it won (pending). */
async function answerAndSpin(visitor: Visitor, answer: string): Promise<number> {
  expect((await apiAs(visitor, '/api/checkpoints/day-03-name-that-duck/attempts', { answer })).status).toBe(200);
  return (await apiAs<{ duckPointsAwarded: number }>(visitor, '/api/spin', {})).body.duckPointsAwarded;
}

async function attemptOf(visitor: Visitor): Promise<string> {
  const reviews = JSON.parse(await ops('review:list', '--json')) as PendingReview[];
  const mine = reviews.filter((r) => r.email === visitor.email);
  expect(mine).toHaveLength(1);
  return String(mine[0]!.attemptId);
}

const news = (page: Page) => page.getByRole('region', { name: 'News about your answers' });
const row = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Checkpoint list' }).getByRole('link', { name: new RegExp(title) });

test("a rejected answer shows the reviewer's reason, once as news and on its checkpoint, and can be tried again", async ({
  signedInPage: page,
  visitor,
}) => {
  await answerAndSpin(visitor, 'Nope');
  await ops('review:reject', await attemptOf(visitor), '--note', 'The answer is not right.');

  await page.goto('/checkpoints');
  const notice = news(page).getByRole('listitem');
  await expect(notice).toContainText('Your answer for Name That Duck was not approved: The answer is not right.');
  await expect(row(page, 'Name That Duck')).toContainText('Not approved: The answer is not right.');
  await expect(page.getByRole('region', { name: 'My Ducks' }).getByText('Ducks pending: 0', { exact: true })).toBeVisible();
  await shot(page, 'rejected-news-and-row');

  await notice.getByRole('link', { name: 'Try again: Name That Duck' }).click();
  await expect(page).toHaveURL(/\/checkpoint\?id=day-03-name-that-duck$/);
  await expect(news(page).getByRole('listitem')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'not approved' })).toHaveText(
    'Your answer was not approved: The answer is not right.',
  );
  await expect(page.getByRole('heading', { name: 'Try again' })).toBeVisible();
  await shot(page, 'rejected-checkpoint');
  await page.getByRole('textbox').fill('Quackers');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/congrats$/);

  // Told once: the news does not come back, here or in another browser.
  await page.goto('/checkpoints');
  await expect(row(page, 'Name That Duck')).toContainText('In review');
  await expect(news(page).getByRole('listitem')).toHaveCount(0);
});

test('an approval shows "+n ducks" once, and the pending ducks become ducks', async ({
  browser,
  signedInPage: page,
  visitor,
}) => {
  const ducks = await answerAndSpin(visitor, 'Quackers');
  const plural = ducks === 1 ? 'duck' : 'ducks';
  await page.goto('/checkpoints');
  const tracker = page.getByRole('region', { name: 'My Ducks' });
  await expect(tracker.getByText(`Ducks pending: ${ducks}`, { exact: true })).toBeVisible();
  await expect(row(page, 'Name That Duck')).toContainText(`In review: ${ducks} ${plural} pending`);
  await shot(page, 'in-review-row');

  await ops('review:approve', await attemptOf(visitor));
  await page.reload();
  await expect(news(page).getByRole('listitem')).toHaveText(
    new RegExp(`^Your answer for Name That Duck was approved: \\+${ducks} ${plural}`),
  );
  await expect(tracker.getByText(`Ducks: ${ducks}`, { exact: true })).toBeVisible();
  await expect(tracker.getByText('Ducks pending: 0', { exact: true })).toBeVisible();
  await expect(row(page, 'Name That Duck')).toContainText(`Approved: +${ducks} ${plural}`);
  await shot(page, 'approved-news-and-row');

  // It stays while the visitor moves around, until dismissed; then never again, on this device or another.
  await page.getByRole('link', { name: 'LEADERBOARD' }).click();
  await expect(news(page).getByRole('listitem')).toHaveCount(1);
  await news(page).getByRole('button', { name: 'OK, hide this news' }).click();
  await expect(news(page).getByRole('listitem')).toHaveCount(0);
  await page.goto('/checkpoints');
  await expect(tracker.getByText(`Ducks: ${ducks}`, { exact: true })).toBeVisible();
  await expect(news(page).getByRole('listitem')).toHaveCount(0);
  const otherDevice = await browser.newContext({ viewport: { width: 412, height: 839 } });
  await signIn(otherDevice, visitor);
  const other = await otherDevice.newPage();
  await other.goto('/checkpoints');
  await expect(other.getByRole('region', { name: 'My Ducks' }).getByText(`Ducks: ${ducks}`, { exact: true })).toBeVisible();
  await expect(news(other).getByRole('listitem')).toHaveCount(0);
  await otherDevice.close();
});

test('SPIN is disabled with no spin left, and a reload during the spin shows the result already awarded', async ({
  signedInPage: page,
  visitor,
}) => {
  await page.goto('/spin');
  const button = page.getByRole('button', { name: 'SPIN', exact: true });
  await expect(button).toBeDisabled();
  await expect(button).toHaveAccessibleDescription('No spins left. Complete a checkpoint to earn a spin.');
  await expect(page.getByRole('link', { name: 'Go to checkpoints' })).toBeVisible();
  await shot(page, 'spin-none-left');

  expect((await apiAs(visitor, '/api/checkpoints/day-03-name-that-duck/attempts', { answer: 'Quackers' })).status).toBe(200);
  await page.reload();
  await expect(page.getByText('You have 1 spin.')).toBeVisible();
  const spun = page.waitForResponse((r) => r.url().endsWith('/api/spin') && r.request().method() === 'POST');
  await button.click();
  const { duckPointsAwarded } = (await (await spun).json()) as { duckPointsAwarded: number };
  // Reloaded while the wheel turns: the popup shows what the server awarded, and there is no spin left.
  await page.reload();
  const popup = page.getByRole('dialog', { name: 'You won!' });
  await expect(popup.getByText(`${duckPointsAwarded} Duck Point(s)`, { exact: true })).toBeVisible();
  await shot(page, 'spin-resumed');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(button).toBeDisabled();
  await page.reload();
  await expect(popup).toBeHidden();
  await expect(button).toBeDisabled();
});

test('a checkpoint used up without success is not shown as completed', async ({ browser }) => {
  const visitor = await createVisitor();
  // Day 2, one attempt: a wrong answer uses it up.
  expect((await apiAs(visitor, '/api/checkpoints/day-02-lifeboat-drill/attempts', { answer: 'a' })).status).toBe(200);
  const context = await browser.newContext({ viewport: { width: 412, height: 839 } });
  await signIn(context, visitor);
  const page = await context.newPage();
  await page.goto('/checkpoints');
  const locked = page
    .getByRole('region', { name: 'Checkpoint list' })
    .getByRole('button', { name: /^Locked\s*: Lifeboat Drill/ });
  await expect(locked).toContainText('No attempts left');
  await expect(locked.getByRole('img', { name: 'Done' })).toHaveCount(0);
  await locked.scrollIntoViewIfNeeded();
  await shot(page, 'used-up-row');
  await context.close();
});
