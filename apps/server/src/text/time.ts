// Calendar days in a campaign's time zone, without a date library.

/** "YYYY-MM-DD" of the instant in the given time zone. */
export function formatDay(instant: Date, timeZone: string): string {
  // One formatter per zone: building one costs about 100 µs, and every spin asks for its day (decision 082).
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Unix seconds of 00:00 on the given day in the given time zone. */
export function dayStart(isoDay: string, timeZone: string): number {
  const guess = Date.parse(`${isoDay}T00:00:00Z`);
  // Two passes settle the offset even when the day starts right after a DST change.
  let utc = guess - offsetMs(guess, timeZone);
  utc = guess - offsetMs(utc, timeZone);
  return Math.floor(utc / 1000);
}

/** Unix seconds of a wall-clock time ("2026-11-28T20:00") in the given time zone. */
export function zonedInstant(localTime: string, timeZone: string): number {
  const guess = Date.parse(`${localTime}:00Z`);
  let utc = guess - offsetMs(guess, timeZone);
  utc = guess - offsetMs(utc, timeZone);
  return Math.floor(utc / 1000);
}

/** 00:00 today in the campaign's time zone, as a Date. */
export function startOfToday(now: number, timeZone: string): Date {
  return new Date(dayStart(formatDay(new Date(now), timeZone), timeZone) * 1000);
}

// Building an Intl.DateTimeFormat costs far more than using one: exports format every row's times (decision 022).
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetMs(instant: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const part = format.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(part ?? '');
  if (!match) return 0;
  const sign = match[1] === '-' ? -1 : 1;
  return sign * (Number(match[2]) * 60 + Number(match[3] ?? 0)) * 60_000;
}

/** The instant as ISO 8601 in the time zone, with its offset: "2025-09-01T18:00:00.123+08:00". */
export function formatZoned(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  const offset = quarterHourOffset(ms, timeZone);
  const local = new Date(ms + offset).toISOString().slice(0, 23);
  const minutes = Math.abs(offset) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  return `${local}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

// Time zones change their offset on a quarter hour at the earliest: one lookup per zone and quarter hour
// serves every instant in it (an export writes 100k times in about as many milliseconds).
const quarterOffsets = new Map<string, Map<number, number>>();
const QUARTER_HOUR = 15 * 60_000;

function quarterHourOffset(ms: number, timeZone: string): number {
  let byQuarter = quarterOffsets.get(timeZone);
  if (!byQuarter) quarterOffsets.set(timeZone, (byQuarter = new Map<number, number>()));
  const quarter = Math.floor(ms / QUARTER_HOUR);
  let offset = byQuarter.get(quarter);
  if (offset === undefined) {
    if (byQuarter.size > 100_000) byQuarter.clear();
    offset = offsetMs(quarter * QUARTER_HOUR, timeZone);
    byQuarter.set(quarter, offset);
  }
  return offset;
}

/** "YYYY-MM-DD" `days` calendar days after `isoDay`. */
export function addDays(isoDay: string, days: number): string {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
