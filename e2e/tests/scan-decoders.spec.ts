// The scanner's decoders on a browser without a native QR detector (decision 077; Debian's Chromium has none): jsQR
// first, the WebAssembly decoder when jsQR cannot read. The fake camera shows day 1's code through heavy sensor grain,
// as in a dim venue: more than jsQR reads, not more than the WebAssembly decoder does.
import { words } from '../support/catalog';
import { expect, test } from '../support/fixtures';
import { browserPaths, chromiumArgs } from '../support/ports';
import { fakeCameraArgs, qrVideo } from '../support/qr-video';

const GANGWAY_CODE = 'QQSG25-GANGWAY-MWMXXG';

// The camera is chosen when the browser starts, so this file runs in a browser of its own.
const video = qrVideo([{ text: GANGWAY_CODE, seconds: 4, grain: 24 }]);
test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: browserPaths.full,
    args: [...chromiumArgs, ...fakeCameraArgs(video)],
  },
});

test('a grainy code: the popup says the scanner is getting ready, jsQR hands over and the WebAssembly decoder reads it', async ({
  signedInPage: page,
}) => {
  // jsQR's chunk held back, as on a slow link: the camera shows before the decoder has arrived.
  let releaseJsQr = () => {};
  const jsQrHeld = new Promise<void>((resolve) => (releaseJsQr = resolve));
  await page.route(/\/assets\/jsqr-detector-[^/]+\.js$/, async (route) => {
    await jsQrHeld;
    await route.continue();
  });
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));

  await page.goto('/checkpoint?id=day-01-gangway');
  await page.getByRole('button', { name: 'Scan QR Code' }).click();
  const status = page.getByRole('dialog', { name: 'Scan QR Code' }).getByRole('status');
  await expect(status).toHaveText('Getting the scanner ready...');
  await page.screenshot({ path: test.info().outputPath('scanner-getting-ready-412.png') });
  expect(asked.filter((file) => file.endsWith('.wasm'))).toEqual([]);

  // The handover comes after a slow jsQR frame or 5 s without a read (HANDOVER): waited for as the request it makes.
  const wasmAsked = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith('.wasm'));
  releaseJsQr();
  await wasmAsked;
  await expect(status).toHaveText('Valid QR Code');
  // Read by the WebAssembly decoder, fetched only now: jsQR reads nothing through this grain.
  expect(asked.filter((file) => file.endsWith('.wasm'))).toHaveLength(1);
  await expect(page).toHaveURL(/\/congrats$/);
});

test('"Getting the scanner ready" is said in 中文, Bahasa Melayu and தமிழ் too', async ({ context, signedInPage: page }) => {
  // jsQR's chunk never arrives here: the popup stays on its first sentence.
  await page.route(/\/assets\/jsqr-detector-[^/]+\.js$/, () => new Promise<never>(() => {}));
  for (const language of ['zh-Hans', 'ms', 'ta'] as const) {
    const say = words(language);
    await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
    await page.goto('/checkpoint?id=day-01-gangway');
    await page.getByRole('button', { name: say('scan.button') }).click();
    const status = page.getByRole('dialog', { name: say('scan.button') }).getByRole('status');
    await expect(status).toHaveText(say('scan.preparing'));
    await page.screenshot({ path: test.info().outputPath(`scanner-getting-ready-${language}.png`) });
  }
});
