// CSV as spreadsheets read it (RFC 4180), safe to open: a cell that a spreadsheet would run as a
// formula (starting with = + - @, tab or carriage return) is prefixed with a single quote, and a cell
// carries no escape sequence or control character other than tab and line feed (decision 018), in a
// file as on the terminal. One cell starting with a plus is left as it is: a phone number in the international form
// ("+65 9123 4567", text/contacts.ts), digits in groups behind one plus, which no spreadsheet can run as anything but
// arithmetic on its own digits, and which LibreOffice keeps as text (decision 073).
import { stripControls } from './controls';

export type CsvCell = string | number | boolean | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const INTERNATIONAL_PHONE = /^\+\d{1,3}( \d{1,8})+$/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = value instanceof Date ? value.toISOString() : stripControls(value).replace(/\r/g, '');
  if (FORMULA_START.test(text) && !INTERNATIONAL_PHONE.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line per row, each ending with CRLF. */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** One header line and one line per row, each ending with CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return csvLines([header, ...rows]);
}
