// Journey: playing through a dead spot (decision 036). The visitor loses the signal on day 1's checkpoint and
// types its code: the answer is kept on the phone and the screen and the list say "Waiting for signal"; the
// wheel asks to wait for a signal. When the signal returns the answer is sent by itself, counted once, and goes
// on to the congratulations like any answer. The same request sent again with the same Idempotency-Key changes
// nothing.
import type { Page } from '@playwright/test';
import { type Visitor, apiAs, expect, test } from '../support/fixtures';

const GANGWAY_CODE = 'QQSG25-GANGWAY-MWMXXG';

/** Throw-away screenshots at 412 and 320 px when SHOTS_DIR is set (never in git). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 412, height: size.height });
  await page.screenshot({ path: `${dir}/${name}-412.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 320, height: size.height });
  await page.screenshot({ path: `${dir}/${name}-320.png`, animations: 'disabled' });
  await page.setViewportSize(size);
}

/** Moves to a screen inside the app, as a link would: no page load (none could happen offline). */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

interface Progress {
  data: { checkpointId: string; attempts: number; completed: boolean; result: string }[];
}

/** The visitor's progress on one checkpoint, as the server has it. */
async function progressOf(visitor: Visitor, checkpointId: string) {
  return (await apiAs<Progress>(visitor, '/api/checkpoints')).body.data.find((c) => c.checkpointId === checkpointId);
}

/** Types day 1's code on its open screen and sends it (offline: it stays on the phone). */
async function typeGangwayCode(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Type the code instead' }).click();
  const form = page.getByRole('form', { name: 'Type the code' });
  await form.getByRole('textbox', { name: 'Code under the QR code' }).fill(GANGWAY_CODE);
  await form.getByRole('button', { name: 'Check code' }).click();
}

