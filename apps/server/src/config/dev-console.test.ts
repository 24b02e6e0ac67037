import { describe, expect, it } from 'vitest';
import { readableLine, startMessage, wantsReadableLogs } from './dev-console';

describe('the development console (issue 30 part 5)', () => {
  it('is readable in a terminal only, and never in production', () => {
    expect(wantsReadableLogs({ NODE_ENV: 'development' }, { isTTY: true })).toBe(true);
    expect(wantsReadableLogs({ NODE_ENV: 'test' }, { isTTY: true })).toBe(true);
    expect(wantsReadableLogs({ NODE_ENV: 'development' }, { isTTY: false })).toBe(false);
    expect(wantsReadableLogs({ NODE_ENV: 'development' }, {})).toBe(false);
    expect(wantsReadableLogs({ NODE_ENV: 'production' }, { isTTY: true })).toBe(false);
  });

  it('writes a JSON line as time, level, message, request and fields', () => {
    const time = new Date(2026, 10, 27, 12, 4, 31).getTime();
    const line = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      req: { method: 'GET', url: '/api/me' },
      res: { statusCode: 200 },
      responseTime: 12.4,
      msg: 'request completed',
    });
    expect(readableLine(line)).toBe('12:04:31  INFO   request completed  GET /api/me  200  12 ms');
    expect(readableLine(JSON.stringify({ level: 40, time, msg: 'slow', to: 'a@x.sg', n: 3 }))).toBe(
      '12:04:31  WARN   slow  to=a@x.sg  n=3',
    );
  });

  it('keeps an error’s stack under its line, and a line that is not JSON as it is', () => {
    const line = readableLine(
      JSON.stringify({ level: 50, time: 0, msg: 'boom', err: { message: 'x', stack: 'Error: x\n    at y' } }),
    );
    expect(line.split('\n').slice(1)).toEqual(['Error: x', '    at y']);
    expect(readableLine('plain text\n')).toBe('plain text');
  });

  it('names the address to open and the dev outbox, or the SMTP server', () => {
    expect(startMessage({ PUBLIC_URL: 'http://localhost:3471', SMTP_URL: undefined }).message).toBe(
      'QuackQuest is running: open http://localhost:3471 — sign-in e-mails are not sent: read them in the dev outbox, http://localhost:3471/api/dev/outbox?to=ADDRESS',
    );
    expect(startMessage({ PUBLIC_URL: 'http://localhost:3000/', SMTP_URL: 'smtp://user:secret@mail.example:587' }).message).toBe(
      'QuackQuest is running: open http://localhost:3000 — sign-in e-mails are sent through SMTP at mail.example:587',
    );
  });
});
