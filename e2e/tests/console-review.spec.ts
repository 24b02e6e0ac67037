// The review queue (docs/product.md §15): a reviewer rejects a photo with a reason from the list and approves
// a text answer; the visitor's pending ducks post on approval and go on rejection, and the visitor sees it in
// their own app on their own phone (issue 13's must-show). Then a reviewer whose answers were taken while their link
// was down is told by whom (issue 28 part 1); the crew of three on one queue is console-review-crew.spec.ts.
// A server of its own (support/own-server.ts): a reviewer is handed the oldest answers of the queue (decision 053),
// which on the shared server would be other journeys' answers; here the queue is this file's alone. Holds last
// REVIEW_LEASE_SECONDS=6 so a lapse happens within the journey, and REVIEW_UNDO_SECONDS=20 so an undo's window closes
// within it (issue 28 part 3).
import { randomBytes } from 'node:crypto';
import { devices } from '@playwright/test';
import { signInToConsole } from '../support/console';
import { apiAs, createVisitor, expect, signIn, test, uniqueEmail, type Visitor } from '../support/fixtures';
import { type OwnServer, startOwnServer } from '../support/own-server';
import { OWN_PORTS } from '../support/ports';
import { qrPng } from '../support/qr-video';
import { answerText, openQueue, textAnswersFrom } from '../support/review-queue';

test.describe.configure({ mode: 'default' });

const DECK_SELFIE_TASK = 'Take a photo of yourself with a rubber duck at any QuackQuest booth and upload it here.';
const reviewer = uniqueEmail('reviewer');
const crew = [uniqueEmail('reviewer-a'), uniqueEmail('reviewer-b'), uniqueEmail('admin-c')] as const;
const UNDO_SECONDS = 20;
let server: OwnServer | undefined;
let APP_URL = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    port: OWN_PORTS.reviews,
    operators: [
      { email: reviewer, role: 'reviewer' },
      { email: crew[0], role: 'reviewer' },
      { email: crew[1], role: 'reviewer' },
      { email: crew[2], role: 'admin' },
    ],
    env: { REVIEW_LEASE_SECONDS: '6', REVIEW_UNDO_SECONDS: String(UNDO_SECONDS) },
    timeoutMs: 180_000,
  });
  APP_URL = server.url;
});

test.afterAll(async () => {
  await server?.stop();
});

interface Me {
  duckPoints: number;
  pendingDuckPoints: number;
}

async function answerPhoto(visitor: Visitor): Promise<number> {
  const photo = await qrPng('a deck selfie');
  const query = new URLSearchParams({
    filetype: 'image/png',
    filename: 'selfie.png',
    checkpointId: 'day-04-deck-selfie',
    filesize: String(photo.length),
  });
  const { body: url } = await apiAs<{ uploadUrl: string; headers: Record<string, string>; key: string }>(
    visitor,
    `/api/uploads/url?${query.toString()}`,
    undefined,
    APP_URL,
  );
  const put = await fetch(new URL(url.uploadUrl, APP_URL), {
    method: 'PUT',
    headers: { cookie: `qq_session=${visitor.cookie}`, ...url.headers },
    body: new Uint8Array(photo),
  });
  expect(put.status).toBe(200);
  expect((await apiAs(visitor, '/api/checkpoints/day-04-deck-selfie/attempts', { answer: url.key }, APP_URL)).status).toBe(200);
  return (await apiAs<{ duckPointsAwarded: number }>(visitor, '/api/spin', {}, APP_URL)).body.duckPointsAwarded;
}

