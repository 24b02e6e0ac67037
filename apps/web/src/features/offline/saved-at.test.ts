import { describe, expect, it } from 'vitest';
import { savedAtText } from './saved-at';

const at = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m - 1, d, h, min).getTime();

describe('savedAtText', () => {
  it('says only the time on the same day', () => {
    expect(savedAtText(at(2026, 11, 25, 14, 32), at(2026, 11, 25, 18, 0))).toBe('14:32');
    expect(savedAtText(at(2026, 11, 25, 9, 5), at(2026, 11, 25, 9, 6))).toBe('09:05');
  });

  it('adds the day when the answers are from an earlier day', () => {
    expect(savedAtText(at(2026, 11, 24, 23, 59), at(2026, 11, 25, 0, 1))).toBe('24 Nov 23:59');
    expect(savedAtText(at(2025, 11, 25, 14, 32), at(2026, 11, 25, 14, 32))).toBe('25 Nov 14:32');
  });
});
