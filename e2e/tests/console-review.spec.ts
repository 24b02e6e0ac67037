// The review queue (docs/product.md §15): a reviewer rejects a photo with a reason from the list and approves
// a text answer; the visitor's pending ducks post on approval and go on rejection, and the visitor sees it in
// their own app on their own phone (issue 13's must-show).
import { randomBytes } from 'node:crypto';
import { signInToConsole } from '../support/console';
import { apiAs, createVisitor, expect, ops, signIn, test, uniqueEmail, type Visitor } from '../support/fixtures';
import { APP_URL } from '../support/ports';
import { qrPng } from '../support/qr-video';

interface Me {
  duckPoints: number;
  pendingDuckPoints: number;
}

async function answerText(visitor: Visitor, answer: string): Promise<number> {
  expect((await apiAs(visitor, '/api/checkpoints/day-03-name-that-duck/attempts', { answer })).status).toBe(200);
  return (await apiAs<{ duckPointsAwarded: number }>(visitor, '/api/spin', {})).body.duckPointsAwarded;
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
  );
  const put = await fetch(new URL(url.uploadUrl, APP_URL), {
    method: 'PUT',
    headers: { cookie: `qq_session=${visitor.cookie}`, ...url.headers },
    body: new Uint8Array(photo),
  });
  expect(put.status).toBe(200);
  expect((await apiAs(visitor, '/api/checkpoints/day-04-deck-selfie/attempts', { answer: url.key })).status).toBe(200);
  return (await apiAs<{ duckPointsAwarded: number }>(visitor, '/api/spin', {})).body.duckPointsAwarded;
}

test('a reviewer rejects a photo with a reason and approves a text answer', async ({ browser, page }) => {
  const tag = randomBytes(3).toString('hex');
  const writer = await createVisitor({ name: `Text Writer ${tag}` });
  const photographer = await createVisitor({ name: `Photo Taker ${tag}` });
  const textDucks = await answerText(writer, 'Quackers');
  await answerPhoto(photographer);
  const reviewer = uniqueEmail('reviewer');
  await ops('operator:add', reviewer, '--role', 'reviewer');

  // The writer's own phone: the ducks won are pending while the answer waits for a reviewer.
  const writersPhone = await browser.newContext({ viewport: { width: 412, height: 839 } });
  await signIn(writersPhone, writer);
  const writerPage = await writersPhone.newPage();
  await writerPage.goto('/checkpoints');
  const tracker = writerPage.getByRole('region', { name: 'My Ducks' });
  await expect(tracker.getByText(`Ducks pending: ${textDucks}`, { exact: true })).toBeVisible();
  await expect(tracker.getByText('Ducks: 0', { exact: true })).toBeVisible();

  await signInToConsole(page, reviewer);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();

  // The photo, shown from the reviewers-only photo route.
  const photoCard = page.getByRole('article').filter({ hasText: photographer.name });
  const photo = photoCard.getByRole('img', { name: `Photo for Deck Selfie by ${photographer.name}` });
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(new URL((await photo.getAttribute('src'))!, APP_URL).pathname).toMatch(/^\/api\/console\/photos\/\d+$/);

  await photoCard.getByRole('button', { name: 'Reject' }).click();
  const reasons = page.getByRole('dialog', { name: 'Reject this answer' });
  await expect(reasons).toContainText('The visitor will see the reason.');
  await reasons.getByRole('button', { name: 'The photo is too dark or blurry.' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'decided' })).toHaveText('1 decided.');
  await expect(photoCard).toHaveCount(0);

  // The text answer: ticked, then approved with the keyboard's "a".
  const textCard = page.getByRole('article').filter({ hasText: writer.name });
  await expect(textCard.getByText('Quackers')).toBeVisible();
  await expect(textCard).toContainText(`${textDucks} duck${textDucks === 1 ? '' : 's'} pending`);
  await textCard.getByRole('checkbox', { name: 'Select' }).check();
  await expect(page.getByRole('region', { name: 'Selected answers' })).toContainText('Approve 1 selected');
  await page.keyboard.press('a');
  await expect(textCard).toHaveCount(0);

  expect((await apiAs<Me>(writer, '/api/me')).body).toMatchObject({ duckPoints: textDucks, pendingDuckPoints: 0 });
  // On the writer's phone, the next time the app is open: the news, and the pending ducks are ducks.
  await writerPage.reload();
  const plural = textDucks === 1 ? 'duck' : 'ducks';
  await expect(writerPage.getByText(`Your answer for Name That Duck was approved: +${textDucks} ${plural}`)).toBeVisible();
  await expect(tracker.getByText(`Ducks: ${textDucks}`, { exact: true })).toBeVisible();
  await expect(tracker.getByText('Ducks pending: 0', { exact: true })).toBeVisible();
  await writersPhone.close();
  expect((await apiAs<Me>(photographer, '/api/me')).body).toMatchObject({ duckPoints: 0, pendingDuckPoints: 0 });

  // The decided ones, with who decided and the reason the visitor will see.
  await page.getByLabel('State').selectOption('rejected');
  const rejected = page.getByRole('article').filter({ hasText: photographer.name });
  await expect(rejected).toContainText(`Rejected by ${reviewer}`);
  await expect(rejected).toContainText('The photo is too dark or blurry.');
  await page.getByLabel('State').selectOption('approved');
  await expect(page.getByRole('article').filter({ hasText: writer.name })).toContainText(`Approved by ${reviewer}`);
});