test('a reviewer rejects a photo with a reason and approves a text answer', async ({ browser }) => {
  const tag = randomBytes(3).toString('hex');
  const writer = await createVisitor({ name: `Text Writer ${tag}`, appUrl: APP_URL });
  const photographer = await createVisitor({ name: `Photo Taker ${tag}`, appUrl: APP_URL });
  const copier = await createVisitor({ name: `Photo Copier ${tag}`, appUrl: APP_URL });
  const textDucks = await answerText(APP_URL, writer, 'Quackers');
  await answerPhoto(photographer);
  // The very same photo, sent again by someone else.
  await answerPhoto(copier);
  const page = await (await browser.newContext({ baseURL: APP_URL })).newPage();

  // The writer's own phone: the ducks won are pending while the answer waits for a reviewer.
  const writersPhone = await browser.newContext({ viewport: { width: 412, height: 839 }, baseURL: APP_URL });
  await signIn(writersPhone, writer, APP_URL);
  const writerPage = await writersPhone.newPage();
  await writerPage.goto('/checkpoints');
  const tracker = writerPage.getByRole('region', { name: 'My Ducks' });
  await expect(tracker.getByText(`Ducks pending: ${textDucks}`, { exact: true })).toBeVisible();
  await expect(tracker.getByText('Ducks: 0', { exact: true })).toBeVisible();

  await signInToConsole(page, reviewer);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();

  // The photo, shown from the reviewers-only photo route.
  const photoCard = page.getByRole('article').filter({ has: page.getByText(photographer.name, { exact: true }) });
  const photo = photoCard.getByRole('img', { name: `Photo for Deck Selfie by ${photographer.name}` });
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(new URL((await photo.getAttribute('src'))!, APP_URL).pathname).toMatch(/^\/api\/console\/photos\/\d+$/);

  // The checkpoint's task beside the photo, to judge it against.
  await expect(photoCard).toContainText(DECK_SELFIE_TASK);
  // The copy is flagged with who sent it first; the first is not.
  const copyCard = page.getByRole('article').filter({ hasText: copier.name });
  await expect(copyCard.getByRole('note')).toHaveText(
    new RegExp(`^The very same photo was sent before by ${photographer.name}, for Deck Selfie, at .+\\.$`),
  );
  await expect(photoCard.getByRole('note')).toHaveCount(0);
  await copyCard.scrollIntoViewIfNeeded();
  await copyCard.screenshot({ path: test.info().outputPath('review-same-photo.png') });
  await photoCard.getByRole('button', { name: 'Reject' }).click();
  const reasons = page.getByRole('dialog', { name: 'Reject this answer' });
  await expect(reasons).toContainText('The visitor will see the reason.');
  // Reasons that fit a photo only: none about a wrong text answer.
  await expect(reasons.getByRole('button', { name: 'The answer is not right.' })).toHaveCount(0);
  await reasons.getByRole('button', { name: 'The photo is too dark or blurry.' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'decided' })).toHaveText('1 decided.');
  await expect(photoCard).toHaveCount(0);

  // The text answer: ticked, then approved with the keyboard's "a".
  const textCard = page.getByRole('article').filter({ hasText: writer.name });
  await expect(textCard.getByText('Quackers')).toBeVisible();
  await expect(textCard).toContainText(`${textDucks} duck${textDucks === 1 ? '' : 's'} pending`);
  await textCard.getByRole('checkbox', { name: 'Select' }).check();
  await expect(page.getByRole('region', { name: 'Selected answers' })).toContainText('Approve 1 selected');
  // The list moved when the photo left it: its cards can be decided once settled (their buttons enabled).
  await expect(textCard.getByRole('button', { name: 'Approve' })).toBeEnabled();
  await page.keyboard.press('a');
  await expect(textCard).toHaveCount(0);

  expect((await apiAs<Me>(writer, '/api/me', undefined, APP_URL)).body).toMatchObject({
    duckPoints: textDucks,
    pendingDuckPoints: 0,
  });
  // On the writer's phone, the next time the app is open: the news, and the pending ducks are ducks.
  await writerPage.reload();
  const plural = textDucks === 1 ? 'duck' : 'ducks';
  await expect(writerPage.getByText(`Your answer for Name That Duck was approved: +${textDucks} ${plural}`)).toBeVisible();
  await expect(tracker.getByText(`Ducks: ${textDucks}`, { exact: true })).toBeVisible();
  await expect(tracker.getByText('Ducks pending: 0', { exact: true })).toBeVisible();
  await writersPhone.close();
  expect((await apiAs<Me>(photographer, '/api/me', undefined, APP_URL)).body).toMatchObject({
    duckPoints: 0,
    pendingDuckPoints: 0,
  });

  // The decided ones, with who decided and the reason the visitor will see.
  await page.getByLabel('State').selectOption('rejected');
  const rejected = page.getByRole('article').filter({ has: page.getByText(photographer.name, { exact: true }) });
  await expect(rejected).toContainText(`Rejected by ${reviewer}`);
  await expect(rejected).toContainText('The photo is too dark or blurry.');
  await page.getByLabel('State').selectOption('approved');
  await expect(page.getByRole('article').filter({ hasText: writer.name })).toContainText(`Approved by ${reviewer}`);
  await page.context().close();
});

