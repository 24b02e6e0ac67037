// Journey 5: answering checkpoints. A correct multiple choice earns a spin whose ducks post at once; a
// wrong one on the last try shows the right answers and leaves the visitor where they are (issue 27 part 4). A text answer and a photo earn a spin whose ducks stay pending until
// an operator approves the answer through the CLI (review:list, review:approve).
import type { Page } from '@playwright/test';
import { apiAs, expect, ops, test, type Visitor } from '../support/fixtures';
import { qrPng } from '../support/qr-video';

interface Me {
  duckPoints: number;
  pendingDuckPoints: number;
}

interface PendingReview {
  attemptId: number;
  email: string;
  checkpointId: string;
  type: string;
  answer: string;
  ducks: number | null;
}

const me = async (visitor: Visitor) => (await apiAs<Me>(visitor, '/api/me')).body;

async function openCheckpoint(page: Page, title: string, id: string): Promise<void> {
  await page.goto('/checkpoints');
  await page.getByRole('region', { name: 'Checkpoint list' }).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/checkpoint\\?id=${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** From /congrats: the spin button, the wheel, and the win popup; returns the ducks won. */
async function spinTheWheel(page: Page): Promise<{ ducks: number; text: string }> {
  await expect(page.getByRole('heading', { name: 'CHECKPOINT COMPLETED' })).toBeVisible();
  await page.getByRole('link', { name: 'Spin for Ducks' }).click();
  await expect(page).toHaveURL(/\/spin$/);
  await page.getByRole('button', { name: 'SPIN', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'You won!' });
  await expect(popup).toBeVisible();
  const ducks = Number(/^(\d)/.exec((await popup.getByText(/^\d Duck Point\(s\)$/).textContent()) ?? '')?.[1]);
  expect(ducks).toBeGreaterThanOrEqual(1);
  expect(ducks).toBeLessThanOrEqual(5);
  const text = (await popup.textContent()) ?? '';
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
  return { ducks, text };
}

async function expectTracker(page: Page, ducks: number, pending: number): Promise<void> {
  const tracker = page.getByRole('region', { name: 'My Ducks' });
  await expect(tracker.getByText(`Ducks: ${ducks}`, { exact: true })).toBeVisible();
  await expect(tracker.getByText(`Ducks pending: ${pending}`, { exact: true })).toBeVisible();
}

test.describe('multiple choice (day 2)', () => {
  test('the correct answer locks the choices, shows Correct, then /congrats after 1.5 s and a spin that posts its ducks', async ({
    signedInPage: page,
    visitor,
  }) => {
    await openCheckpoint(page, 'Lifeboat Drill', 'day-02-lifeboat-drill');
    // For MCQ the info panel holds the question.
    await expect(page.getByText('When the safety drill begins on board, where should every guest head first?')).toBeVisible();
    const answers = page.getByRole('group', { name: 'Answers' });
    await expect(answers.getByRole('button')).toHaveCount(4);

    // Nothing chosen: the spec's alert, and nothing is sent.
    await page.getByRole('button', { name: 'Submit' }).click();
    const alert = page.getByRole('alertdialog');
    await expect(alert).toHaveAccessibleName('Please select at least one answer before submitting!');
    await alert.getByRole('button', { name: 'OK' }).click();

    // Choices toggle: A on and off again, then B.
    const a = answers.getByRole('button', { name: 'Back to your cabin for a nap' });
    const b = answers.getByRole('button', { name: 'Your assigned muster station' });
    await a.click();
    await expect(a).toHaveAttribute('aria-pressed', 'true');
    await a.click();
    await expect(a).toHaveAttribute('aria-pressed', 'false');
    await b.click();
    await expect(b).toHaveAttribute('aria-pressed', 'true');

    const submittedAt = Date.now();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status')).toHaveText('Correct!');
    await expect(b).toContainText('Correct');
    for (const choice of await answers.getByRole('button').all()) await expect(choice).toBeDisabled();
    await page.waitForURL(/\/congrats$/);
    expect(Date.now() - submittedAt).toBeGreaterThanOrEqual(1_500);

    const { ducks, text } = await spinTheWheel(page);
    expect(text, 'MCQ ducks need no review').not.toContain('approved');
    expect(await me(visitor)).toEqual(expect.objectContaining({ duckPoints: ducks, pendingDuckPoints: 0 }));
    await page.getByRole('link', { name: 'Back to checkpoints' }).click();
    await expectTracker(page, ducks, 0);
  });

  test('a wrong answer on the last try shows the right one and stays on the screen, with no spin earned', async ({
    signedInPage: page,
    visitor,
  }) => {
    await openCheckpoint(page, 'Lifeboat Drill', 'day-02-lifeboat-drill');
    const answers = page.getByRole('group', { name: 'Answers' });
    const c = answers.getByRole('button', { name: 'The dessert buffet' });
    await c.click();
    await page.getByRole('button', { name: 'Submit' }).click();
    // Day 2 allows one try: that was the last, so the right choice is shown beside the wrong one.
    await expect(page.getByRole('status')).toHaveText('Not this time. The right answers are marked.');
    await expect(c).toContainText('Incorrect');
    await expect(answers.getByRole('button', { name: 'Your assigned muster station' })).toContainText('Correct');
    for (const choice of await answers.getByRole('button').all()) await expect(choice).toBeDisabled();
    // Not bounced away: the visitor reads it, then goes back when they choose. Checked after the old 2 s bounce.
    await page.waitForTimeout(2_500);
    await expect(page).toHaveURL(/\/checkpoint\?id=day-02-lifeboat-drill$/);
    await page.screenshot({ path: test.info().outputPath('mcq-last-try.png'), fullPage: true });
    await page.getByRole('link', { name: 'Back to checkpoints' }).last().click();
    await expect(page).toHaveURL(/\/checkpoints$/);
    await expect(page.getByRole('heading', { name: 'CHECKPOINTS' })).toBeVisible();
    await expectTracker(page, 0, 0);

    const spin = await apiAs<{ message: string }>(visitor, '/api/spin', { type: 'MCQ' });
    expect(spin).toEqual({
      status: 403,
      body: { code: 'spinWithoutCheckpoint', message: 'You need to complete a checkpoint before spinning!' },
    });
  });
});

test('a text answer (day 3) is submitted, spun for, and its ducks wait as pending', async ({ signedInPage: page, visitor }) => {
  await openCheckpoint(page, 'Name That Duck', 'day-03-name-that-duck');
  const input = page.getByRole('textbox', { name: 'YOUR ANSWER' });
  await expect(input).toHaveAttribute('placeholder', 'Enter text (max 10 characters)');
  await expect(page.getByText('0/10', { exact: true })).toBeVisible();

  // Only spaces: the spec's alert.
  await input.fill('   ');
  await page.getByRole('button', { name: 'Submit' }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toHaveAccessibleName('Please enter some text before submitting!');
  await alert.getByRole('button', { name: 'OK' }).click();

  // At most 10 characters are taken.
  await input.fill('');
  await input.pressSequentially('Quackers the Great');
  await expect(input).toHaveValue('Quackers t');
  await expect(page.getByText('10/10', { exact: true })).toBeVisible();
  await input.fill('Quackers');
  await expect(page.getByText('8/10', { exact: true })).toBeVisible();

  const submittedAt = Date.now();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText('Submitted: Quackers');
  await expect(input).toHaveAttribute('readonly', '');
  await page.waitForURL(/\/congrats$/);
  expect(Date.now() - submittedAt).toBeGreaterThanOrEqual(1_500);

  const { ducks, text } = await spinTheWheel(page);
  expect(text).toContain(`You won ${ducks} Duck Point(s)! They will be added once your answer is approved.`);
  await page.getByRole('link', { name: 'Back to checkpoints' }).click();
  await expectTracker(page, 0, ducks);
  expect(await me(visitor)).toEqual(expect.objectContaining({ duckPoints: 0, pendingDuckPoints: ducks }));

  const reviews = JSON.parse(await ops('review:list', '--json')) as PendingReview[];
  expect(reviews.filter((r) => r.email === visitor.email)).toEqual([
    expect.objectContaining({ checkpointId: 'day-03-name-that-duck', type: 'Str', answer: 'Quackers', ducks }),
  ]);
});

test('a photo (day 4) is uploaded, spun for, pending until an operator approves it through the CLI', async ({
  signedInPage: page,
  visitor,
}) => {
  await openCheckpoint(page, 'Deck Selfie', 'day-04-deck-selfie');
  await expect(page.getByText('No photo chosen yet.')).toBeVisible();

  // Upload before choosing: the spec's alert.
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toHaveAccessibleName('Please select an image file before uploading!');
  await alert.getByRole('button', { name: 'OK' }).click();

  // Browse opens the image-only file picker.
  const input = page.locator('input[type="file"]');
  await expect(input).toHaveAttribute('accept', 'image/*');
  const photo = { name: 'deck-selfie.png', mimeType: 'image/png', buffer: await qrPng('QuackQuest deck selfie') };
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Browse' }).click();
  await (await chooser).setFiles(photo);
  await expect(page.getByText('deck-selfie.png')).toBeVisible();

  const uploadedAt = Date.now();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Upload successful!');
  await page.waitForURL(/\/congrats$/);
  expect(Date.now() - uploadedAt).toBeGreaterThanOrEqual(1_000);

  const { ducks, text } = await spinTheWheel(page);
  expect(text).toContain(`You won ${ducks} Duck Point(s)! They will be added once your answer is approved.`);
  await page.getByRole('link', { name: 'Back to checkpoints' }).click();
  await expectTracker(page, 0, ducks);

  // The operator finds the photo waiting for review and approves it: the pending ducks post.
  const reviews = JSON.parse(await ops('review:list', '--json')) as PendingReview[];
  const mine = reviews.filter((r) => r.email === visitor.email);
  expect(mine).toEqual([expect.objectContaining({ checkpointId: 'day-04-deck-selfie', type: 'Upload', ducks })]);
  const approved = await ops('review:approve', String(mine[0]!.attemptId));
  expect(approved).toContain(`Approved attempt ${mine[0]!.attemptId} (${visitor.email}, day-04-deck-selfie)`);

  await page.reload();
  await expectTracker(page, ducks, 0);
  expect(await me(visitor)).toEqual(expect.objectContaining({ duckPoints: ducks, pendingDuckPoints: 0 }));
  const after = JSON.parse(await ops('review:list', '--json')) as PendingReview[];
  expect(after.filter((r) => r.email === visitor.email)).toEqual([]);
});
