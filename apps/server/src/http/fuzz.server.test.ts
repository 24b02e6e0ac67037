// Property-based fuzzing of every endpoint: random and malformed bodies, headers and query strings
// never produce a 5xx, and the invariants hold afterwards.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCheckpoint, addReward, createUser, getTestContext } from '../../test/helpers';
import { verifyInvariants } from '../db/invariants';
import type { RegisteredRoute } from './route-registry';

/**
 * Every route the app registered (http/route-registry.ts), so a new one is fuzzed without being listed here.
 * A path parameter becomes each kind of checkpoint in turn, and a random segment.
 */
function fuzzedRoutes(registered: readonly RegisteredRoute[]): [method: string, template: string][] {
  const values = ['{mcq}', '{scan}', '{str}', '{upload}', '{random}'];
  return registered
    .filter((route) => route.method !== 'HEAD')
    .flatMap((route): [string, string][] =>
      /[:*]/.test(route.url)
        ? values.map((value) => [route.method, route.url.replace(/:\w+|\*/g, value)])
        : [[route.method, route.url]],
    );
}

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

/** Phrases of zod's own messages, which must never reach a caller. */
const VALIDATOR_WORDS =
  /Too (big|small)|expected (string|number|object|array|boolean)|Invalid (input|option|string)|received [a-z]/;

describe('fuzzing every endpoint', () => {
  it('never answers with a 5xx, and the invariants hold afterwards', async () => {
    const { app, database } = await getTestContext();
    const routes = fuzzedRoutes(app.registeredRoutes);
    // The registry sees every route: the ones this test always fuzzed are among them.
    for (const known of [
      'POST /api/checkpoints/{upload}/attempts',
      'PUT /api/uploads/{random}',
      'POST /api/claims',
      'GET /healthz',
    ]) {
      expect(routes.map(([method, template]) => `${method} ${template}`)).toContain(known);
    }
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
          // Issue 12: no validator wording in any refusal (http/validation.ts).
          const rawWords = response.statusCode >= 400 && VALIDATOR_WORDS.test(response.body);
          if (response.statusCode >= 500 || rawWords)
            failures.push(
              `${method} ${path} ${JSON.stringify(params)} ${payload.slice(0, 80)} -> ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
          return response.statusCode < 500 && !rawWords;
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 400), seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    );
    expect(failures).toEqual([]);
    expect((await verifyInvariants(database.db)).ok).toBe(true);
  });
});
