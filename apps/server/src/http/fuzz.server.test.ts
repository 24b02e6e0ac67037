// Property-based fuzzing of every endpoint: random and malformed bodies, headers and query strings
// never produce a 5xx, and the invariants hold afterwards.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCheckpoint, addReward, createUser, getTestContext } from '../../test/helpers';
import { verifyInvariants } from '../ops/verify';

const routes = [
  ['GET', '/api/me'],
  ['GET', '/api/leaderboard'],
  ['GET', '/api/checkpoints'],
  ['GET', '/api/checkpoint-image'],
  ['POST', '/api/checkpoints/{mcq}/attempts'],
  ['POST', '/api/checkpoints/{scan}/attempts'],
  ['POST', '/api/checkpoints/{str}/attempts'],
  ['POST', '/api/checkpoints/{upload}/attempts'],
  ['POST', '/api/checkpoints/{random}/attempts'],
  ['POST', '/api/spin'],
  ['GET', '/api/uploads/url'],
  ['PUT', '/api/uploads/{random}'],
  ['GET', '/api/profile'],
  ['GET', '/api/inventory'],
  ['POST', '/api/claims'],
  ['GET', '/api/campaign'],
  ['GET', '/api/campaign/images/{random}'],
  ['POST', '/api/auth/email-link'],
  ['POST', '/api/auth/email-link/verify'],
  ['GET', '/api/auth/providers'],
  ['GET', '/api/auth/google'],
  ['GET', '/api/auth/google/callback'],
  ['POST', '/api/auth'],
  ['POST', '/api/auth/logout'],
  ['GET', '/api/dev/outbox'],
  ['GET', '/healthz'],
] as const;

const fieldNames = [
  'answer',
  'item',
  'type',
  'email',
  'token',
  'code',
  'action',
  'idToken',
  'userName',
  'returnTo',
  'CabinOwnership',
  '__proto__',
  'constructor',
  'user_id',
];
const weirdString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '../../etc/passwd',
    "' or 1=1 --",
    'a'.repeat(5000),
    'QQ-TEST-RIGHT',
    'login',
    'signup',
    'b',
    '/signup',
    'x@example.com',
    '123456',
  ),
);
const value = fc.oneof(
  weirdString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(weirdString, { maxLength: 5 }),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...fieldNames), value, { maxKeys: 6 }).map((o) => JSON.stringify(o)),
  fc.json(),
  fc.string({ maxLength: 200 }),
  fc.constantFrom('', '{', '[]', 'null', '{"answer":', '\u0000'),
);
const query = fc.dictionary(
  fc.constantFrom('img_id', 'filetype', 'filename', 'checkpointId', 'to', 'returnTo', 'code', 'state', 'exp', 'sig'),
  weirdString,
  { maxKeys: 4 },
);
const contentType = fc.constantFrom(
  'application/json',
  'text/plain',
  'image/jpeg',
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  undefined,
);

describe('fuzzing every endpoint', () => {
  it('never answers with a 5xx, and the invariants hold afterwards', async () => {
    const { app, database } = await getTestContext();
    const visitor = await createUser({ ducks: 50 });
    const slugs = {
      mcq: (await addCheckpoint({ type: 'MCQ', maxAttempts: 3 })).slug,
      scan: (await addCheckpoint({ type: 'Scan' })).slug,
      str: (await addCheckpoint({ type: 'Str', maxAttempts: 2 })).slug,
      upload: (await addCheckpoint({ type: 'Upload' })).slug,
    };
    await addReward({ stock: 2, price: 3 });
    const failures: string[] = [];

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        body,
        query,
        contentType,
        fc.boolean(),
        fc.option(weirdString),
        fc.string({ maxLength: 30 }),
        async ([method, template], payload, params, type, signedIn, idempotencyKey, randomSegment) => {
          const path = template
            .replace('{mcq}', slugs.mcq)
            .replace('{scan}', slugs.scan)
            .replace('{str}', slugs.str)
            .replace('{upload}', slugs.upload)
            .replace('{random}', encodeURIComponent(randomSegment) || 'x');
          const headers: Record<string, string> = {};
          if (type) headers['content-type'] = type;
          if (signedIn) headers.cookie = visitor.cookie;
          if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey.slice(0, 200).replace(/[^\x20-\x7e]/g, '');
          const response = await app.inject({
            method,
            url: path,
            query: params,
            headers,
            remoteAddress: '10.99.0.1',
            ...(method === 'GET' ? {} : { payload }),
          });
          if (response.statusCode >= 500)
            failures.push(
              `${method} ${path} ${JSON.stringify(params)} ${payload.slice(0, 80)} -> ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
          return response.statusCode < 500;
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 400), seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    );
    expect(failures).toEqual([]);
    expect((await verifyInvariants(database.db)).ok).toBe(true);
  });
});
