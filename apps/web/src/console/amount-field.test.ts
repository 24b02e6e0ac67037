import { PARTICIPANT_ADJUST_MAX, STOCK_CHANGE_MAX } from '@quackquest/contract/core';
import { describe, expect, it } from 'vitest';
import { wholeAmount } from './amount-field';

describe('wholeAmount: what an operator typed as ducks or stock to add or take away', () => {
  it('reads whole numbers either way, up to the limit', () => {
    expect(wholeAmount('5', PARTICIPANT_ADJUST_MAX)).toBe(5);
    expect(wholeAmount(' -3 ', PARTICIPANT_ADJUST_MAX)).toBe(-3);
    expect(wholeAmount(String(-PARTICIPANT_ADJUST_MAX), PARTICIPANT_ADJUST_MAX)).toBe(-PARTICIPANT_ADJUST_MAX);
    expect(wholeAmount(String(STOCK_CHANGE_MAX), STOCK_CHANGE_MAX)).toBe(STOCK_CHANGE_MAX);
  });

  it('refuses nothing, 0, fractions, words and more than the limit', () => {
    for (const typed of ['', '  ', '0', '-0', '1.5', 'ten', '1e3x', String(PARTICIPANT_ADJUST_MAX + 1)]) {
      expect(wholeAmount(typed, PARTICIPANT_ADJUST_MAX), typed).toBeNull();
    }
  });
});
