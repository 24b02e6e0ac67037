// Phone numbers and Instagram handles as a call list, a mail merge and a spreadsheet want them (issue 32 part 4,
// decision 073). Both are what the visitor typed at sign-up, free text: a cell of an export that a spreadsheet would
// read as a formula is neutralised with a leading apostrophe (text/csv.ts), and that apostrophe stayed in every call
// list. A phone number a visitor wrote with its country code comes out in the international form instead
// ("+65 9123 4567"): the same digits and plus sign, and the spaces keep a spreadsheet from reading it as a number
// (which drops the plus) or a formula. A handle comes out as Instagram spells it, without the "@" a spreadsheet would
// run: "ada.l". Anything else comes out as typed, neutralised.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

const PHONE_CHARACTERS = /^[+\d\s().-]+$/;
const INSTAGRAM_HANDLE = /^@?([A-Za-z0-9._]{1,30})$/;

/** "+6591234567" → "+65 9123 4567"; a number without its country code, or not a phone number, as typed. */
export function phoneForExport(typed: string): string {
  const text = typed.trim();
  if (!text.startsWith('+') && !text.startsWith('(+')) return typed;
  if (!PHONE_CHARACTERS.test(text)) return typed;
  const parsed = parsePhoneNumberFromString(text);
  return parsed?.isPossible() ? parsed.formatInternational() : typed;
}

/** "@ada.l" → "ada.l"; anything that is not a handle, as typed. */
export function instagramForExport(typed: string): string {
  return INSTAGRAM_HANDLE.exec(typed.trim())?.[1] ?? typed;
}
