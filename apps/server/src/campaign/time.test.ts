import { describe, expect, it } from 'vitest';
import { dayStart, formatDay } from './time';

describe('campaign days', () => {
  it.each([
    ['2025-09-01', 'Asia/Singapore', Date.UTC(2025, 7, 31, 16) / 1000],
    ['2025-09-01', 'UTC', Date.UTC(2025, 8, 1) / 1000],
    ['2025-03-30', 'Europe/London', Date.UTC(2025, 2, 30) / 1000],
    ['2025-07-01', 'America/New_York', Date.UTC(2025, 6, 1, 4) / 1000],
  ])('day %s starts at midnight in %s', (day, zone, expected) => {
    expect(dayStart(day, zone)).toBe(expected);
  });

  it('names the local day of an instant', () => {
    expect(formatDay(new Date(Date.UTC(2025, 7, 31, 16, 30)), 'Asia/Singapore')).toBe('2025-09-01');
    expect(formatDay(new Date(Date.UTC(2025, 7, 31, 15, 59)), 'Asia/Singapore')).toBe('2025-08-31');
  });
});
