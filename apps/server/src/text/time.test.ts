import { describe, expect, it } from 'vitest';
import { addDays, dayStart, formatDay, formatZoned } from './time';

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

  it('writes an instant in the zone with its offset', () => {
    const instant = new Date(Date.UTC(2025, 7, 31, 16, 30, 5, 123));
    expect(formatZoned(instant, 'Asia/Singapore')).toBe('2025-09-01T00:30:05.123+08:00');
    expect(formatZoned(instant, 'UTC')).toBe('2025-08-31T16:30:05.123+00:00');
    expect(formatZoned(instant, 'America/New_York')).toBe('2025-08-31T12:30:05.123-04:00');
    expect(formatZoned(instant, 'Asia/Kolkata')).toBe('2025-08-31T22:00:05.123+05:30');
  });

  it('counts calendar days across months and years', () => {
    expect(addDays('2025-12-25', 14)).toBe('2026-01-08');
  });
});
