// Journey 4: scanning a QR code with Chromium's fake camera. The camera plays a video made when this
// file loads (support/qr-video.ts): another checkpoint's code for 3 s, then day 1's code for 3 s. The
// wrong code shows 'Invalid QR code' for 2 s and scanning resumes; the right one shows 'Valid QR Code',
// then /congrats, the wheel, and the ducks it awards are posted at once (Scan needs no review).
import type { Locator, Page } from '@playwright/test';
import { apiAs, expect, test } from '../support/fixtures';
import { browserPaths, chromiumArgs } from '../support/ports';
import { fakeCameraArgs, qrVideo } from '../support/qr-video';

const GANGWAY_CODE = 'QQSG25-GANGWAY-MWMXXG';
/** A real code of the campaign, but of day 7's checkpoint: wrong here. */
const WRONG_CODE = 'QQSG25-BEACON-NKRG8U';

// The camera is chosen when the browser starts, so this file runs in a browser of its own.
const video = qrVideo([
  { text: WRONG_CODE, seconds: 3 },
  { text: GANGWAY_CODE, seconds: 3 },
]);
test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: browserPaths.full,
    args: [...chromiumArgs, ...fakeCameraArgs(video)],
  },
});

interface StatusChange {
  text: string;
  at: number;
}

/** Records every text the scan status line shows, with the page's clock, from now on. */
async function recordStatus(status: Locator): Promise<() => Promise<StatusChange[]>> {
  await status.evaluate((element) => {
    const log: StatusChange[] = [];
    const note = () => {
      const text = element.textContent ?? '';
      if (log.at(-1)?.text !== text) log.push({ text, at: performance.now() });
    };
    note();
    new MutationObserver(note).observe(element, { subtree: true, childList: true, characterData: true });
    (window as unknown as { scanStatusLog: StatusChange[] }).scanStatusLog = log;
  });
  return () => status.page().evaluate(() => (window as unknown as { scanStatusLog: StatusChange[] }).scanStatusLog);
}

async function spinTheWheel(page: Page): Promise<number> {
  await page.getByRole('link', { name: 'Spin for Ducks' }).click();
  await expect(page).toHaveURL(/\/spin$/);
  await expect(page.getByRole('heading', { name: 'SPIN FOR DUCKS' })).toBeVisible();
  await page.getByRole('button', { name: 'SPIN', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'You won!' });
  await expect(popup).toBeVisible();
  const won = popup.getByText(/^\d Duck Point\(s\)$/);
  const ducks = Number(/^(\d)/.exec((await won.textContent()) ?? '')?.[1]);
  expect(ducks).toBeGreaterThanOrEqual(1);
  expect(ducks).toBeLessThanOrEqual(5);
  return ducks;
}

test('a wrong code is refused and scanning resumes; the right code completes day 1 and its spin posts the ducks', async ({
  signedInPage: page,
  visitor,
}) => {
  await page.goto('/checkpoints');
  await expect(page.getByText('Ducks: 0', { exact: true })).toBeVisible();
  const list = page.getByRole('region', { name: 'Checkpoint list' });
  await list.getByRole('link', { name: /Gangway Hello/ }).click();
  await expect(page).toHaveURL(/\/checkpoint\?id=day-01-gangway$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gangway Hello' })).toBeVisible();

  await page.getByRole('button', { name: 'Scan QR Code' }).click();
  const popup = page.getByRole('dialog', { name: 'Scan QR Code' });
  const status = popup.getByRole('status');
  await expect(status).toBeVisible();
  const statusLog = await recordStatus(status);

  await expect(status).toHaveText('Invalid QR code');
  await expect(status).toHaveText('Valid QR Code');
  // A valid code stops the camera; 1.5 s later the visitor is on /congrats.
  await expect(page).toHaveURL(/\/congrats$/);

  const log = await statusLog();
  const texts = log.map((change) => change.text);
  const firstInvalid = texts.indexOf('Invalid QR code');
  expect(firstInvalid, texts.join(' > ')).toBeGreaterThan(0);
  expect(texts[firstInvalid - 1], 'the wrong code was sent to the server').toBe('Checking...');
  // The message stays 2 s, then scanning resumes with the same camera...
  expect(texts[firstInvalid + 1], texts.join(' > ')).toBe('Point your camera at the QR code.');
  expect(log[firstInvalid + 1]!.at - log[firstInvalid]!.at).toBeGreaterThanOrEqual(1_950);
  // ...until the right code: checked by the server, then valid.
  expect(texts.slice(-2)).toEqual(['Checking...', 'Valid QR Code']);

  await expect(page.getByRole('heading', { name: 'CHECKPOINT COMPLETED' })).toBeVisible();
  await expect(
    page.getByText('Oh Ship! Checkpoint complete! Rack up Ducks to win a cabin on our epic shipcation!'),
  ).toBeVisible();
  const ducks = await spinTheWheel(page);

  // Scan ducks are posted at once; the wrong code was not counted as an attempt.
  const me = await apiAs<{ duckPoints: number; pendingDuckPoints: number }>(visitor, '/api/me');
  expect(me.body).toMatchObject({ duckPoints: ducks, pendingDuckPoints: 0 });
  const { body } = await apiAs<{ data: { checkpointId: string; attempts: number; completed: boolean }[] }>(
    visitor,
    '/api/checkpoints',
  );
  expect(body.data.find((c) => c.checkpointId === 'day-01-gangway')).toMatchObject({ attempts: 1, completed: true });

  await page.getByRole('dialog', { name: 'You won!' }).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('link', { name: 'Back to checkpoints' }).click();
  await expect(page).toHaveURL(/\/checkpoints$/);
  await expect(page.getByText(`Ducks: ${ducks}`, { exact: true })).toBeVisible();
  await expect(page.getByText('Ducks pending: 0', { exact: true })).toBeVisible();
  // The completed checkpoint carries its tick, and refuses another scan.
  const gangway = list.getByRole('link', { name: /Gangway Hello/ });
  await expect(gangway.getByRole('img', { name: 'Done' })).toBeVisible();
  await gangway.click();
  await expect(page.getByText('You have already completed this checkpoint.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Scan QR Code' })).toHaveCount(0);
});
