import { describe, expect, it } from 'vitest';
import { COUNT_UP_MS, countUpValue } from './celebrate';

describe('countUpValue', () => {
  it('starts at the old total and ends exactly at the new one', () => {
    expect(countUpValue(3, 8, 0)).toBe(3);
    expect(countUpValue(3, 8, COUNT_UP_MS)).toBe(8);
    expect(countUpValue(3, 8, COUNT_UP_MS * 5)).toBe(8);
  });

  it('only ever climbs, one duck at a time or more, never past the total', () => {
    const seen = Array.from({ length: 61 }, (_, i) => countUpValue(0, 5, (i * COUNT_UP_MS) / 60));
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]!);
    expect(Math.max(...seen)).toBe(5);
    expect(new Set(seen)).toEqual(new Set([0, 1, 2, 3, 4, 5]));
  });

  it('with nothing to count shows the total at once', () => {
    expect(countUpValue(7, 7, 0)).toBe(7);
    expect(countUpValue(0, 4, 0, 0)).toBe(4);
  });
});
