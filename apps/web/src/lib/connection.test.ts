import { describe, expect, it } from 'vitest';
import { outcomeOf } from './connection';

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
});
