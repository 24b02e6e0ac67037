// The presigned S3 PUT (decision 017): bound to the content type, the size and write-once, and without the
// checksum of an empty body that S3-compatible stores reject. No bucket is contacted: the URL is only read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env';
import { createStorage } from './storage';

describe('S3 presigned upload URL', () => {
  const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
  beforeAll(() => {
    process.env.AWS_ACCESS_KEY_ID = 'AKIDEXAMPLE';
    process.env.AWS_SECRET_ACCESS_KEY = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
  });
  afterAll(() => {
    process.env.AWS_ACCESS_KEY_ID = saved.id;
    process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
    if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
    if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
  });

  it('signs the content type, length and If-None-Match, and carries no checksum', async () => {
    const storage = createStorage(
      parseEnv({ S3_BUCKET: 'photos', S3_ENDPOINT: 'https://s3.example.com', S3_REGION: 'eu-west-1', NODE_ENV: 'test' }),
    );
    const presigned = await storage.presignPut('7-day-05-1.jpg', 'image/jpeg', 123_456, 900);
    expect(presigned).toBeDefined();
    const url = new URL(presigned!.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://s3.example.com/photos/7-day-05-1.jpg');
    const query = Object.fromEntries(url.searchParams);
    expect(query['X-Amz-Expires']).toBe('900');
    expect(query['X-Amz-SignedHeaders']!.split(';').sort()).toEqual(['content-length', 'content-type', 'host', 'if-none-match']);
    // The headers are signed, not hoisted into the query where the store would not compare them to the body.
    expect(Object.keys(query).filter((name) => /content-type|content-length|if-none-match/i.test(name))).toEqual([]);
    expect(Object.keys(query).filter((name) => /checksum/i.test(name))).toEqual([]);
    expect(presigned!.headers).toEqual({ 'content-type': 'image/jpeg', 'if-none-match': '*' });
  });
});
