// Where and when a voucher is collected (issue 15 part 9), from the campaign's terms. Pure, no I/O.
import type { Campaign } from '@quackquest/contract/core';

const monthName = (month: number) =>
  new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });

function parts(day: string): [year: number, month: number, date: number] | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/** "16-18 November 2025" as the original terms write it; "30 November - 2 December 2025" across months. */
export function collectionDatesText(start: string, end: string): string | undefined {
  const from = parts(start);
  const to = parts(end);
  if (!from || !to) return undefined;
  const [fy, fm, fd] = from;
  const [ty, tm, td] = to;
  if (start === end) return `${fd} ${monthName(fm)} ${fy}`;
  if (fy === ty && fm === tm) return `${fd}-${td} ${monthName(fm)} ${fy}`;
  if (fy === ty) return `${fd} ${monthName(fm)} - ${td} ${monthName(tm)} ${fy}`;
  return `${fd} ${monthName(fm)} ${fy} - ${td} ${monthName(tm)} ${ty}`;
}

/** The voucher's "Where" and "When", each undefined when the campaign does not say. */
export function collectionTexts(collection: Campaign['collection'] | undefined): { where?: string; when?: string } {
  if (!collection) return {};
  return { where: collection.place || undefined, when: collectionDatesText(collection.start, collection.end) };
}
