// What one visitor or an anonymous caller can make the upload route hold (decision 017): refusals before the
// body is read, a body deadline, a few unused photos per visitor, removal after the URL's life, write-once.
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/auth';
import { type TestUser, addCheckpoint, api, attempt, createUser, getTestContext, nowSec } from '../../test/helpers';

const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AP//Z',
  'base64',
);
const TEN_MB = 10 * 1024 * 1024;

async function uploadUrl(user: TestUser, slug: string, filesize = JPEG.length) {
  const query = new URLSearchParams({
    filetype: 'image/jpeg',
    filename: 'x.jpg',
    checkpointId: slug,
    filesize: String(filesize),
  });
  return api('GET', `/api/uploads/url?${query.toString()}`, user);
}

async function newLink(user: TestUser, slug: string, filesize = JPEG.length) {
  const response = await uploadUrl(user, slug, filesize);
  expect(response.status).toBe(200);
  return response.body as { uploadUrl: string; key: string; headers: Record<string, string> };
}

const put = (url: string, bytes = JPEG) => api('PUT', url, undefined, bytes, { 'content-type': 'image/jpeg' });
const storedPath = async (key: string) => path.join((await getTestContext()).dataDir, 'uploads', key);

/** Sends a PUT's headers (and optionally a few body bytes) on a real socket; resolves with all the server wrote. */
function rawPut(port: number, url: string, headers: Record<string, string>, body = Buffer.alloc(0)): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
    const lines = Object.entries({ host: 'localhost', ...headers }).map(([name, value]) => `${name}: ${value}`);
    socket.write(`PUT ${url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    if (body.length) socket.write(body);
  });
}

async function listeningApp(overrides: Record<string, string> = {}) {
  const app = await buildTestApp(overrides);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as net.AddressInfo).port };
}

describe('a PUT is checked before its body is read', () => {
  const apps: Awaited<ReturnType<typeof listeningApp>>['app'][] = [];
  afterAll(async () => Promise.all(apps.map((app) => app.close())));

  it('a bad signature with a 10 MB body declared gets 403 at once, and the connection is closed', async () => {
    const listening = await listeningApp();
    apps.push(listening.app);
    const user = await createUser();
    const checkpoint = await addCheckpoint({ type: 'Upload' });
    const { uploadUrl } = await newLink(user, checkpoint.slug, TEN_MB);
    const forged = uploadUrl.replace(/sig=[^&]+/, 'sig=forged');
    // Only the headers are sent: the answer comes without a single body byte.
    const answer = await rawPut(listening.port, forged, { 'content-type': 'image/jpeg', 'content-length': String(TEN_MB) });
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(answer).toContain('This upload link is not valid.');
    expect(answer.toLowerCase()).toContain('connection: close');
  });

  it('a length over 10 MB on a valid link gets 413 at once', async () => {
    const listening = await listeningApp();
    apps.push(listening.app);
    const user = await createUser();
    const checkpoint = await addCheckpoint({ type: 'Upload' });
    const { uploadUrl } = await newLink(user, checkpoint.slug);
    const answer = await rawPut(listening.port, uploadUrl, {
      'content-type': 'image/jpeg',
      'content-length': String(TEN_MB + 1),
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('a body that trickles in is cut at its deadline with a 408 and nothing is stored', async () => {
    // A small deadline for this app only: 300 ms plus the bytes at 1 MB/s.
    const listening = await listeningApp({ BODY_GRACE_MS: '300', BODY_MIN_BYTES_PER_SEC: '1000000' });
    apps.push(listening.app);
    const user = await createUser();
    const checkpoint = await addCheckpoint({ type: 'Upload' });
    const { uploadUrl, key } = await newLink(user, checkpoint.slug);
    const headers = { 'content-type': 'image/jpeg', 'content-length': String(JPEG.length) };
    const answer = await rawPut(listening.port, uploadUrl, headers, JPEG.subarray(0, 1));
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('The request took too long to arrive. Please try again.');
    expect(existsSync(await storedPath(key))).toBe(false);
    // The link still works for a whole body.
    expect((await put(uploadUrl)).status).toBe(200);
  });

  it('a length other than the signed size is refused', async () => {
    const user = await createUser();
    const checkpoint = await addCheckpoint({ type: 'Upload' });
    const { uploadUrl } = await newLink(user, checkpoint.slug, JPEG.length + 1);
    expect(await put(uploadUrl)).toMatchObject({
      status: 400,
      body: { message: "The photo's size is not the one its upload link was made for." },
    });
  });
});

describe('a photo is stored once', () => {
  it('a second PUT to the same link is refused, before and after the answer, and the photo stays', async () => {
    const user = await createUser();
    const checkpoint = await addCheckpoint({ type: 'Upload' });
    const { uploadUrl, key } = await newLink(user, checkpoint.slug);
    expect((await put(uploadUrl)).status).toBe(200);
    const other = Buffer.concat([JPEG.subarray(0, JPEG.length - 2), Buffer.from([0, 0])]);
    const replaced = { status: 409, body: { message: 'This photo was already uploaded and cannot be replaced.' } };
    expect(await put(uploadUrl, other)).toMatchObject(replaced);
    expect((await attempt(user, checkpoint.slug, key)).body).toMatchObject({ outcome: 'submitted' });
    expect(await put(uploadUrl, other)).toMatchObject(replaced);
    expect(readFileSync(await storedPath(key))).toEqual(JPEG);
  });
});

describe('upload URLs only for a photo the visitor may still send', () => {
  it('refuses a checkpoint not open yet, ended, or already completed', async () => {
    const user = await createUser();
    const early = await addCheckpoint({ type: 'Upload', startTime: nowSec() + 3600, endTime: nowSec() + 7200 });
    const late = await addCheckpoint({ type: 'Upload', startTime: nowSec() - 7200, endTime: nowSec() - 3600 });
    expect(await uploadUrl(user, early.slug)).toMatchObject({
      status: 403,
      body: { message: 'This checkpoint is not unlocked yet.' },
    });
    expect(await uploadUrl(user, late.slug)).toMatchObject({ status: 403, body: { message: 'This checkpoint has ended.' } });

    const open = await addCheckpoint({ type: 'Upload' });
    const { uploadUrl: url, key } = await newLink(user, open.slug);
    expect((await put(url)).status).toBe(200);
    expect((await attempt(user, open.slug, key)).status).toBe(200);
    expect(await uploadUrl(user, open.slug)).toMatchObject({
      status: 409,
      body: { message: 'You have already completed this checkpoint.' },
    });
  });

  it('refuses a size over 10 MB before any upload', async () => {
    const user = await createUser();
    const checkpoint = await addCheckpoint({ type: 'Upload' });
    const response = await uploadUrl(user, checkpoint.slug, TEN_MB + 1);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('The photo is larger than 10 MB.');
  });

  it('keeps at most 3 unused photos per visitor: a new URL removes the oldest', async () => {
    const user = await createUser();
    const checkpoint = await addCheckpoint({ type: 'Upload' });
    const links = [];
    for (let i = 0; i < 3; i++) {
      const link = await newLink(user, checkpoint.slug);
      expect((await put(link.uploadUrl)).status).toBe(200);
      links.push(link);
    }
    await newLink(user, checkpoint.slug);
    expect(existsSync(await storedPath(links[0]!.key))).toBe(false);
    expect(existsSync(await storedPath(links[1]!.key))).toBe(true);
    expect(existsSync(await storedPath(links[2]!.key))).toBe(true);
    expect(await attempt(user, checkpoint.slug, links[0]!.key)).toMatchObject({
      status: 400,
      body: { message: 'This photo was not found. Please upload it again.' },
    });
    // The newest stored photo still answers.
    expect((await attempt(user, checkpoint.slug, links[2]!.key)).body).toMatchObject({ outcome: 'submitted' });
  });

  it("removes unused photos after their URL's life, and keeps the ones an answer took", async () => {
    const { app } = await getTestContext();
    const user = await createUser();
    const [unusedCheckpoint, usedCheckpoint] = [await addCheckpoint({ type: 'Upload' }), await addCheckpoint({ type: 'Upload' })];
    const unused = await newLink(user, unusedCheckpoint.slug);
    const used = await newLink(user, usedCheckpoint.slug);
    expect((await put(unused.uploadUrl)).status).toBe(200);
    expect((await put(used.uploadUrl)).status).toBe(200);
    expect((await attempt(user, usedCheckpoint.slug, used.key)).status).toBe(200);

    const realNow = app.ctx.now;
    app.ctx.now = () => realNow() + 31 * 60_000; // the URL lives 15 minutes, a late PUT 15 more
    try {
      // Anyone's next URL request sweeps.
      await newLink(await createUser(), (await addCheckpoint({ type: 'Upload', endTime: nowSec() + 7200 })).slug);
    } finally {
      app.ctx.now = realNow;
    }
    expect(existsSync(await storedPath(unused.key))).toBe(false);
    expect(existsSync(await storedPath(used.key))).toBe(true);
  });
});
