// The shape of the challenge as the checkpoints screen tells it (issue 27 part 5): which day of the campaign it is,
// the visitor's streak, and when the next checkpoint opens, in the visitor's own zone with the campaign's named.
// Days are calendar days in the campaign's time zone (a checkpoint opens at its day's midnight there). Pure: times
// are Unix seconds, the locale and the visitor's zone are passed in.
import type { Checkpoint } from '@quackquest/contract/core';

type Dated = Pick<Checkpoint, 'startTime'>;

// A formatter costs far more to make than to use (tens of milliseconds the first time on a phone): one per zone.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of a moment in a time zone. */
function dateIn(timeZone: string, sec: number): string {
  let format = dateFormats.get(timeZone);
  // en-CA writes dates as YYYY-MM-DD.
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(sec * 1000);
}

/** Whole days from one YYYY-MM-DD to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export interface ChallengeDay {
  /** 1 on the first day; below 1 before the start, above `of` after the last day. */
  day: number;
  of: number;
}

/** Which day of the challenge `nowSec` falls on, counted in the campaign's calendar. */
export function challengeDay(
  campaign: { timeZone: string; startTime: number; challengeDays: number },
  nowSec: number,
): ChallengeDay {
  const { timeZone } = campaign;
  return { day: daysBetween(dateIn(timeZone, campaign.startTime), dateIn(timeZone, nowSec)) + 1, of: campaign.challengeDays };
}

/**
 * Consecutive days, back from today, on which the visitor completed a checkpoint of that day. Today counts once
 * done; until then the streak is yesterday's (it is not lost before the day is). A day without a checkpoint
 * neither breaks nor adds to it.
 */
export function streakDays(
  checkpoints: readonly (Dated & Pick<Checkpoint, 'completed'>)[],
  timeZone: string,
  nowSec: number,
): number {
  const today = dateIn(timeZone, nowSec);
  const days = new Map<string, boolean>();
  for (const c of checkpoints) {
    const date = dateIn(timeZone, c.startTime);
    if (date <= today) days.set(date, (days.get(date) ?? false) || c.completed);
  }
  const newestFirst = [...days.entries()].sort(([a], [b]) => b.localeCompare(a));
  if (newestFirst[0]?.[0] === today && !newestFirst[0][1]) newestFirst.shift();
  let streak = 0;
  for (const [, done] of newestFirst) {
    if (!done) break;
    streak += 1;
  }
  return streak;
}

/** The opening time of the next checkpoint still to open, or undefined when every one has opened. */
export function nextUnlock(checkpoints: readonly Dated[], nowSec: number): number | undefined {
  let next: number | undefined;
  for (const { startTime } of checkpoints) if (startTime > nowSec && (next === undefined || startTime < next)) next = startTime;
  return next;
}

export interface UnlockTime {
  /** In the visitor's zone: weekday and time ("Sat 00:00"). */
  local: string;
  /** In the campaign's zone, with its name ("Sun 00:00 Singapore Standard Time"); undefined when both zones agree. */
  campaign: string | undefined;
  /** "tomorrow", "in 5 hours": how long from now, in the visitor's words. */
  relative: string;
}

/** When the next checkpoint opens, said in the visitor's language. */
export function unlockTime(
  atSec: number,
  nowSec: number,
  { locale, timeZone, visitorZone }: { locale: string; timeZone: string; visitorZone: string },
): UnlockTime {
  const at = atSec * 1000;
  const when = { weekday: 'short', hour: '2-digit', minute: '2-digit' } as const;
  const local = new Intl.DateTimeFormat(locale, { ...when, timeZone: visitorZone }).format(at);
  const campaign = new Intl.DateTimeFormat(locale, { ...when, timeZone, timeZoneName: 'long' }).format(at);
  const sameClock = new Intl.DateTimeFormat(locale, { ...when, timeZone }).format(at) === local;
  return { local, campaign: sameClock ? undefined : campaign, relative: relativeTime(atSec - nowSec, locale) };
}

function relativeTime(seconds: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (seconds < 3600) return format.format(Math.max(1, Math.ceil(seconds / 60)), 'minute');
  if (seconds < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86_400), 'day');
}
