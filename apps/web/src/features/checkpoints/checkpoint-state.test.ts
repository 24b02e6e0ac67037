import { describe, expect, it } from 'vitest';
import {
  DAY_SECONDS,
  attemptsUsedUp,
  checkpointState,
  exhaustedText,
  isLongTitle,
  orderCheckpoints,
  triesLeft,
  unlockText,
} from './checkpoint-state';

const NOW = 1_760_000_000;
const checkpoint = (over: Partial<Parameters<typeof checkpointState>[0]> = {}) => ({
  startTime: NOW - DAY_SECONDS,
  endTime: NOW + DAY_SECONDS,
  maxAttempts: 0,
  attempts: 0,
  ...over,
});

describe('checkpointState (docs/product.md §5.3)', () => {
  it.each([
    ['exactly at start', checkpoint({ startTime: NOW }), 'available'],
    ['one second before start', checkpoint({ startTime: NOW + 1 }), 'notUnlocked'],
    ['exactly at end', checkpoint({ endTime: NOW }), 'available'],
    ['end passed by one second', checkpoint({ endTime: NOW - 1 }), 'ended'],
    ['maxAttempts 0 is unlimited', checkpoint({ maxAttempts: 0, attempts: 99 }), 'available'],
    ['attempts below the cap', checkpoint({ maxAttempts: 2, attempts: 1 }), 'available'],
    ['attempts at the cap', checkpoint({ maxAttempts: 2, attempts: 2 }), 'exhausted'],
    ['attempts above the cap', checkpoint({ maxAttempts: 1, attempts: 3 }), 'exhausted'],
    ['not unlocked wins over exhausted', checkpoint({ startTime: NOW + 10, maxAttempts: 1, attempts: 1 }), 'notUnlocked'],
    ['ended wins over exhausted', checkpoint({ endTime: NOW - 10, maxAttempts: 1, attempts: 1 }), 'ended'],
  ] as const)('%s -> %s', (_name, input, expected) => {
    expect(checkpointState(input, NOW)).toBe(expected);
  });
});

describe('unlockText (86400-second days rounded up)', () => {
  it.each([
    ['one second before', NOW + 1, 'Unlocks in 1 day'],
    ['exactly 1 day', NOW + DAY_SECONDS, 'Unlocks in 1 day'],
    ['1 day and a second', NOW + DAY_SECONDS + 1, 'Unlocks in 2 days'],
    ['1.5 days', NOW + 1.5 * DAY_SECONDS, 'Unlocks in 2 days'],
    ['exactly 2 days', NOW + 2 * DAY_SECONDS, 'Unlocks in 2 days'],
    ['10 days', NOW + 10 * DAY_SECONDS, 'Unlocks in 10 days'],
    ['exactly at start', NOW, 'Unlocks today'],
    ['start passed', NOW - 100, 'Unlocks today'],
    ['unknown start', Number.NaN, ''],
  ])('%s -> %s', (_name, start, expected) => {
    expect(unlockText(start, NOW)).toBe(expected);
  });
});

describe('attempts and titles', () => {
  it.each([
    [{ maxAttempts: 0, attempts: 5 }, false],
    [{ maxAttempts: 2, attempts: 1 }, false],
    [{ maxAttempts: 2, attempts: 2 }, true],
    [{ maxAttempts: 1, attempts: 1 }, true],
  ])('attempts used up for %o: %s', (input, expected) => {
    expect(attemptsUsedUp(input)).toBe(expected);
  });

  it.each([
    ['Gangway Hello', false],
    ['123456789012345', false],
    ['1234567890123456', true],
    ['Knots & Nautical Know-How', true],
  ])('"%s" is long: %s', (title, expected) => {
    expect(isLongTitle(title)).toBe(expected);
  });

  it('words the exhausted alert as the spec does', () => {
    expect(exhaustedText(3)).toBe(
      'You have reached the maximum attempts (3) for this checkpoint. Please try a different checkpoint.',
    );
  });
});

describe('orderCheckpoints', () => {
  const row = (title: string, sequence: number, over: Partial<ReturnType<typeof checkpoint>> = {}) => ({
    title,
    sequence,
    ...checkpoint(over),
  });

  it('hides ended rows; the open ones in sequence, a used-up one in its place, then those not unlocked; ties by title', () => {
    const rows = orderCheckpoints(
      [
        row('Exhausted B', 2, { maxAttempts: 1, attempts: 1 }),
        row('Future', 9, { startTime: NOW + 5 * DAY_SECONDS }),
        row('Ended', 1, { endTime: NOW - 1 }),
        row('Open Z', 5),
        row('Soon', 8, { startTime: NOW + 60 }),
        row('Exhausted A', 2, { maxAttempts: 2, attempts: 2 }),
        row('Open A', 5),
        row('Open first', 3),
      ],
      NOW,
    );
    expect(rows.map((r) => [r.checkpoint.title, r.state])).toEqual([
      ['Exhausted A', 'exhausted'],
      ['Exhausted B', 'exhausted'],
      ['Open first', 'available'],
      ['Open A', 'available'],
      ['Open Z', 'available'],
      ['Soon', 'notUnlocked'],
      ['Future', 'notUnlocked'],
    ]);
  });

  it.each([
    [{ maxAttempts: 0, attempts: 4 }, undefined],
    [{ maxAttempts: 3, attempts: 1 }, 2],
    [{ maxAttempts: 2, attempts: 2 }, 0],
    [{ maxAttempts: 1, attempts: 3 }, 0],
  ])('tries left for %o: %s', (input, expected) => {
    expect(triesLeft(input)).toBe(expected);
  });

  it('returns an empty list when everything has ended', () => {
    expect(orderCheckpoints([row('Old', 1, { endTime: NOW - 1 })], NOW)).toEqual([]);
  });
});
