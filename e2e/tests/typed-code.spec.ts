// Journey: the camera cannot scan, so the visitor types the code printed under the QR (decision 029). A wrong
// code is refused and is not an attempt; the right one, typed loosely, completes day 1 like a scan. Then the
// win moments: the congratulations and the wheel's win pop and buzz once (navigator.vibrate is stubbed), the
// ducks count up to the new total; with reduced motion nothing moves and the total shows at once.
import type { Page } from '@playwright/test';
import { apiAs, expect, test } from '../support/fixtures';

const GANGWAY_CODE = 'QQSG25-GANGWAY-MWMXXG';
/** A real code of the campaign, but of day 7's checkpoint: wrong here. */
const WRONG_CODE = 'QQSG25-BEACON-NKRG8U';

/**
 * Throw-away screenshots at 412 and 320 px when SHOTS_DIR is set (never in git); `midAnimation` holds every
 * animation 450 ms in, to see the motion.
 */
async function shot(page: Page, name: string, { midAnimation = false } = {}): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  test.setTimeout(240_000);
  if (midAnimation) {
    await page.evaluate(() =>
      document.getAnimations().forEach((animation) => {
        animation.pause();
        animation.currentTime = 450;
      }),
    );
  }
  const animations = midAnimation ? 'allow' : 'disabled';
  const size = page.viewportSize()!;
  await page.screenshot({ path: `${dir}/${name}-${size.width}.png`, animations });
  await page.setViewportSize({ width: 320, height: size.height });
  await page.screenshot({ path: `${dir}/${name}-320.png`, animations });
  await page.setViewportSize(size);
}

/** Counts navigator.vibrate calls, on a phone that has a vibration motor. */
async function stubVibrate(page: Page): Promise<() => Promise<unknown[]>> {
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { vibrations: unknown[] }).vibrations = calls;
    Object.defineProperty(Navigator.prototype, 'vibrate', {
      configurable: true,
      value: (pattern: unknown) => {
        calls.push(pattern);
        return true;
      },
    });
  });
  return () => page.evaluate(() => (window as unknown as { vibrations: unknown[] }).vibrations);
}

const animationName = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => getComputedStyle(element).animationName);

