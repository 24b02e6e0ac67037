import { describe, expect, it } from 'vitest';
import { ASK, CALLS_REPEAT_MS, QUIET_MS, VisitorQuiet, isAsk, isBusyMessage } from './busy-channel';

/** A worker that started long enough ago to have heard every page. */
const listening = () => new VisitorQuiet(-QUIET_MS);

describe('VisitorQuiet: when the service worker may take its next precache file', () => {
  it('a worker just started listens for QUIET_MS first; then, having heard nothing, it is free', () => {
    const quiet = new VisitorQuiet(1_000);
    expect(quiet.waitMs(1_000)).toBe(QUIET_MS);
    expect(quiet.waitMs(1_000 + QUIET_MS)).toBe(0);
  });

  it('waits until a page has been quiet for QUIET_MS after its last tap or file', () => {
    const quiet = listening();
    quiet.heard({ page: 'a', calls: 0, lang: 'en' }, 10_000);
    expect(quiet.waitMs(10_500)).toBe(QUIET_MS - 500);
    quiet.heard({ page: 'a', calls: 0, lang: 'en' }, 11_000);
    expect(quiet.waitMs(11_000)).toBe(QUIET_MS);
    expect(quiet.waitMs(11_000 + QUIET_MS)).toBe(0);
  });

  it('keeps waiting while a page repeats that a call is in flight, and is free QUIET_MS after its end', () => {
    const quiet = listening();
    for (let at = 0; at <= 30_000; at += CALLS_REPEAT_MS) {
      quiet.heard({ page: 'a', calls: 1, lang: 'en' }, at);
      expect(quiet.waitMs(at + CALLS_REPEAT_MS - 1)).toBe(QUIET_MS);
    }
    quiet.heard({ page: 'a', calls: 0, lang: 'en' }, 31_000);
    expect(quiet.waitMs(32_000)).toBe(QUIET_MS - 1_000);
    expect(quiet.waitMs(33_000)).toBe(0);
  });

  it('waits for the busiest of several pages', () => {
    const quiet = listening();
    quiet.heard({ page: 'a', calls: 0, lang: 'en' }, 0);
    quiet.heard({ page: 'b', calls: 2, lang: 'ms' }, 4_000);
    expect(quiet.waitMs(5_000)).toBe(QUIET_MS);
    quiet.heard({ page: 'b', calls: 0, lang: 'ms' }, 6_000);
    expect(quiet.waitMs(6_000 + QUIET_MS)).toBe(0);
  });

  it('forgets a page that stopped repeating its calls in flight (closed or frozen mid-call)', () => {
    const quiet = listening();
    quiet.heard({ page: 'a', calls: 1, lang: 'en' }, 0);
    expect(quiet.waitMs(10 * CALLS_REPEAT_MS - 1)).toBe(QUIET_MS);
    expect(quiet.waitMs(10 * CALLS_REPEAT_MS)).toBe(0);
  });

  it('remembers every language a page has shown, for the texts it fetches ahead', () => {
    const quiet = listening();
    expect(quiet.languagesShown()).toEqual([]);
    quiet.heard({ page: 'a', calls: 0, lang: 'ms' }, 0);
    quiet.heard({ page: 'b', calls: 0, lang: 'ta' }, 0);
    quiet.heard({ page: 'a', calls: 0, lang: 'ms' }, 100_000);
    expect(quiet.languagesShown().sort()).toEqual(['ms', 'ta']);
  });

  it('hears only messages of its own shape', () => {
    expect(isBusyMessage({ page: 'a', calls: 0, lang: 'en' })).toBe(true);
    expect(isBusyMessage({ page: 'a', calls: 0 })).toBe(false);
    expect(isBusyMessage({ page: 'a' })).toBe(false);
    expect(isAsk(ASK)).toBe(true);
    expect(isAsk({ page: 'a', calls: 0, lang: 'en' })).toBe(false);
    expect(isBusyMessage('busy')).toBe(false);
    expect(isBusyMessage(null)).toBe(false);
  });
});
