import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type TestUser, addCheckpoint, api, attempt, createUser, getTestContext, spin } from '../../test/helpers';

// Real 1x1 images (a baseline grey JPEG and an RGBA PNG) that image decoders open.
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AP//Z',
  'base64',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4AWP4f4bhPwAHZALL9TQrVQAAAABJRU5ErkJggg==',
  'base64',
);

async function requestUploadUrl(
  user: TestUser | undefined,
  checkpointId: string,
  filetype = 'image/jpeg',
  filesize = JPEG.length,
) {
  const query = new URLSearchParams({ filetype, filename: 'x.jpg', checkpointId, filesize: String(filesize) });
  return api('GET', `/api/uploads/url?${query.toString()}`, user);
}

async function newUpload(filetype = 'image/jpeg', filesize = filetype === 'image/png' ? PNG.length : JPEG.length) {
  const user = await createUser();
  const checkpoint = await addCheckpoint({ type: 'Upload', maxAttempts: 3 });
  const { status, body } = await requestUploadUrl(user, checkpoint.slug, filetype, filesize);
  expect(status).toBe(200);
  const { uploadUrl, key, maxBytes } = body as { uploadUrl: string; key: string; maxBytes: number };
  return { user, checkpoint, uploadUrl, key, maxBytes };
}

const putBytes = (url: string, bytes: Buffer, contentType = 'image/jpeg') =>
  api('PUT', url, undefined, bytes, { 'content-type': contentType });

async function storedFile(key: string): Promise<string> {
  return path.join((await getTestContext()).dataDir, 'uploads', key);
}

async function attemptsOn(user: TestUser, slug: string): Promise<number | undefined> {
  const list = await api('GET', '/api/checkpoints', user);
  return (list.body.data as { checkpointId: string; attempts: number }[]).find((c) => c.checkpointId === slug)?.attempts;
}

/** The refused upload left no file, and answering with its key counts no attempt and earns no spin. */
async function expectNothingRecorded(user: TestUser, slug: string, key: string) {
  expect(existsSync(await storedFile(key))).toBe(false);
  const answer = await attempt(user, slug, key);
  expect(answer.status).toBe(400);
  expect(answer.body.message).toBe('The photo has not finished uploading. Please upload it again.');
  expect(await attemptsOn(user, slug)).toBe(0);
  expect((await spin(user)).status).toBe(403);
}

describe('photo upload flow', () => {
  it('signs a URL, stores the photo, and the key answers the checkpoint with a pending spin', async () => {
    const { user, checkpoint, uploadUrl, key, maxBytes } = await newUpload();
    expect(maxBytes).toBe(10 * 1024 * 1024);
    expect(key).toMatch(/\.jpg$/);

    const put = await putBytes(uploadUrl, JPEG);
    expect(put.status).toBe(200);
    expect(readFileSync(await storedFile(key))).toEqual(JPEG);

    const answer = await attempt(user, checkpoint.slug, key);
    expect(answer).toMatchObject({ status: 200, body: { outcome: 'submitted', attempts: 1, maxAttempts: 3, spinEarned: true } });
    expect((await spin(user)).body).toMatchObject({ pending: true });
  });

  it('takes a PNG on a link signed for PNG', async () => {
    const { user, checkpoint, uploadUrl, key } = await newUpload('image/png');
    expect(key).toMatch(/\.png$/);
    expect((await putBytes(uploadUrl, PNG, 'image/png')).status).toBe(200);
    expect((await attempt(user, checkpoint.slug, key)).body).toMatchObject({ outcome: 'submitted', spinEarned: true });
  });
});