test('a reviewer whose link dropped finds the answers taken meanwhile, with who decided them and when', async ({ browser }) => {
  test.setTimeout(180_000);
  await textAnswersFrom(APP_URL, 2, randomBytes(3).toString('hex'));
  const away = await openQueue(browser, APP_URL, crew[1], 'phone');
  const cards = away.getByRole('article');
  await expect(cards).toHaveCount(2);
  const titles = await cards.evaluateAll((all) => all.map((card) => card.getAttribute('aria-labelledby')));

  // The ship's link drops for longer than a hold: another reviewer is handed those answers and decides them.
  await away.context().setOffline(true);
  const other = await openQueue(browser, APP_URL, crew[0], 'laptop');
  await expect(other.getByRole('article')).toHaveCount(2, { timeout: 20_000 });
  for (const id of titles) {
    await other.locator(`[aria-labelledby="${id}"]`).getByRole('button', { name: 'Approve' }).click();
    await expect(other.locator(`[aria-labelledby="${id}"]`)).toHaveCount(0);
  }

  // Back online: the list refreshes by itself and says who took each answer, and when.
  await away.context().setOffline(false);
  const taken = away.getByRole('region', { name: 'Taken by someone else' });
  await expect(taken.getByRole('listitem')).toHaveCount(2);
  await expect(taken.getByRole('listitem').first()).toContainText(new RegExp(`Already approved by ${crew[0]} at \\d{4}-`));
  await expect(away.getByText('Nothing to review: all caught up.')).toBeVisible();
  await away.screenshot({ path: test.info().outputPath('review-taken-phone.png'), fullPage: true });
  await away.context().close();
  await other.context().close();
});

test('a double tap and a held "a" key decide exactly one answer each, never the card that slid into place', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  await textAnswersFrom(APP_URL, 3, randomBytes(3).toString('hex'));
  const page = await openQueue(browser, APP_URL, crew[2], 'laptop');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  const decided = page.getByRole('status').filter({ hasText: 'decided.' });

  // A double tap on the first card: 150 ms apart, the second lands where the next card slides in.
  await cards.first().getByRole('button', { name: 'Approve' }).dblclick({ delay: 150 });
  await expect(cards).toHaveCount(2);
  await expect(decided).toHaveText('1 decided.');

  // The "a" key held down on the next card: its repeats decide nothing more.
  await expect(cards.first().getByRole('button', { name: 'Approve' })).toBeEnabled();
  await cards.first().focus();
  for (let i = 0; i < 6; i++) await page.keyboard.down('a');
  await page.keyboard.up('a');
  await expect(cards).toHaveCount(1);
  await expect(decided).toHaveText('1 decided.');
  // The last one is still waiting for someone to look at it.
  await expect(cards.first()).toContainText('Pending');
  await page.context().close();
});

