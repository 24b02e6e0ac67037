import { LINKS_PER_ADDRESS_AND_CLIENT } from '@quackquest/contract/core';
import { describe, expect, it } from 'vitest';
import { FIRST_RESEND_WAIT_MS, nextResendAt, secondsUntil } from './resend-rules';

const WINDOW_MS = 15 * 60 * 1000;

describe('nextResendAt (issue 30 part 3)', () => {
  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [4, 240_000],
  ])('after %i e-mail(s) the wait is %i ms', (sent, wait) => {
    expect(nextResendAt(sent, 1_000)).toBe(1_000 + wait);
  });

  it('offers nothing once the server would refuse', () => {
    expect(nextResendAt(LINKS_PER_ADDRESS_AND_CLIENT, 0)).toBeNull();
  });

  it('fits every offer in the server’s window: the last e-mail it allows is asked for within 15 minutes', () => {
    let at = 0;
    for (let sent = 1; sent < LINKS_PER_ADDRESS_AND_CLIENT; sent++) at = nextResendAt(sent, at)!;
    expect(at).toBeGreaterThanOrEqual(FIRST_RESEND_WAIT_MS);
    expect(at).toBeLessThan(WINDOW_MS);
  });
});

describe('secondsUntil', () => {
  it.each([
    [30_000, 0, 30],
    [30_000, 29_001, 1],
    [30_000, 29_999, 1],
    [30_000, 30_000, 0],
    [30_000, 31_000, 0],
  ])('%i at %i leaves %i s', (at, now, left) => {
    expect(secondsUntil(at, now)).toBe(left);
  });
});
