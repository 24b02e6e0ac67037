// Issue 27 part 2 (decision 051): Tamil and Chinese are drawn with the fonts the app asks for (Noto Sans Tamil, Noto
// Sans SC), downloaded with the language, never on the English first screen. This machine has no Tamil or Han font of
// its own (checked with fc-list), and the journey asks the page itself: the face is loaded and draws the heading.
import type { Page } from '@playwright/test';
import type { Locale } from '../support/catalog';
import { expect, test } from '../support/fixtures';

const FONTS: [Locale, string, string][] = [
  ['ta', 'தமிழ்', 'Noto Sans Tamil'],
  ['zh-Hans', '简体中文', 'Noto Sans SC'],
];

/** The font files the page asked for (their bytes are added up as they arrive). */
function fontRequests(page: Page): string[] & { bytes?: number } {
  const urls: string[] & { bytes?: number } = [];
  urls.bytes = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'font') urls.push(request.url());
  });
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'font') urls.bytes! += (await response.body().catch(() => Buffer.alloc(0))).length;
  });
  return urls;
}

test('the English first screen downloads no font', async ({ page }) => {
  const fonts = fontRequests(page);
  await page.goto('/');
  await expect(page.locator('.welcome__tagline')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  expect([...fonts]).toEqual([]);
});

for (const [language, label, family] of FONTS) {
  test(`${label} is drawn with ${family}, downloaded with the language`, async ({ page }) => {
    const fonts = fontRequests(page);
    await page.goto('/');
    await page.getByRole('combobox').selectOption({ label });
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('.welcome__tagline')).not.toBeEmpty();
    // The text on screen in the language's script is drawn with the web font: the face is loaded and matches it.
    await expect
      .poll(() =>
        page.evaluate(async (family) => {
          const text = document.querySelector('.welcome__other')?.textContent ?? '';
          await document.fonts.ready;
          let loaded = false;
          document.fonts.forEach((face) => {
            if (face.family.replaceAll('"', '') === family && face.status === 'loaded') loaded = true;
          });
          return loaded && document.fonts.check(`16px "${family}"`, text);
        }, family),
      )
      .toBe(true);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((url) => url.endsWith('.woff2'))).toBe(true);
    // What the welcome screen cost in this language, in the report (decision 051).
    test.info().annotations.push({ type: 'fonts', description: `${fonts.length} files, ${fonts.bytes} bytes` });
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/font-${language}.png` });
  });
}
