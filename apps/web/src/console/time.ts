// Times as the console shows them (issue 32 part 5): the API sends Unix seconds (docs/product.md §10), and every time
// an operator sees is in the campaign's time zone with the zone named ("28 Nov 2026, 12:58 GMT+8"), whatever the
// phone's own zone: the crew, the CSV files and the server's sentences then agree. The zone comes with the console
// session (GET /api/console/me); before a campaign exists the browser's own zone is shown, labelled too.
const OPTIONS: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
};

let format = new Intl.DateTimeFormat('en-GB', OPTIONS);

/** Called with each console session's `timeZone` before the screens show a time. */
export function setConsoleTimeZone(timeZone: string | null): void {
  format = new Intl.DateTimeFormat('en-GB', timeZone ? { ...OPTIONS, timeZone } : OPTIONS);
}

export function formatTime(seconds: number): string {
  return format.format(new Date(seconds * 1000));
}
