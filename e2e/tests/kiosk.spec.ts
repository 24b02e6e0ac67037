// Issue 34 part 1's must-show (decision 083): staff start a kiosk on a tablet for a checkpoint whose code rotates; a
// phone's camera, a metre and a half from the tablet, scans the code and the checkpoint completes. The same picture,
// scanned two windows later (the server's clock moved on: TEST_CLOCK_OFFSET_MS), is refused in words. The tablet,
// offline, goes on showing codes the server accepts; turned off from the console, it says so and its codes stop.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium, devices } from '@playwright/test';
import type { KioskList } from '@quackquest/contract/core';
import { expectAccessible } from '../support/axe';
import { signInToConsole } from '../support/console';
import { apiAs, createVisitor, expect, signIn, test, uniqueEmail } from '../support/fixtures';
import { type OwnServer, startOwnServer } from '../support/own-server';
import { writeDemoPacks } from '../support/packs';
import { OWN_PORTS, browserPaths, chromiumArgs } from '../support/ports';
import { type GreyPicture, fakeCameraArgs, qrVideo } from '../support/qr-video';

const PERIOD = 30;
const CHECKPOINT = 'day-01-gangway';
const staff = uniqueEmail('staff');
let server: OwnServer | undefined;
let packs = '';

/**
 * How big the tablet's screen looks to the phone's camera from 1.5 m. The tablet: 10.1 inches, 16:10, 800 CSS pixels
 * across in portrait over 136 mm. The phone: the app asks for 1280x720 (features/scanner/camera.ts), which a main
 * camera (about 66 degrees across) fills with 2 x 1.5 m x tan(33 degrees) = 1.95 m of the booth.
 */
const TABLET_MM_PER_CSS_PX = 136 / 800;
const CAMERA_PX_PER_MM = 1280 / (2 * 1500 * Math.tan((33 * Math.PI) / 180));

/** The demo, its day-1 Scan checkpoint shown on kiosks (a code every 30 s) instead of a printed poster. */
function writePacks(): string {
  return writeDemoPacks((base) => {
    const file = path.join(base, 'checkpoints.yaml');
    const printed = '  qrTexts: [QQSG25-GANGWAY-MWMXXG]\n';
    const checkpoints = readFileSync(file, 'utf8');
    expect(checkpoints).toContain(printed);
    writeFileSync(file, checkpoints.replace(printed, `  rotatingCode: { period: ${PERIOD} }\n`));
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  packs = writePacks();
  server = await startOwnServer({
    campaign: path.join(packs, 'demo-next'),
    port: OWN_PORTS.kiosk,
    operators: [{ email: staff, role: 'staff' }],
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (packs) rmSync(packs, { recursive: true, force: true });
});

async function tabletContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 800, height: 1280 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    baseURL: server!.url,
    // The kiosk page's own service worker (decision 092): it opens again without a connection.
    serviceWorkers: 'allow',
  });
}

/** The kiosk's QR code drawn at the size the camera sees it, smoothed as a lens would: a grey picture. */
async function seenFromAcrossTheBooth(kiosk: Page): Promise<{ picture: GreyPicture; text: string }> {
  const qr = kiosk.getByRole('img', { name: /^QR code to scan for/ });
  const box = (await qr.boundingBox())!;
  const side = Math.round(box.width * TABLET_MM_PER_CSS_PX * CAMERA_PX_PER_MM);
  return qr.evaluate(async (svg, px) => {
    const copy = svg.cloneNode(true) as SVGElement;
    copy.removeAttribute('shape-rendering');
    copy.setAttribute('width', String(px));
    copy.setAttribute('height', String(px));
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = px;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, px, px);
    context.drawImage(image, 0, 0, px, px);
    const { data } = context.getImageData(0, 0, px, px);
    const pixels = Array.from({ length: px * px }, (_, i) =>
      Math.round(0.299 * data[i * 4]! + 0.587 * data[i * 4 + 1]! + 0.114 * data[i * 4 + 2]!),
    );
    return { picture: { width: px, height: px, pixels }, text: svg.getAttribute('data-code') ?? '' };
  }, side);
}

