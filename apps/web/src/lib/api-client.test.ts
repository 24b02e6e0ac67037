import { describe, expect, it } from 'vitest';
import { unwrapResponse } from './api-client';

describe('unwrapResponse (docs/product.md §6: any response may be wrapped as statusCode + a JSON-string body)', () => {
  it.each([
    ['a plain 200', 200, { duckPoints: 3 }, { ok: true, data: { duckPoints: 3 } }],
    ['a plain 201', 201, { voucherCode: 'QQ-1' }, { ok: true, data: { voucherCode: 'QQ-1' } }],
    ['a wrapped 200 with a JSON string body', 200, { statusCode: 200, body: '{"users":[]}' }, { ok: true, data: { users: [] } }],
    ['a wrapped 200 with an object body', 200, { statusCode: 200, body: { items: [] } }, { ok: true, data: { items: [] } }],
    ['an empty body', 200, undefined, { ok: true, data: undefined }],
  ])('%s succeeds', (_, status, json, expected) => {
    expect(unwrapResponse(status, json)).toEqual(expected);
  });

  it.each([
    [
      'a plain 404 with a code and a message',
      404,
      { code: 'userNotFound', message: 'User not found' },
      { ok: false, status: 404, code: 'userNotFound', message: 'User not found' },
    ],
    [
      'a 403 with the max-attempts code and its figure',
      403,
      { code: 'maxAttempts', message: 'max', params: { maxAttempts: 3, dropped: { x: 1 } } },
      { ok: false, status: 403, code: 'maxAttempts', message: 'max', params: { maxAttempts: 3 } },
    ],
    ['a message without a code', 409, { message: 'old server' }, { ok: false, status: 409, code: '', message: 'old server' }],
    [
      'an HTTP 200 whose body statusCode is 404',
      200,
      { statusCode: 404, body: '{"message":"User not found"}' },
      { ok: false, status: 404, code: '', message: 'User not found' },
    ],
    [
      'an HTTP 200 whose body statusCode is 500 and body is not JSON',
      200,
      { statusCode: 500, body: 'oops' },
      { ok: false, status: 500, code: '', message: '' },
    ],
    ['an HTTP 500 with no body', 500, undefined, { ok: false, status: 500, code: '', message: '' }],
    [
      'an HTTP 400 with a wrapped message',
      400,
      { statusCode: 400, body: '{"message":"bad"}' },
      { ok: false, status: 400, code: '', message: 'bad' },
    ],
    [
      'an error field instead of message',
      400,
      { error: 'Upload failed' },
      { ok: false, status: 400, code: '', message: 'Upload failed' },
    ],
  ])('%s fails', (_, status, json, expected) => {
    expect(unwrapResponse(status, json)).toEqual(expected);
  });
});