test('an undo within the window gives the visitor back their pending ducks and withdraws the news; after it, the undo is refused with why', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = randomBytes(3).toString('hex');
  const visitor = await createVisitor({ name: `Undo Visitor ${tag}`, appUrl: APP_URL });
  const ducks = await answerText(APP_URL, visitor, 'Sir Quacks');
  const plural = ducks === 1 ? 'duck' : 'ducks';
  const page = await openQueue(browser, APP_URL, reviewer, 'phone');
  const card = page.getByRole('article').filter({ hasText: visitor.name });
  const recent = page.getByRole('region', { name: 'Just decided' });
  const entry = `Name That Duck, ${visitor.name}`;

  // Approved: the ducks are the visitor's.
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toHaveCount(0);
  await expect(recent.getByRole('listitem')).toHaveText([`Approved: ${entry}Undo`]);
  expect((await apiAs<Me>(visitor, '/api/me', undefined, APP_URL)).body).toEqual(
    expect.objectContaining({ duckPoints: ducks, pendingDuckPoints: 0 }),
  );
  // A mistake: undone at once (a second tap finds the button gone). The answer is back, held for this reviewer.
  await recent.getByRole('button', { name: `Undo: Approved: ${entry}` }).dblclick();
  await expect(page.getByRole('status')).toHaveText(`Undone: Name That Duck, ${visitor.name} is waiting for a decision again.`);
  await expect(recent).toHaveCount(0);
  await expect(card).toContainText(`${ducks} ${plural} pending`);
  await page.screenshot({ path: test.info().outputPath('review-undone-phone.png'), fullPage: true });

  // On the visitor's phone: the ducks are pending again and no news of an approval that was taken back.
  const phone = await browser.newContext({ ...devices['Pixel 7'], baseURL: APP_URL });
  await signIn(phone, visitor, APP_URL);
  const visitorPage = await phone.newPage();
  await visitorPage.goto('/checkpoints');
  const tracker = visitorPage.getByRole('region', { name: 'My Ducks' });
  await expect(tracker.getByText(`Ducks pending: ${ducks}`, { exact: true })).toBeVisible();
  await expect(tracker.getByText('Ducks: 0', { exact: true })).toBeVisible();
  await expect(visitorPage.getByText(/was approved/)).toHaveCount(0);

  // Decided again, a rejection; the visitor is told that one.
  await expect(card.getByRole('button', { name: 'Reject' })).toBeEnabled();
  await card.getByRole('button', { name: 'Reject' }).click();
  await page
    .getByRole('dialog', { name: 'Reject this answer' })
    .getByRole('button', { name: 'The answer is not right.' })
    .click();
  await expect(card).toHaveCount(0);
  const rejectedAt = Date.now();
  await visitorPage.reload();
  await expect(visitorPage.getByText('Your answer for Name That Duck was not approved: The answer is not right.')).toBeVisible();
  await expect(tracker.getByText('Ducks pending: 0', { exact: true })).toBeVisible();

  // Past the window, the undo is refused with why and what to do instead; the rejection stands.
  await page.waitForTimeout(Math.max(0, rejectedAt + (UNDO_SECONDS + 1) * 1000 - Date.now()));
  await recent.getByRole('button', { name: `Undo: Rejected: ${entry}` }).click();
  await expect(recent.getByRole('alert')).toHaveText(
    new RegExp(
      `^This answer was decided at \\d{4}-.+; a decision can be undone for ${UNDO_SECONDS} seconds only\\. To correct it now, an admin can adjust the visitor's ducks in Participants\\.$`,
    ),
  );
  await expect(recent.getByRole('button', { name: /^Undo/ })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('review-undo-refused-phone.png'), fullPage: true });
  expect((await apiAs<Me>(visitor, '/api/me', undefined, APP_URL)).body).toEqual(
    expect.objectContaining({ duckPoints: 0, pendingDuckPoints: 0 }),
  );

  // The visitor tries again: the new card shows what they answered before and why it was not approved.
  expect((await apiAs(visitor, '/api/checkpoints/day-03-name-that-duck/attempts', { answer: 'Quackers' }, APP_URL)).status).toBe(
    200,
  );
  await expect(card.getByText('Quackers', { exact: true })).toBeVisible();
  const earlier = card.getByRole('region', { name: 'Their other answer to this checkpoint' });
  await expect(earlier.getByRole('listitem')).toHaveText([/^“?Sir Quacks”? · Rejected: The answer is not right\. · /]);
  await card.screenshot({ path: test.info().outputPath('review-earlier-phone.png') });
  await phone.close();
  await page.context().close();
});