/** A visitor's phone in a browser whose camera plays `video`, signed in, on the checkpoint, the scanner open. */
async function phoneScanning(camera: Browser): Promise<Page> {
  const visitor = await createVisitor({ appUrl: server!.url });
  const context = await camera.newContext({ ...devices['Pixel 7'], baseURL: server!.url, permissions: ['camera'] });
  await signIn(context, visitor, server!.url);
  const page = await context.newPage();
  await page.goto(`/checkpoint?id=${CHECKPOINT}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Gangway Hello' })).toBeVisible();
  await page.getByRole('button', { name: 'Scan QR Code' }).click();
  return page;
}

test('a kiosk shows a rotating code a phone scans from 1.5 m; the same picture later is refused; offline it goes on', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // The tablet: staff sign in to the console, open Kiosks and start one on this device.
  const tablet = await tabletContext(browser);
  const consolePage = await tablet.newPage();
  await signInToConsole(consolePage, staff);
  await consolePage.getByRole('link', { name: 'Kiosks' }).first().click();
  await expect(consolePage.getByRole('heading', { name: 'Gangway Hello' })).toBeVisible();
  await expect(consolePage.getByText(`The code changes every ${PERIOD} seconds.`)).toBeVisible();
  await expectAccessible(consolePage, 'the kiosks screen');
  await consolePage.screenshot({ path: test.info().outputPath('kiosks-tablet.png') });
  await consolePage.getByRole('button', { name: 'Start a kiosk on this device' }).click();
  await expect(consolePage.getByRole('alert')).toHaveText(
    'Give the kiosk a name the crew will know it by, such as "Pool deck tablet".',
  );
  await consolePage.getByLabel('Name of this tablet').fill('Gangway tablet');
  await consolePage.getByRole('button', { name: 'Start a kiosk on this device' }).click();
  await expect(consolePage).toHaveURL(/\/console\/kiosk$/);
  const kiosk = consolePage;
  await expect(kiosk.getByRole('heading', { name: 'Scan to complete Gangway Hello' })).toBeVisible();
  await expect(kiosk.getByRole('status')).toContainText('Connected.');
  // Its ask carried the code it shows, so the console has it in touch (decision 090).
  const listed = async () => {
    const list = (await (await tablet.request.get('/api/console/kiosks')).json()) as KioskList;
    return list.checkpoints.flatMap((c) => c.kiosks).find((k) => k.name === 'Gangway tablet');
  };
  await expect.poll(async () => (await listed())?.lastSeenAt).not.toBeNull();
  const code = kiosk.getByTestId('kiosk-code');
  await expect(code).toHaveText(/^QQK1\.\d+\.\d{8}$/);
  await kiosk.screenshot({ path: test.info().outputPath('kiosk-tablet.png') });
  await expectAccessible(kiosk, 'the kiosk screen');

  // The tablet loses its connection: it says so, and the next code it works out alone, offline, is the one the phone
  // scans. Taken as it appears, that code has its whole window and the next one to be scanned in, however slow the
  // machine.
  // The page and its files are kept on the tablet (decision 092) before the connection goes.
  await expect
    .poll(() =>
      kiosk.evaluate(async () => {
        const kept = await caches.open('quackquest-kiosk');
        const files = performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.startsWith('/assets/'));
        const found = await Promise.all(['/console/kiosk', ...files].map((path) => kept.match(path)));
        return found.every(Boolean);
      }),
    )
    .toBe(true);
  await tablet.setOffline(true);
  await expect(kiosk.getByRole('status')).toContainText('No connection: the codes shown stay valid.');
  // Reloaded without a connection (a crash, a tap on reload), the kiosk opens again and goes on.
  await kiosk.reload();
  await expect(kiosk.getByRole('heading', { name: 'Scan to complete Gangway Hello' })).toBeVisible();
  await expect(kiosk.getByRole('status')).toContainText('No connection: the codes shown stay valid.');
  await expect(code).toHaveText(/^QQK1\.\d+\.\d{8}$/);
  const shownOffline = (await code.textContent())!;
  await expect(code).not.toHaveText(shownOffline, { timeout: (PERIOD + 5) * 1000 });
  // The phone, 1.5 m away: its camera plays the kiosk's code at the size it sees it (the code its QR holds).
  const seen = await seenFromAcrossTheBooth(kiosk);
  expect(seen.text).toMatch(/^QQK1\.\d+\.\d{8}$/);
  expect(seen.text).not.toBe(shownOffline);
  await kiosk.screenshot({ path: test.info().outputPath('kiosk-offline.png') });
  const video = qrVideo([{ text: seen.text, picture: seen.picture, seconds: 2 }]);
  const camera = await chromium.launch({ executablePath: browserPaths.full, args: [...chromiumArgs, ...fakeCameraArgs(video)] });
  try {
    const first = await phoneScanning(camera);
    const popup = first.getByRole('dialog', { name: 'Scan QR Code' });
    await expect(popup.getByRole('status')).toHaveText('Valid QR Code', { timeout: 20_000 });
    await expect(first).toHaveURL(/\/congrats$/);
    await first.screenshot({ path: test.info().outputPath('kiosk-phone-scanned.png') });

    // The same code typed by hand, by a visitor whose camera cannot scan, counts too.
    const typist = await createVisitor({ appUrl: server!.url });
    const typed = await apiAs<{ outcome: string }>(
      typist,
      `/api/checkpoints/${CHECKPOINT}/attempts`,
      { answer: seen.text, typed: true },
      server!.url,
    );
    expect(typed).toMatchObject({ status: 200, body: { outcome: 'valid' } });

    // Two windows on (the server's clock moved on): the same picture is refused, in words.
    await server!.restart({ TEST_CLOCK_OFFSET_MS: String(3 * PERIOD * 1000) });
    const later = await phoneScanning(camera);
    await expect(later.getByRole('dialog', { name: 'Scan QR Code' }).getByRole('status')).toHaveText(
      "This code has changed since it was shown. Scan the code on the kiosk's screen again.",
      { timeout: 20_000 },
    );
    await later.screenshot({ path: test.info().outputPath('kiosk-phone-refused.png') });
  } finally {
    await camera.close();
  }

  // Turned off from the console on another device: the tablet, back online, says so and shows no code.
  const laptop = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: server!.url });
  const crew = await laptop.newPage();
  await signInToConsole(crew, staff);
  await crew.goto('/console/kiosks');
  const row = crew.getByRole('listitem').filter({ hasText: 'Gangway tablet' });
  await expect(row).toContainText(`Started by ${staff}`);
  // The tablet has been offline since the scan: the crew sees when it was last in touch, or, past three minutes on a
  // slow machine, that it has gone quiet.
  await expect(row.getByText(/^(Last in touch|Not in touch since) \S/)).toBeVisible();
  await crew.screenshot({ path: test.info().outputPath('kiosks-console-in-touch.png'), fullPage: true });
  // Ten minutes on by the laptop's clock, the crew is told the tablet has gone quiet, and what to check.
  await crew.clock.setFixedTime(Date.now() + 10 * 60_000);
  await crew.reload();
  await expect(row.getByText(/^Not in touch since \S/)).toContainText(
    "Its codes still work offline; check the tablet's Wi-Fi, battery and screen.",
  );
  await crew.screenshot({ path: test.info().outputPath('kiosks-console-quiet.png'), fullPage: true });
  // The crew's phone: the warning wraps under the kiosk's name.
  await crew.setViewportSize({ width: 412, height: 915 });
  await crew.screenshot({ path: test.info().outputPath('kiosks-console-quiet-412.png'), fullPage: true });
  await crew.setViewportSize({ width: 1280, height: 900 });
  await row.getByRole('button', { name: 'Turn off Gangway tablet' }).click();
  await expect(
    row.getByRole('group', {
      name: 'Turn off "Gangway tablet"? Its codes stop working at once; the tablet shows that it was turned off.',
    }),
  ).toBeVisible();
  await crew.screenshot({ path: test.info().outputPath('kiosks-console-confirm.png') });
  await crew.getByRole('button', { name: 'Turn it off' }).click();
  await expect(crew.getByRole('status').filter({ hasText: 'is turned off' })).toHaveText(
    '"Gangway tablet" is turned off. Its codes are refused.',
  );
  await expect(row).toContainText(`Turned off by ${staff}`);
  await expectAccessible(crew, 'the kiosks screen with a kiosk turned off');
  await crew.screenshot({ path: test.info().outputPath('kiosks-console-1280.png'), fullPage: true });
  await crew.setViewportSize({ width: 412, height: 915 });
  await crew.screenshot({ path: test.info().outputPath('kiosks-console-412.png'), fullPage: true });
  await tablet.setOffline(false);
  await expect(kiosk.getByRole('alert')).toHaveText(
    'This kiosk was turned off in the console. Its codes are no longer accepted.',
  );
  await expect(code).toHaveCount(0);
  // Turned off, the tablet keeps nothing of the kiosk's page: it is an ordinary console device again.
  await expect
    .poll(() =>
      kiosk.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length + (await caches.keys()).length),
    )
    .toBe(0);
  await laptop.close();
  await tablet.close();
});
