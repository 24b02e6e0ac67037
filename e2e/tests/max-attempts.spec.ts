// Journey 6: maximum attempts. Day 2's multiple choice allows one attempt: after a wrong answer its row
// is locked ('Locked', a lock, in its place in the list: issue 27 part 4) and explains itself with the spec's alert; the checkpoint
// screen offers no answers; and an attempt forced anyway (a screen opened before the attempt was used up,
// or the API) is refused by the server with its 403 message.
import type { Page } from '@playwright/test';
import { apiAs, expect, test } from '../support/fixtures';

const LIST_MESSAGE = 'You have reached the maximum attempts (1) for this checkpoint. Please try a different checkpoint.';
const SERVER_MESSAGE = 'You have reached the maximum attempts for this checkpoint (1). Please try a different checkpoint.';

async function answerDay2(page: Page, choice: string): Promise<void> {
  await page.getByRole('group', { name: 'Answers' }).getByRole('button', { name: choice }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
}

async function openDay2(page: Page): Promise<void> {
  await page.goto('/checkpoint?id=day-02-lifeboat-drill');
  await expect(page.getByRole('heading', { level: 1, name: 'Lifeboat Drill' })).toBeVisible();
}

test('a used-up checkpoint is locked in the list, explains itself, offers no answers, and the server refuses more', async ({
  signedInPage: page,
  visitor,
}) => {
  await openDay2(page);
  await answerDay2(page, 'The top of the funnel');
  await expect(page.getByRole('status')).toHaveText('Not this time. The right answers are marked.');
  await page.getByRole('link', { name: 'Back to checkpoints' }).last().click();
  await page.waitForURL(/\/checkpoints$/);

  const list = page.getByRole('region', { name: 'Checkpoint list' });
  const locked = list.getByRole('button', { name: /^Locked\b.*Lifeboat Drill/ });
  await expect(locked).toBeVisible();
  // The lock stands where the sequence number was; used up without success, it has no tick (decision 023).
  await expect(locked.locator('svg').first()).toBeVisible();
  await expect(locked.getByText('2', { exact: true })).toHaveCount(0);
  await expect(locked).toContainText('No attempts left');
  await expect(locked.getByRole('img', { name: 'Done' })).toHaveCount(0);
  // No longer a link to the checkpoint, and still second, after day 1: it keeps its place rather than sinking
  // below the days to come.
  await expect(list.getByRole('link', { name: /Lifeboat Drill/ })).toHaveCount(0);
  await expect(list.getByRole('listitem').nth(1)).toContainText('Locked');
  await page.screenshot({ path: test.info().outputPath('checkpoints-locked-in-place.png'), fullPage: true });

  await locked.click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toHaveAccessibleName(LIST_MESSAGE);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
  await expect(page).toHaveURL(/\/checkpoints$/);

  // Opened directly, the checkpoint says so and offers nothing to answer.
  await openDay2(page);
  await expect(page.getByText(LIST_MESSAGE)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Answers' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);

  // The server refuses another attempt, right or wrong.
  for (const answer of [['b'], ['a']]) {
    const refused = await apiAs<{ message: string }>(visitor, '/api/checkpoints/day-02-lifeboat-drill/attempts', { answer });
    expect(refused).toEqual({
      status: 403,
      body: { code: 'maxAttempts', message: SERVER_MESSAGE, params: { maxAttempts: 1 } },
    });
  }
});

test("an answer from a screen opened before the last attempt was used is refused with the server's message", async ({
  context,
  signedInPage: page,
  visitor,
}) => {
  // Two tabs on day 2: the first uses the only attempt while the second still shows the answers.
  await openDay2(page);
  const second = await context.newPage();
  await openDay2(second);
  await expect(second.getByRole('group', { name: 'Answers' })).toBeVisible();

  await answerDay2(page, 'The dessert buffet');
  await expect(page.getByRole('status')).toHaveText('Not this time. The right answers are marked.');

  await answerDay2(second, 'Your assigned muster station');
  const alert = second.getByRole('alertdialog');
  await expect(alert).toHaveAccessibleName(SERVER_MESSAGE);
  // Nothing was graded on that screen.
  await expect(second.getByRole('status')).toHaveText('');
  await alert.getByRole('button', { name: 'OK' }).click();
  await second.waitForURL(/\/checkpoints$/);
  await expect(
    second.getByRole('region', { name: 'Checkpoint list' }).getByRole('button', { name: /^Locked\b.*Lifeboat Drill/ }),
  ).toBeVisible();

  // Only the first answer counted, and it earned nothing.
  const { body } = await apiAs<{ data: { checkpointId: string; attempts: number; completed: boolean }[] }>(
    visitor,
    '/api/checkpoints',
  );
  expect(body.data.find((c) => c.checkpointId === 'day-02-lifeboat-drill')).toMatchObject({ attempts: 1, completed: false });
  expect((await apiAs<{ duckPoints: number; pendingDuckPoints: number }>(visitor, '/api/me')).body).toMatchObject({
    duckPoints: 0,
    pendingDuckPoints: 0,
  });
});
