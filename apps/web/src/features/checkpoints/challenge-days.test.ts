import { describe, expect, it } from 'vitest';
import { challengeDay, nextUnlock, streakDays, unlockTime } from './challenge-days';

const ZONE = 'Asia/Singapore';
/** Midnight in Singapore (UTC+8, no daylight saving) of 2025-09-01 plus n days, in Unix seconds. */
const day = (n: number) => Date.parse('2025-08-31T16:00:00Z') / 1000 + n * 86_400;
const campaign = { timeZone: ZONE, startTime: day(0), challengeDays: 14 };

describe('challengeDay: days of the campaign calendar', () => {
  it.each([
    ['the first second', day(0), 1],
    ['the last second of day 1', day(1) - 1, 1],
    ['day 5 at noon', day(4) + 12 * 3600, 5],
    ['the last day', day(13) + 5, 14],
    ['the day after the last', day(14) + 5, 15],
    ['the day before the start', day(0) - 5, 0],
  ])('%s is day %s', (_name, now, expected) => {
    expect(challengeDay(campaign, now)).toEqual({ day: expected, of: 14 });
  });

  it('counts calendar days across a daylight-saving change (a 23-hour day)', () => {
    // Lisbon moves to summer time on 2026-03-29: that day has 23 hours.
    const start = Date.parse('2026-03-27T00:00:00Z') / 1000;
    const lisbon = { timeZone: 'Europe/Lisbon', startTime: start, challengeDays: 5 };
    // 2026-03-30 00:30 in Lisbon (summer time, UTC+1) is day 4, though fewer than 3 x 86400 s have passed.
    expect(challengeDay(lisbon, Date.parse('2026-03-29T23:30:00Z') / 1000)).toEqual({ day: 4, of: 5 });
  });
});

describe('streakDays: consecutive days with a checkpoint completed', () => {
  const cp = (n: number, completed: boolean) => ({ startTime: day(n - 1), completed });

  it('counts back from today when today is done', () => {
    expect(streakDays([cp(1, false), cp(2, true), cp(3, true), cp(4, true)], ZONE, day(3) + 60)).toBe(3);
  });

  it("keeps yesterday's streak while today is not done yet", () => {
    expect(streakDays([cp(1, true), cp(2, true), cp(3, false)], ZONE, day(2) + 60)).toBe(2);
  });

  it('is broken by a missed day', () => {
    expect(streakDays([cp(1, true), cp(2, false), cp(3, true), cp(4, false)], ZONE, day(3) + 60)).toBe(1);
    expect(streakDays([cp(1, true), cp(2, false), cp(3, false)], ZONE, day(2) + 60)).toBe(0);
  });

  it('a day with two checkpoints counts once, done when either is', () => {
    expect(streakDays([cp(1, true), cp(2, false), cp(2, true), cp(3, true)], ZONE, day(2) + 60)).toBe(3);
  });

  it('ignores checkpoints still to come, and a day without any checkpoint breaks nothing', () => {
    expect(streakDays([cp(1, true), cp(3, true), cp(5, true)], ZONE, day(2) + 60)).toBe(2);
  });

  it('is 0 for a new visitor', () => {
    expect(streakDays([cp(1, false), cp(2, false)], ZONE, day(1) + 60)).toBe(0);
  });
});

describe('the next unlock', () => {
  it('is the earliest opening still to come', () => {
    expect(nextUnlock([{ startTime: day(0) }, { startTime: day(6) }, { startTime: day(5) }], day(4) + 1)).toBe(day(5));
    expect(nextUnlock([{ startTime: day(0) }], day(4))).toBeUndefined();
  });

  it("is said in the visitor's zone, with the campaign's zone named when their clocks differ", () => {
    const when = unlockTime(day(5), day(4) + 3600, { locale: 'en', timeZone: ZONE, visitorZone: 'Europe/London' });
    // Midnight in Singapore is 17:00 the day before in London (summer time, UTC+1).
    expect(when.local).toMatch(/^Fri,? 05:00\sPM$/);
    expect(when.campaign).toMatch(/^Sat,? 12:00\sAM Singapore Standard Time$/);
    expect(when.relative).toBe('in 23 hours');
  });

  it("names no second zone when the visitor is in the campaign's", () => {
    const when = unlockTime(day(5), day(4) + 3600, { locale: 'zh-Hans', timeZone: ZONE, visitorZone: ZONE });
    expect(when.campaign).toBeUndefined();
    expect(when.relative).toBe('23小时后');
  });
});
