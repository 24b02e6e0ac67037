import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isSlow, outcomeOf, reachNow, watchCall } from './connection';

describe('outcomeOf (issue 30 part 4): what a call says of the way to the server', () => {
  it.each([
    [0, false, 'offline'],
    [0, true, 'unreachable'],
    [502, true, 'unreachable'],
    [503, true, 'unreachable'],
    [504, true, 'unreachable'],
    [500, true, 'reached'],
    [429, true, 'reached'],
    [401, true, 'reached'],
    [200, true, 'reached'],
  ] as const)('status %i, online %s: %s', (status, online, expected) => {
    expect(outcomeOf(status, online)).toBe(expected);
  });

  it("takes a 503 with the server's own refusal (the game is busy) as an answer, not as a server that is down", () => {
    expect(outcomeOf(503, true, true)).toBe('reached');
    expect(outcomeOf(0, true, true)).toBe('unreachable');
  });
});

describe('the connection as the calls find it (issue 30 part 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is unreachable after a call that never reached the server, and online again at the next answer', () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    watchCall()(0);
    expect(reachNow()).toBe('unreachable');
    watchCall()(401);
    expect(reachNow()).toBe('online');
  });

  it('says offline, not unreachable, when the phone has no network', () => {
    vi.stubGlobal('navigator', { onLine: false });
    watchCall()(0);
    expect(reachNow()).toBe('offline');
  });

  it('is slow while a call has waited 6 s, until it ends', () => {
    const ended = watchCall();
    vi.advanceTimersByTime(5_999);
    expect(isSlow()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(isSlow()).toBe(true);
    ended(200);
    expect(isSlow()).toBe(false);
  });
});
