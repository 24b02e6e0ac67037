// Journey: a photo straight from a phone's camera (issue 15 part 3, decision 027). A 4000x3000 JPEG over
// 10 MB carrying GPS data and an EXIF orientation is prepared in the browser (turned upright, longest side
// 2,000 px, JPEG again without metadata) and sent over a 400 kbit/s connection with its progress shown; Cancel
// stops it, Retry sends it again; a photo the browser cannot open is refused with a clear message.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, ops, test, type Visitor } from '../support/fixtures';
import { exifWithGps, readJpeg, withExif } from '../support/jpeg';
import { throttle } from '../support/network';

interface PendingReview {
  email: string;
  type: string;
  answer: string;
}

const DECK_SELFIE = { title: 'Deck Selfie', id: 'day-04-deck-selfie' };
// Rotate 90 degrees clockwise to show: the camera stored a portrait photo lying on its side.
const ORIENTATION_RIGHT_TOP = 6;
let cameraPhoto: Buffer;

/** A 4000x3000 camera-like JPEG (gradients with sensor noise, quality 1.0: over 10 MB) with GPS EXIF. */
async function makeCameraPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 4000;
    canvas.height = 3000;
    const context = canvas.getContext('2d')!;
    const image = context.createImageData(4000, 3000);
    let seed = 12345;
    for (let y = 0; y < 3000; y++) {
      for (let x = 0; x < 4000; x++) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        const noise = (seed >>> 24) & 31;
        const i = (y * 4000 + x) * 4;
        image.data[i] = (x / 16 + noise) & 255;
        image.data[i + 1] = (y / 12 + noise) & 255;
        image.data[i + 2] = 128 + noise;
        image.data[i + 3] = 255;
      }
    }
    context.putImageData(image, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 1));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  // Marina Bay Cruise Centre, where the ship boards.
  return withExif(
    Buffer.from(base64, 'base64'),
    exifWithGps({
      orientation: ORIENTATION_RIGHT_TOP,
      latitude: 1.2644,
      longitude: 103.8222,
    }),
  );
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  cameraPhoto = await makeCameraPhoto(page);
  await page.close();
});

async function choosePhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await page.goto(`/checkpoint?id=${DECK_SELFIE.id}`);
  await expect(page.getByRole('heading', { level: 1, name: DECK_SELFIE.title })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Browse' }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByText(file.name)).toBeVisible();
}

/** The progress reads "Uploading... n%" with n strictly between 0 and 100, beside the bytes sent. */
async function expectProgressBetween0And100(page: Page): Promise<void> {
  const percent = page.getByText(/^Uploading\.\.\. \d+%$/);
  await expect(percent).toHaveText(/^Uploading\.\.\. [1-9]\d?%$/, {
    timeout: 60_000,
  });
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(page.getByText(/^\d+ kB of \d+\.\d MB$|^\d+\.\d MB of \d+\.\d MB$/)).toBeVisible();
}

/** The visitor's photo as the server stored it (local disk under the journeys' DATA_DIR). */
async function storedPhoto(visitor: Visitor): Promise<Buffer> {
  const reviews = JSON.parse(await ops('review:list', '--json')) as PendingReview[];
  const mine = reviews.filter((r) => r.email === visitor.email);
  expect(mine).toEqual([expect.objectContaining({ type: 'Upload' })]);
  return readFileSync(path.join(process.env.E2E_DATA_DIR!, 'uploads', mine[0]!.answer));
}

function expectResizedWithoutMetadata(stored: Buffer): void {
  const jpeg = readJpeg(stored);
  // Upright (the EXIF orientation applied) and 2,000 px on its longest side.
  expect({ width: jpeg.width, height: jpeg.height }).toEqual({
    width: 1500,
    height: 2000,
  });
  expect(jpeg.segments.filter((s) => s.marker === 0xe1)).toEqual([]);
  expect(stored.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
  expect(stored.length).toBeLessThan(cameraPhoto.length / 5);
}

test('an 11 MB+ camera photo with GPS data is sent at 400 kbit/s with its progress, resized and without metadata', async ({
  signedInPage: page,
  visitor,
}) => {
  test.setTimeout(240_000);
  // The photo as the phone gives it: 4000x3000, over 10 MB, with a location in its EXIF.
  expect(cameraPhoto.length).toBeGreaterThan(10 * 1024 * 1024);
  const original = readJpeg(cameraPhoto);
  expect({ width: original.width, height: original.height }).toEqual({
    width: 4000,
    height: 3000,
  });
  expect(original.segments).toContainEqual({
    marker: 0xe1,
    head: 'Exif\0\0MM',
  });

  await choosePhoto(page, {
    name: 'IMG_0042.jpg',
    mimeType: 'image/jpeg',
    buffer: cameraPhoto,
  });
  await throttle(page);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectProgressBetween0And100(page);
  await expect(page.getByRole('status')).toHaveText('Upload successful!', {
    timeout: 120_000,
  });
  await page.waitForURL(/\/congrats$/);

  expectResizedWithoutMetadata(await storedPhoto(visitor));
});

test('Cancel stops the upload, Retry after a network failure sends it again, and one photo arrives', async ({
  signedInPage: page,
  visitor,
}) => {
  test.setTimeout(240_000);
  await choosePhoto(page, {
    name: 'IMG_0043.jpg',
    mimeType: 'image/jpeg',
    buffer: cameraPhoto,
  });
  await throttle(page);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectProgressBetween0And100(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status')).toHaveText('Upload cancelled.');
  await expect(page.getByRole('progressbar')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Browse' })).toBeEnabled();

  // The connection drops during the retry: the failure is said (the phone is online, so the server was not reached:
  // decision 061), and Retry is offered again.
  const isPhotoPut = (url: URL) => /^\/api\/uploads\/(?!url$)[^/]+$/.test(url.pathname);
  await page.route(isPhotoPut, (route) =>
    route.request().method() === 'PUT' ? route.abort('connectionreset') : route.fallback(),
  );
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert')).toContainText("The game's server is not answering. Please try again in a moment.");
  await page.unroute(isPhotoPut);

  await page.getByRole('button', { name: 'Retry' }).click();
  await expectProgressBetween0And100(page);
  await expect(page.getByRole('status')).toHaveText('Upload successful!', {
    timeout: 120_000,
  });
  await page.waitForURL(/\/congrats$/);

  // One answer, with the photo resized and without metadata; the cancelled and failed tries left none.
  expectResizedWithoutMetadata(await storedPhoto(visitor));
});

test('a photo the browser cannot open (HEIC on Chromium) is refused with a clear message, nothing is sent', async ({
  signedInPage: page,
}) => {
  // An ISO-BMFF "heic" file: the server would take its type, Chromium cannot decode it.
  const heic = Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
    Buffer.alloc(4096, 7),
  ]);
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/uploads')) uploads.push(request.url());
  });
  await choosePhoto(page, {
    name: 'IMG_0044.HEIC',
    mimeType: 'image/heic',
    buffer: heic,
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    /This photo cannot be opened on this device \(often the case for HEIC photos\)\. Please choose a JPEG or PNG photo, or a screenshot of this one\./,
  );
  await expect(page.getByRole('button', { name: 'Browse' })).toBeEnabled();
  // Sending the same photo again cannot help: no Retry, Browse to choose another.
  await expect(page.getByRole('button', { name: 'Retry' })).toBeHidden();
  expect(uploads).toEqual([]);
});
