// The campaign's videos in ranges (campaign/routes.ts, http/byte-range.ts): a range the file cannot satisfy is a
// 416 naming the size, in JSON, never a 500 (issue 29 part 5: it was one, to anyone, with a stack trace in the log).
import { describe, expect, it } from 'vitest';
import { getTestContext } from '../../test/helpers';

describe('GET /api/campaign/images/<video> with a Range', () => {
  it.each(['bytes=999999999-', 'bytes=99999999999999999999999-', 'bytes=5-4', 'bytes=-0'])(
    '%s: 416 with the size, in JSON',
    async (range) => {
      const { app } = await getTestContext();
      const whole = await app.inject({ method: 'GET', url: '/api/campaign/images/hero.webm' });
      expect(whole.statusCode).toBe(200);
      const response = await app.inject({ method: 'GET', url: '/api/campaign/images/hero.webm', headers: { range } });
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${whole.rawPayload.length}`);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ code: 'invalid', message: 'Range not satisfiable.' });
    },
  );

  it('a satisfiable range is sent as asked', async () => {
    const { app } = await getTestContext();
    const response = await app.inject({ method: 'GET', url: '/api/campaign/images/hero.webm', headers: { range: 'bytes=0-9' } });
    expect(response.statusCode).toBe(206);
    expect(response.rawPayload).toHaveLength(10);
    expect(response.headers['content-type']).toBe('video/webm');
  });
});
