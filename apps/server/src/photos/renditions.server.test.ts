// Photos sized for the connection (issue 28 part 2, decision 054): a reviewer is sent a thumbnail or a
// screen-sized rendition, made once from the stored photo, upright and without metadata, and kept by the
// browser for good; the original only on request. A visitor sees only their own photos' renditions.
import { consoleMessages } from '@quackquest/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp } from '../../test/auth';
import { createOperator } from '../../test/console';
import { type TestUser, addCheckpoint, api, attempt, createUser, getTestContext } from '../../test/helpers';
import { makePhoto } from '../../test/photo';
import { parseEnv } from '../config/env';
import { type Storage, createStorage } from '../uploads/storage';

let app: App;
/** What the app asked of its store: renditions written, and how often a photo's original was read. */
const asked = { saved: [] as string[], originalsRead: 0 };
let photo: Buffer;

beforeAll(async () => {
  const { dataDir } = await getTestContext();
  const storage = createStorage(parseEnv({ DATA_DIR: dataDir, NODE_ENV: 'test' }));
  const counted: Storage = {
    ...storage,
    async save(key, bytes, contentType) {
      asked.saved.push(key);
      return storage.save(key, bytes, contentType);
    },
    read(key) {
      if (!key.endsWith('.webp')) asked.originalsRead++;
      return storage.read(key);
    },
  };
  app = await buildTestApp({}, { storage: counted });
  photo = await makePhoto();
});

afterAll(async () => {
  await app?.close();
});