test('an answer made offline waits on the phone, is sent when the signal returns, and counts once', async ({
  context,
  signedInPage: page,
  visitor,
}) => {
  const gangway = async () => progressOf(visitor, 'day-01-gangway');
  const spinsLeft = async () => (await apiAs<{ spinsLeft: number }>(visitor, '/api/spin')).body.spinsLeft;
  const sent: { key: string; body: unknown }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/checkpoints/day-01-gangway/attempts')) {
      sent.push({ key: request.headers()['idempotency-key'] ?? '', body: request.postDataJSON() });
    }
  });

  // The screens load with a signal: without a service worker a screen not opened yet would not load offline.
  await page.goto('/checkpoints');
  await openInApp(page, '/spin');
  await expect(page.getByRole('button', { name: 'SPIN', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back to checkpoints' }).click();
  await page
    .getByRole('region', { name: 'Checkpoint list' })
    .getByRole('link', { name: /Gangway Hello/ })
    .click();
  await expect(page).toHaveURL(/\/checkpoint\?id=day-01-gangway$/);
  // The URL changes before the screen's code has arrived: cut the signal only once the screen is there, or it
  // would show "This page could not be loaded" instead (seen on a busy machine).
  await expect(page.getByRole('button', { name: 'Type the code instead' })).toBeVisible();

  await context.setOffline(true);
  await typeGangwayCode(page);

  const waiting = page.getByRole('status').filter({ hasText: 'Waiting for signal' });
  await expect(waiting).toContainText('Your answer is saved on this phone');
  await shot(page, 'offline-waiting');
  expect(sent).toEqual([]);
  expect(await gangway()).toMatchObject({ attempts: 0, completed: false });

  // Still offline, the list says so on the row, and the wheel waits for the server.
  await page.getByRole('link', { name: 'Back to checkpoints' }).click();
  await expect(page.getByRole('link', { name: /Gangway Hello/ })).toContainText('Waiting for signal');
  await shot(page, 'offline-list');
  await openInApp(page, '/spin');
  await expect(page.getByText('Spin when you are back online.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'SPIN', exact: true })).toBeDisabled();
  await shot(page, 'offline-spin');
  await page.getByRole('link', { name: 'Back to checkpoints' }).click();

  // The signal returns: the answer goes by itself, and it is a completed checkpoint like any other.
  await context.setOffline(false);
  const told = page.getByRole('alertdialog');
  await expect(told).toContainText('Your answer to "Gangway Hello" was sent.');
  await told.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/congrats$/);
  await expect(page.getByRole('link', { name: 'Spin for Ducks' })).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
  expect(await gangway()).toMatchObject({ attempts: 1, completed: true });
  expect(await spinsLeft()).toBe(1);

  // The same answer sent again (a response lost on the way back) is not counted again.
  const again = await page.request.post('/api/checkpoints/day-01-gangway/attempts', {
    headers: { 'idempotency-key': sent[0]!.key },
    data: sent[0]!.body,
  });
  expect(again.status()).toBe(200);
  expect(await again.json()).toMatchObject({ outcome: 'valid', attempts: 1, spinEarned: true });
  expect(await gangway()).toMatchObject({ attempts: 1, completed: true });
  expect(await spinsLeft()).toBe(1);
});

test('a photo taken offline is kept as its prepared JPEG, across closing the app, and sent when it opens with a signal', async ({
  context,
  signedInPage: page,
  visitor,
}) => {
  const deckSelfie = async () => progressOf(visitor, 'day-04-deck-selfie');
  await page.goto('/checkpoint?id=day-04-deck-selfie');
  await expect(page.getByRole('heading', { level: 1, name: 'Deck Selfie' })).toBeVisible();
  const photo = await page.evaluate(async () => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 400, height: 300 });
    const draw = canvas.getContext('2d')!;
    draw.fillStyle = '#ffc928';
    draw.fillRect(0, 0, 400, 300);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Browse' }).click();
  await (await chooser).setFiles({ name: 'deck.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(photo) });

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for signal' })).toBeVisible();
  expect(await deckSelfie()).toMatchObject({ attempts: 0 });

  // The app is closed while offline, and opened again with a signal: the photo was kept, and goes when it starts.
  await page.close();
  await context.setOffline(false);
  const reopened = await context.newPage();
  await reopened.goto('/checkpoints');
  const told = reopened.getByRole('alertdialog');
  await expect(told).toContainText('Your answer to "Deck Selfie" was sent.');
  await told.getByRole('button', { name: 'OK' }).click();
  await expect(reopened).toHaveURL(/\/congrats$/);
  expect(await deckSelfie()).toMatchObject({ attempts: 1, result: 'inReview' });
});

test("an answer the server refuses when it arrives is told in the server's words and leaves the queue", async ({
  context,
  signedInPage: page,
  visitor,
}) => {
  const lifeboat = async () => progressOf(visitor, 'day-02-lifeboat-drill');
  await page.goto('/checkpoints');
  await page
    .getByRole('region', { name: 'Checkpoint list' })
    .getByRole('link', { name: /Lifeboat Drill/ })
    .click();
  await expect(page).toHaveURL(/\/checkpoint\?id=day-02-lifeboat-drill$/);
  // The screen is drawn before the signal goes (its code is not on the phone: the service worker is blocked here).
  await expect(page.getByRole('group', { name: 'Answers' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('group', { name: 'Answers' }).getByRole('button', { name: 'Your assigned muster station' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for signal' })).toBeVisible();
  // Meanwhile the visitor used the one attempt on another phone.
  expect((await apiAs(visitor, '/api/checkpoints/day-02-lifeboat-drill/attempts', { answer: 'a' })).status).toBe(200);

  await context.setOffline(false);
  const told = page.getByRole('alertdialog');
  await expect(told).toContainText(
    'Your answer to "Lifeboat Drill" could not be counted. You have reached the maximum attempts for this checkpoint (1).',
  );
  await told.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Waiting for signal')).toBeHidden();
  expect(await lifeboat()).toMatchObject({ attempts: 1, completed: false });
});

test('an answer kept while the session ended is sent when the same visitor is back, not lost', async ({
  context,
  signedInPage: page,
  visitor,
}) => {
  const gangway = async () => progressOf(visitor, 'day-01-gangway');
  await page.goto('/checkpoint?id=day-01-gangway');
  await expect(page.getByRole('button', { name: 'Type the code instead' })).toBeVisible();
  await context.setOffline(true);
  await typeGangwayCode(page);
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for signal' })).toBeVisible();

  // The server no longer knows this browser's session: back online, the app is sent to the welcome page.
  await context.clearCookies({ name: 'qq_session' });
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/$/);
  expect(await gangway()).toMatchObject({ attempts: 0 });

  // The same visitor signs in again: the answer kept on the phone goes, counted once.
  await context.addCookies([{ name: 'qq_session', value: visitor.cookie, url: page.url(), httpOnly: true, sameSite: 'Lax' }]);
  await page.evaluate(
    ([email, name]) => {
      localStorage.setItem('isAuthenticated', 'true');
      localStorage.setItem('userEmail', email!);
      localStorage.setItem('userName', name!);
    },
    [visitor.email, visitor.name],
  );
  await page.goto('/checkpoints');
  await expect(page.getByRole('alertdialog')).toContainText('Your answer to "Gangway Hello" was sent.');
  expect(await gangway()).toMatchObject({ attempts: 1, completed: true });
});
