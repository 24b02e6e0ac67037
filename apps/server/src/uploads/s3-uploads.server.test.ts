// Photos in a bucket (S3_BUCKET): the browser PUTs them to a presigned URL the server never sees, so the server
// learns that a photo is stored when its key answers a checkpoint. Against test/s3.ts, which checks signatures and
// If-None-Match as a bucket does.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildTestApp, call } from '../../test/auth';
import { createOperator } from '../../test/console';
import { addCheckpoint, createUser } from '../../test/helpers';
import { type S3StandIn, startS3StandIn } from '../../test/s3';

// A real 1x1 JPEG.
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AP//Z',
  'base64',
);

let store: S3StandIn;
let app: App;

beforeAll(async () => {
  const key = { accessKeyId: 'test-key', secretAccessKey: randomBytes(16).toString('hex') };
  store = await startS3StandIn({ host: '127.0.0.1', port: 0, bucket: 'photos', region: 'us-east-1', ...key });
  vi.stubEnv('AWS_ACCESS_KEY_ID', key.accessKeyId);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', key.secretAccessKey);
  app = await buildTestApp({ S3_BUCKET: 'photos', S3_ENDPOINT: store.url, S3_REGION: 'us-east-1' });
});

afterAll(async () => {
  await app?.close();
  await store?.close();
  vi.unstubAllEnvs();
});

describe('photos in a bucket', () => {
  it('a photo PUT to its presigned URL and sent as an answer is shown to a reviewer', async () => {
    const user = await createUser();
    const checkpoint = await addCheckpoint({ type: 'Upload', maxAttempts: 3 });
    const query = new URLSearchParams({ filetype: 'image/jpeg', checkpointId: checkpoint.slug, filesize: String(JPEG.length) });
    const asked = await call(app, 'GET', `/api/uploads/url?${query.toString()}`, { cookie: user.cookie });
    expect(asked.status).toBe(200);
    const { uploadUrl, headers, key } = asked.body as { uploadUrl: string; headers: Record<string, string>; key: string };
    expect(uploadUrl.startsWith(`${store.url}/photos/`)).toBe(true);

    const put = await fetch(uploadUrl, { method: 'PUT', headers, body: JPEG });
    expect(put.status).toBe(200);
    // Write-once: the same signed URL cannot replace the photo.
    expect((await fetch(uploadUrl, { method: 'PUT', headers, body: JPEG })).status).toBe(412);

    const answered = await call(app, 'POST', `/api/checkpoints/${checkpoint.slug}/attempts`, {
      cookie: user.cookie,
      body: { answer: key },
    });
    expect(answered.status).toBe(200);
    expect(answered.body.outcome).toBe('submitted');

    const reviewer = await createOperator('reviewer');
    const list = await call(app, 'GET', `/api/console/reviews?checkpoint=${checkpoint.slug}`, { cookie: reviewer.cookie });
    const item = (list.body.items as { attemptId: number; photoUrl: string }[])[0]!;
    const photo = await app.inject({
      method: 'GET',
      url: `${item.photoUrl}?size=original`,
      headers: { cookie: reviewer.cookie },
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(JPEG)).toBe(true);

    // Its thumbnail is made once and kept in the bucket beside it (decision 054); later requests read it from there.
    const written = store.stats.written;
    const thumb = () => app.inject({ method: 'GET', url: `${item.photoUrl}?size=thumb`, headers: { cookie: reviewer.cookie } });
    const first = await thumb();
    expect([first.statusCode, first.headers['content-type']]).toEqual([200, 'image/webp']);
    expect(store.get(`${key}.thumb.webp`)).toMatchObject({ body: first.rawPayload, contentType: 'image/webp' });
    const again = await thumb();
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(store.stats.written).toBe(written + 1);

    // Write-once in the bucket too: another instance that made it at the same moment keeps the first one's.
    expect(await app.ctx.storage.save(`${key}.thumb.webp`, Buffer.from('other'), 'image/webp')).toBe(false);
    expect(store.get(`${key}.thumb.webp`)?.body.equals(first.rawPayload)).toBe(true);

    // Removing the photo (an erased visitor) removes its renditions with it.
    await app.ctx.storage.remove(key);
    expect([store.get(key), store.get(`${key}.thumb.webp`)]).toEqual([undefined, undefined]);
  });
});