test('a typed code completes a Scan checkpoint; a wrong one is refused; the win moments pop, buzz and count', async ({
  signedInPage: page,
  visitor,
}) => {
  const vibrations = await stubVibrate(page);
  // The expected text never reaches the browser, not even after a wrong code.
  const leaks: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/api/')) return;
    const body = await response.text().catch(() => '');
    if (body.includes('MWMXXG')) leaks.push(response.url());
  });

  await page.goto('/checkpoints');
  await page
    .getByRole('region', { name: 'Checkpoint list' })
    .getByRole('link', { name: /Gangway Hello/ })
    .click();
  await expect(page).toHaveURL(/\/checkpoint\?id=day-01-gangway$/);
  await page.getByRole('button', { name: 'Type the code instead' }).click();
  const form = page.getByRole('form', { name: 'Type the code' });
  const field = form.getByRole('textbox', { name: 'Code under the QR code' });
  await expect(field).toBeFocused();
  await expect(form.getByText('Capitals, spaces and dashes do not matter.')).toBeVisible();
  await shot(page, 'typed-empty');

  // Nothing typed: said at once, nothing sent.
  await form.getByRole('button', { name: 'Check code' }).click();
  await expect(form.getByRole('status')).toHaveText('Please type the code printed under the QR code.');

  await field.fill(WRONG_CODE);
  await form.getByRole('button', { name: 'Check code' }).click();
  await expect(form.getByRole('status')).toHaveText('Invalid code. Check the code under the QR code and try again.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'typed-wrong');
  // Like a wrong scan: refused, not an attempt.
  const afterWrong = await apiAs<{ data: { checkpointId: string; attempts: number; completed: boolean }[] }>(
    visitor,
    '/api/checkpoints',
  );
  expect(afterWrong.body.data.find((c) => c.checkpointId === 'day-01-gangway')).toMatchObject({
    attempts: 0,
    completed: false,
  });

  // Typing again clears the message; the right code typed loosely is valid.
  await field.fill('qqsg25 gangway mwmxxg');
  await expect(form.getByRole('status')).toHaveText('');
  await form.getByRole('button', { name: 'Check code' }).click();
  await expect(form.getByRole('status')).toHaveText('Valid QR Code');
  await expect(form.getByRole('button', { name: 'Check code' })).toBeDisabled();
  await shot(page, 'typed-valid');

  // 1.5 s later, /congrats as after a scan: it pops and buzzes once.
  await expect(page).toHaveURL(/\/congrats$/);
  await expect(page.getByRole('heading', { name: 'CHECKPOINT COMPLETED' })).toBeVisible();
  expect(await animationName(page, '.congrats__duck')).toContain('celebrate-pop');
  await expect(page.locator('.confetti__piece').first()).toBeAttached();
  await expect.poll(vibrations).toHaveLength(1);
  await shot(page, 'congrats', { midAnimation: true });

  await page.getByRole('link', { name: 'Spin for Ducks' }).click();
  await page.getByRole('button', { name: 'SPIN', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'You won!' });
  await expect(popup).toBeVisible();
  const ducks = Number(/^(\d)/.exec((await popup.getByText(/^\d Duck Point\(s\)$/).textContent()) ?? '')?.[1]);
  expect(ducks).toBeGreaterThanOrEqual(1);
  // The ducks count up from 0 to the new total, and the win buzzes once more.
  await expect(popup.locator('.win-popup__total .count-up')).toHaveText(String(ducks));
  expect(await animationName(page, '.win-popup__points')).toContain('celebrate-pop');
  await expect.poll(vibrations).toHaveLength(2);
  await shot(page, 'win', { midAnimation: true });

  const me = await apiAs<{ duckPoints: number }>(visitor, '/api/me');
  expect(me.body.duckPoints).toBe(ducks);
  expect(leaks).toEqual([]);
});

test('with reduced motion the win moments do not move, still buzz once, and show the total at once', async ({
  signedInPage: page,
  visitor,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const vibrations = await stubVibrate(page);
  // Day 1 completed by a typed code through the API, then straight to the moments.
  const typed = await apiAs<{ outcome: string }>(visitor, '/api/checkpoints/day-01-gangway/attempts', {
    answer: GANGWAY_CODE.toLowerCase(),
    typed: true,
  });
  expect(typed.body.outcome).toBe('valid');

  await page.goto('/congrats');
  await expect(page.getByRole('heading', { name: 'CHECKPOINT COMPLETED' })).toBeVisible();
  await expect(page.locator('.congrats__duck')).not.toHaveClass(/celebrate/);
  expect(await animationName(page, '.congrats__duck')).toBe('none');
  expect(await animationName(page, 'h1')).toBe('none');
  await expect(page.locator('.confetti')).toHaveCount(0);
  await expect.poll(vibrations).toHaveLength(1);
  await shot(page, 'congrats-reduced');

  await page.getByRole('link', { name: 'Spin for Ducks' }).click();
  await page.getByRole('button', { name: 'SPIN', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'You won!' });
  await expect(popup).toBeVisible();
  const ducks = Number(/^(\d)/.exec((await popup.getByText(/^\d Duck Point\(s\)$/).textContent()) ?? '')?.[1]);
  await expect(popup.locator('.win-popup__total .count-up')).toHaveText(String(ducks));
  await expect(popup.locator('.win-popup__points')).not.toHaveClass(/celebrate/);
  expect(await animationName(page, '.win-popup__points')).toBe('none');
  await expect(popup.locator('.confetti')).toHaveCount(0);
  await expect.poll(vibrations).toHaveLength(2);
});
