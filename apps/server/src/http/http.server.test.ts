import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/auth';
import { addCheckpoint, api, attempt, createUser, getTestContext, me, spin } from '../../test/helpers';

async function attemptsOn(user: Awaited<ReturnType<typeof createUser>>, slug: string) {
  const list = await api('GET', '/api/checkpoints', user);
  return (list.body.data as { checkpointId: string; attempts: number }[]).find((c) => c.checkpointId === slug)?.attempts;
}

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

describe('health and unknown paths', () => {
  it('GET /healthz answers ok for load balancers', async () => {
    expect(await api('GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('GET /healthz names the build: the version and the commit it runs (every instance alike after an upgrade)', async () => {
    const { body } = await api('GET', '/healthz');
    expect(body).toEqual({
      status: 'ok',
      version: '0.0.0',
      commit: expect.stringMatching(/^([0-9a-f]{7,40}|unknown)$/) as unknown,
    });
  });

  it.each([
    ['GET', '/api/no-such-thing'],
    ['POST', '/api/no-such-thing'],
  ] as const)('%s of an unknown /api path is a 404 with a JSON message', async (method, url) => {
    const { status, body, headers } = await api(method, url, undefined, method === 'POST' ? {} : undefined);
    expect(status).toBe(404);
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(body.message).toContain('/api/no-such-thing');
  });
});

describe('security headers', () => {
  it.each([
    ['a JSON answer', '/healthz', 200],
    ['a refusal', '/api/me', 401],
    ['an unknown API path', '/api/no-such-thing', 404],
  ] as const)(
    'are on %s: a Content-Security-Policy that lets the QR scanner run, and no sniffing or framing',
    async (_, url, status) => {
      const response = await api('GET', url);
      expect(response.status).toBe(status);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
    },
  );

  it('let the browser send photos to the store S3_ENDPOINT names, and to no other http origin', async () => {
    const connectSrc = async (env: Record<string, string>) => {
      const app = await buildTestApp(env);
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      await app.close();
      return /connect-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
    };
    expect(await connectSrc({})).toBe("'self'");
    expect(await connectSrc({ S3_BUCKET: 'photos' })).toBe("'self' https:");
    expect(await connectSrc({ S3_BUCKET: 'photos', S3_ENDPOINT: 'http://minio.localhost:9000/' })).toBe(
      "'self' http://minio.localhost:9000",
    );
  });
});

describe('caching of API answers (issue 29 part 5)', () => {
  it('no signed-in, console or refused answer may be stored; the campaign images may', async () => {
    const user = await createUser();
    const { slug } = await addCheckpoint({ type: 'Str', title: 'Cached?' });
    for (const url of [
      '/api/me',
      '/api/checkpoints',
      '/api/leaderboard',
      '/api/notices',
      '/api/campaign',
      `/api/checkpoints/${slug}`,
    ]) {
      const response = await api('GET', url, user);
      expect([url, response.status < 500, response.headers['cache-control']]).toEqual([url, true, 'no-store']);
    }
    expect((await api('GET', '/api/console/reviews')).headers['cache-control']).toBe('no-store');
    expect((await api('GET', '/api/me')).headers['cache-control']).toBe('no-store');
    const image = await api('GET', '/api/campaign/images/hero.webm');
    expect(image.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('requests from another site', () => {
  it('refuses a POST with a foreign Origin and changes nothing', async () => {
    const user = await createUser();
    const checkpoint = await addCheckpoint({ type: 'Str' });
    const foreign = await api(
      'POST',
      `/api/checkpoints/${checkpoint.slug}/attempts`,
      user,
      { answer: 'Quackers' },
      {
        origin: 'https://evil.example',
      },
    );
    expect(foreign).toMatchObject({ status: 403, body: { message: 'Requests from another site are not allowed.' } });
    expect(await attemptsOn(user, checkpoint.slug)).toBe(0);
    expect((await spin(user)).status).toBe(403);
  });

  it("lets the app's own origin through", async () => {
    const user = await createUser();
    const checkpoint = await addCheckpoint({ type: 'Str' });
    const own = await api(
      'POST',
      `/api/checkpoints/${checkpoint.slug}/attempts`,
      user,
      { answer: 'Quackers' },
      {
        origin: 'http://localhost:3000',
      },
    );
    expect(own).toMatchObject({ status: 200, body: { outcome: 'submitted', attempts: 1 } });
    expect((await spin(user)).status).toBe(200);
    expect((await me(user)).pendingDuckPoints).toBeGreaterThan(0);
  });
});

describe('GET /api/campaign', () => {
  it('is public and shows what the welcome page needs, without any secret', async () => {
    const { status, body } = await api('GET', '/api/campaign');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'QuackQuest Demo',
      operatorName: 'Merduck Bay Festival Voyages Pte. Ltd.',
      bookingUrl: 'https://example.com/book-a-cabin',
    });
    expect(body.termsText).toContain('15 October 2025');
    // Where and when a voucher is collected, for the voucher screen (the demo pack takes them from singapore-2025).
    expect(body.collection).toEqual({ start: '2025-11-16', end: '2025-11-18', place: 'Guest Services desk, Deck 5' });
    expect((body.wheel as { ducks: number }[]).map((s) => s.ducks).sort()).toEqual([1, 2, 3, 4, 5]);
    const keys = keysOf(body);
    for (const secret of ['qrTexts', 'answers', 'mcqAnswers', 'qr_texts']) expect(keys).not.toContain(secret);
    expect(JSON.stringify(body)).not.toContain('QQSG25-');
  });
});

describe('checkpoint images', () => {
  it('gives a signed-in visitor the URL of an image, which serves the SVG', async () => {
    const user = await createUser();
    const { status, body } = await api('GET', '/api/checkpoint-image?img_id=day-01.svg', user);
    expect(status).toBe(200);
    const imageUrl = body.imageUrl as string;
    const { app } = await getTestContext();
    const image = await app.inject({ method: 'GET', url: imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(image.body).toContain('<svg');
  });

  it('needs a session', async () => {
    expect((await api('GET', '/api/checkpoint-image?img_id=day-01.svg')).status).toBe(401);
  });

  it('answers 404 for an unknown image', async () => {
    const user = await createUser();
    const { status, body } = await api('GET', '/api/checkpoint-image?img_id=day-99.svg', user);
    expect(status).toBe(404);
    expect(body.message).toBeTruthy();
  });

  it.each(['../campaign.yaml', '../../checkpoints.yaml', '..%2Fcampaign.yaml', '../../../../../etc/passwd'])(
    'refuses an img_id out of the images folder: %s',
    async (name) => {
      const user = await createUser();
      const { status, body } = await api('GET', `/api/checkpoint-image?img_id=${name}`, user);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(body.message).toBeTruthy();
    },
  );

  it.each(['..%2Fcampaign.yaml', '..%2F..%2Fcampaign.yaml', 'day-01.svg%2F..%2F..%2Fcheckpoints.yaml'])(
    'refuses an image file name that climbs out of the folder: %s',
    async (name) => {
      expect((await api('GET', `/api/campaign/images/${name}`)).status).toBe(400);
    },
  );

  it.each(['../campaign.yaml', '../../singapore-2025/checkpoints.yaml', '../../../../../etc/passwd'])(
    'never serves a file outside the images folder: %s',
    async (name) => {
      const { app } = await getTestContext();
      const response = await app.inject({ method: 'GET', url: `/api/campaign/images/${name}` });
      expect(response.headers['content-type']).not.toMatch(/^image\//);
      // /etc/passwd's first line starts "root:"; the app's page may be the answer, and its styles hold ":root:lang".
      expect(response.body).not.toMatch(/QQSG25-|challengeStart|^root:/m);
    },
  );
});

describe('a NUL character (PostgreSQL cannot store one)', () => {
  it('in a query string: 400 with a message, not a 5xx (found by the fuzz test)', async () => {
    const user = await createUser();
    const reply = await api('GET', '/api/checkpoint-image?img_id=%00', user);
    expect(reply).toMatchObject({
      status: 400,
      body: { message: 'The request contains a NUL character, which is not allowed.' },
    });
  });

  it('in a JSON body: 400, and the attempt is not counted', async () => {
    const user = await createUser();
    const checkpoint = await addCheckpoint({ type: 'Str' });
    const reply = await api('POST', `/api/checkpoints/${checkpoint.slug}/attempts`, user, { answer: 'Quack\u0000ers' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('NUL character');
    expect(await attemptsOn(user, checkpoint.slug)).toBe(0);
  });
});

describe('GET /api/checkpoints for many visitors at once (their progress is read in shared queries)', () => {
  it('each visitor sees their own attempts, and a visitor without a valid session gets a 401', async () => {
    const checkpoint = await addCheckpoint({ type: 'Str', maxAttempts: 10 });
    const visitors = await Promise.all(Array.from({ length: 12 }, () => createUser()));
    for (const [i, user] of visitors.entries()) {
      if (i % 2 === 1) expect((await attempt(user, checkpoint.slug, `Quack ${i}`)).status).toBe(200);
    }
    const forged = { ...visitors[0]!, headers: { cookie: 'qq_session=not-a-session' } };
    const replies = await Promise.all([...visitors, forged, ...visitors].map((user) => api('GET', '/api/checkpoints', user)));
    const counts = replies.map((r) =>
      r.status === 200
        ? (r.body.data as { checkpointId: string; attempts: number }[]).find((c) => c.checkpointId === checkpoint.slug)?.attempts
        : r.status,
    );
    const expected = visitors.map((_, i) => i % 2);
    expect(counts).toEqual([...expected, 401, ...expected]);
  });
});

describe('answers compressed (decision 034)', () => {
  /** The checkpoint list (over 1 kB with six more checkpoints), asked for with each Accept-Encoding given. */
  const checkpointLists = async (...acceptEncodings: (string | undefined)[]) => {
    const user = await createUser();
    for (let i = 0; i < 6; i++) await addCheckpoint({ type: 'MCQ' });
    const { app } = await getTestContext();
    return Promise.all(
      acceptEncodings.map((accept) =>
        app.inject({
          method: 'GET',
          url: '/api/checkpoints',
          headers: { ...user.headers, ...(accept ? { 'accept-encoding': accept } : {}) },
        }),
      ),
    );
  };

  // Generous: on a busy machine the first test of the file also pays for the app's start.
  it(
    'sends a JSON answer over 1 kB as brotli to a browser that accepts it, and it reads the same',
    { timeout: 120_000 },
    async () => {
      const [plain, response] = await checkpointLists(undefined, 'gzip, deflate, br');
      expect(plain!.headers['content-encoding']).toBeUndefined();
      expect(plain!.rawPayload.length).toBeGreaterThan(1024);
      expect(response!.statusCode).toBe(200);
      expect(response!.headers['content-encoding']).toBe('br');
      expect(response!.headers.vary).toMatch(/accept-encoding/i);
      expect(response!.rawPayload.length).toBeLessThan(plain!.rawPayload.length / 2);
      expect(JSON.parse(brotliDecompressSync(response!.rawPayload).toString('utf8'))).toEqual(plain!.json());
    },
  );

  it('sends gzip to a client that only takes gzip, and nothing compressed to one that refuses both', async () => {
    const [gzip, brRefused, none] = await checkpointLists('gzip', 'br;q=0, gzip;q=0.5', 'br;q=0, gzip;q=0, identity');
    for (const response of [gzip!, brRefused!]) {
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8'))).toHaveProperty('data');
    }
    expect(none!.headers['content-encoding']).toBeUndefined();
    expect(none!.json()).toHaveProperty('data');
  });

  it('leaves a small answer as it is', async () => {
    const { app } = await getTestContext();
    const response = await app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('never inflates a compressed request body: a gzipped right answer is refused and changes nothing', async () => {
    const user = await createUser();
    const quiz = await addCheckpoint({ type: 'MCQ' });
    const { app } = await getTestContext();
    const before = await me(user);
    const response = await app.inject({
      method: 'POST',
      url: `/api/checkpoints/${quiz.slug}/attempts`,
      headers: { ...user.headers, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(Buffer.from(JSON.stringify({ answer: 'b' }))),
    });
    expect(response.statusCode).toBe(400);
    expect(await me(user)).toEqual(before);
    expect(await attemptsOn(user, quiz.slug)).toBe(0);
  });
});