describe('refused uploads record nothing', () => {
  it('a tampered signature', async () => {
    const { user, checkpoint, uploadUrl, key } = await newUpload();
    const url = new URL(uploadUrl, 'http://localhost');
    const sig = url.searchParams.get('sig')!;
    url.searchParams.set('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    const put = await putBytes(`${url.pathname}${url.search}`, JPEG);
    expect(put).toMatchObject({ status: 403, body: { message: 'This upload link is not valid.' } });
    await expectNothingRecorded(user, checkpoint.slug, key);
  });

  it('a link whose expiry was moved', async () => {
    const { user, checkpoint, uploadUrl, key } = await newUpload();
    const url = new URL(uploadUrl, 'http://localhost');
    url.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 3600));
    const put = await putBytes(`${url.pathname}${url.search}`, JPEG);
    expect(put).toMatchObject({ status: 403, body: { message: 'This upload link is not valid.' } });
    await expectNothingRecorded(user, checkpoint.slug, key);
  });

  it('an expired link, with a message saying so', async () => {
    const { app } = await getTestContext();
    const { user, checkpoint, uploadUrl, key } = await newUpload();
    const realNow = app.ctx.now;
    app.ctx.now = () => realNow() + 16 * 60_000; // the link lives 15 minutes
    try {
      const put = await putBytes(uploadUrl, JPEG);
      expect(put).toMatchObject({ status: 403, body: { message: 'This upload link has expired. Please try again.' } });
    } finally {
      app.ctx.now = realNow;
    }
    await expectNothingRecorded(user, checkpoint.slug, key);
  });

  it('a content type other than the signed one', async () => {
    const { user, checkpoint, uploadUrl, key } = await newUpload('image/jpeg', PNG.length);
    const put = await putBytes(uploadUrl, PNG, 'image/png');
    expect(put.status).toBe(400);
    expect(put.body.message).toContain('image/jpeg');
    await expectNothingRecorded(user, checkpoint.slug, key);
  });

  it.each([
    ['a text file declared image/jpeg', Buffer.from('hello, this is not a photo at all\n')],
    ['a PNG declared image/jpeg', PNG],
  ])('%s', async (_, bytes) => {
    const { user, checkpoint, uploadUrl, key } = await newUpload('image/jpeg', bytes.length);
    const put = await putBytes(uploadUrl, bytes);
    expect(put).toMatchObject({ status: 400, body: { message: 'This file is not a valid image. Please choose a photo.' } });
    await expectNothingRecorded(user, checkpoint.slug, key);
  });

  it('an empty body', async () => {
    const { user, checkpoint, uploadUrl, key } = await newUpload();
    const put = await putBytes(uploadUrl, Buffer.alloc(0));
    expect(put).toMatchObject({ status: 400, body: { message: 'The photo is empty.' } });
    await expectNothingRecorded(user, checkpoint.slug, key);
  });

  it('a body over 10 MB', async () => {
    const { user, checkpoint, uploadUrl, key } = await newUpload();
    const big = Buffer.concat([JPEG.subarray(0, 20), Buffer.alloc(10 * 1024 * 1024)]);
    const put = await putBytes(uploadUrl, big);
    expect(put.status).toBe(413);
    expect(put.body.message).toBe('The request body is too large.');
    await expectNothingRecorded(user, checkpoint.slug, key);
  });
});

describe('upload URL requests', () => {
  it('refuses a file type that is not an image', async () => {
    const user = await createUser();
    const checkpoint = await addCheckpoint({ type: 'Upload' });
    const { status, body } = await requestUploadUrl(user, checkpoint.slug, 'application/pdf');
    expect(status).toBe(400);
    expect(body.message).toContain('Only JPEG, PNG, WebP, GIF or HEIC images can be uploaded.');
  });

  it('refuses a checkpoint that does not take a photo', async () => {
    const user = await createUser();
    const checkpoint = await addCheckpoint({ type: 'Str' });
    expect(await requestUploadUrl(user, checkpoint.slug)).toMatchObject({
      status: 400,
      body: { message: 'This checkpoint does not take a photo.' },
    });
  });

  it('needs a session', async () => {
    const checkpoint = await addCheckpoint({ type: 'Upload' });
    const { status, body } = await requestUploadUrl(undefined, checkpoint.slug);
    expect(status).toBe(401);
    expect(body.message).toBeTruthy();
  });
});

describe('answering with an upload key', () => {
  it("another user's key is refused and records nothing", async () => {
    const owner = await newUpload();
    expect((await putBytes(owner.uploadUrl, JPEG)).status).toBe(200);
    const other = await createUser();
    const answer = await attempt(other, owner.checkpoint.slug, owner.key);
    expect(answer).toMatchObject({ status: 400, body: { message: 'This photo was not found. Please upload it again.' } });
    expect(await attemptsOn(other, owner.checkpoint.slug)).toBe(0);
    expect((await spin(other)).status).toBe(403);
    // The owner still can.
    expect((await attempt(owner.user, owner.checkpoint.slug, owner.key)).body).toMatchObject({ outcome: 'submitted' });
  });

  it('a key made for another checkpoint is refused', async () => {
    const { user, uploadUrl, key } = await newUpload();
    expect((await putBytes(uploadUrl, JPEG)).status).toBe(200);
    const elsewhere = await addCheckpoint({ type: 'Upload' });
    expect((await attempt(user, elsewhere.slug, key)).status).toBe(400);
    expect(await attemptsOn(user, elsewhere.slug)).toBe(0);
  });

  it('a key whose bytes were never uploaded is refused and records nothing', async () => {
    const { user, checkpoint, key } = await newUpload();
    await expectNothingRecorded(user, checkpoint.slug, key);
  });
});