async function call(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

/** The visitor sends `bytes` as their answer to a new Upload checkpoint: the attempt's id and the stored key. */
async function answerWith(user: TestUser, bytes: Buffer, type = 'image/jpeg') {
  const checkpoint = await addCheckpoint({ type: 'Upload' });
  const query = new URLSearchParams({
    filetype: type,
    filename: 'p',
    checkpointId: checkpoint.slug,
    filesize: String(bytes.length),
  });
  const link = await api('GET', `/api/uploads/url?${query.toString()}`, user);
  const { uploadUrl, key } = link.body as Record<string, string>;
  expect((await api('PUT', uploadUrl!, undefined, bytes, { 'content-type': type })).status).toBe(200);
  expect((await attempt(user, checkpoint.slug, key)).status).toBe(200);
  const { database } = await getTestContext();
  const row = await database.db.query.attempts.findFirst({ where: (a, { eq }) => eq(a.answer, key!) });
  return { attemptId: row!.id, key: key! };
}

describe('photo renditions', () => {
  it('a reviewer gets a thumbnail and a screen size, made once, upright, without metadata, kept for good', async () => {
    const reviewer = await createOperator('reviewer');
    const { attemptId, key } = await answerWith(await createUser(), photo);
    const url = `/api/console/photos/${attemptId}`;
    const cookie = { cookie: reviewer.cookie };
    asked.saved.length = 0;
    asked.originalsRead = 0;

    // Three reviewers' requests at once, then one more: one rendition is made, from one read of the original.
    const thumbs = await Promise.all([1, 2, 3].map(() => call(`${url}?size=thumb`, cookie)));
    const later = await call(`${url}?size=thumb`, cookie);
    for (const response of [...thumbs, later]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.rawPayload.equals(thumbs[0]!.rawPayload)).toBe(true);
    }
    expect(asked.saved).toEqual([`${key}.thumb.webp`]);
    expect(asked.originalsRead).toBe(1);

    const screen = await call(url, cookie);
    expect(screen.statusCode).toBe(200);
    expect(asked.saved).toEqual([`${key}.thumb.webp`, `${key}.screen.webp`]);

    // The stored photo is 2000x1500, sideways (EXIF orientation 6): the renditions stand upright.
    expect(photo.length).toBeGreaterThan(800_000);
    for (const [response, width, height, most] of [
      [thumbs[0]!, 240, 320, 40_000],
      [screen, 960, 1280, 250_000],
    ] as const) {
      expect(response.rawPayload.length).toBeLessThan(most);
      const meta = await sharp(response.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width, height });
      // No EXIF at all: no GPS position, camera or orientation left to apply twice.
      expect([meta.exif, meta.orientation]).toEqual([undefined, undefined]);
    }

    // The original, on request, byte for byte with its GPS: reviewers only.
    const original = await call(`${url}?size=original`, cookie);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.rawPayload.equals(photo)).toBe(true);
    expect((await call(`${url}?size=huge`, cookie)).statusCode).toBe(400);

    // On the record (issue 29 part 4): the screen size and the original this reviewer opened, by the visitor's id;
    // not the four thumbnails, which are the review list itself.
    const { database } = await getTestContext();
    const viewed = await database.db.query.auditLog.findMany({
      where: (row, { and, eq }) => and(eq(row.actor, reviewer.email), eq(row.action, 'photo.view')),
      orderBy: (row, { asc }) => asc(row.id),
    });
    const owner = await database.db.query.attempts.findFirst({ where: (a, { eq }) => eq(a.id, attemptId) });
    expect(viewed.map((row) => [row.subject, row.after])).toEqual([
      [`attempt ${attemptId} (user:${owner!.userId})`, { size: 'screen' }],
      [`attempt ${attemptId} (user:${owner!.userId})`, { size: 'original' }],
    ]);
  });

  it('a visitor sees the renditions of their own photo only; nobody signed out sees any', async () => {
    const owner = await createUser();
    const { attemptId } = await answerWith(owner, photo);
    const url = `/api/photos/${attemptId}`;

    const own = await call(`${url}?size=thumb`, owner.headers);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect((await call(url, owner.headers)).headers['content-type']).toBe('image/webp');
    // Their original went through the browser's preparation (decision 027) and is never sent back.
    expect((await call(`${url}?size=original`, owner.headers)).statusCode).toBe(400);

    const stranger = await createUser();
    for (const size of ['thumb', 'screen']) {
      const refused = await call(`${url}?size=${size}`, stranger.headers);
      expect([refused.statusCode, refused.json()]).toEqual([404, { code: 'not_found', message: 'This answer has no photo.' }]);
      expect((await call(`${url}?size=${size}`)).statusCode).toBe(401);
    }
    // Nor through the console's route, whatever the size.
    for (const size of ['thumb', 'screen', 'original']) {
      const visitor = await call(`/api/console/photos/${attemptId}?size=${size}`, owner.headers);
      expect([visitor.statusCode, visitor.json()]).toEqual([
        403,
        { code: 'visitorRefused', message: consoleMessages.visitorRefused },
      ]);
      expect((await call(`/api/console/photos/${attemptId}?size=${size}`)).statusCode).toBe(401);
    }
  });

  it('a photo that cannot be decoded gets a clear 422 and its original; a HEIC photo is sent as uploaded', async () => {
    const reviewer = await createOperator('reviewer');
    const cookie = { cookie: reviewer.cookie };
    // A JPEG's first bytes (which is all the upload checks) and then nothing an image decoder can read.
    const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 0x41)]);
    const broken = await answerWith(await createUser(), damaged);
    for (const size of ['thumb', 'screen']) {
      const refused = await call(`/api/console/photos/${broken.attemptId}?size=${size}`, cookie);
      expect([refused.statusCode, refused.json()]).toEqual([
        422,
        {
          code: 'mismatch',
          message: 'This photo cannot be shown: its file could not be read as an image. Open the original to see it.',
        },
      ]);
    }
    const original = await call(`/api/console/photos/${broken.attemptId}?size=original`, cookie);
    expect([original.statusCode, original.rawPayload.equals(damaged)]).toEqual([200, true]);

    // sharp's prebuilt libvips reads no HEVC-coded HEIC: the reviewer's browser gets the photo as it came.
    const heicBytes = Buffer.concat([Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(2000, 7)]);
    const heic = await answerWith(await createUser(), heicBytes, 'image/heic');
    const thumb = await call(`/api/console/photos/${heic.attemptId}?size=thumb`, cookie);
    expect([thumb.statusCode, thumb.headers['content-type'], thumb.rawPayload.equals(heicBytes)]).toEqual([
      200,
      'image/heic',
      true,
    ]);
  });
});
