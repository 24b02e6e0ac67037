import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it.each([
    ['plain text', 'Ada Lovelace', 'Ada Lovelace'],
    ['a comma', 'Lovelace, Ada', '"Lovelace, Ada"'],
    ['double quotes', 'Ada "Duck" L', '"Ada ""Duck"" L"'],
    ['a line break', 'two\nlines', '"two\nlines"'],
    ['a formula', '=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
    ['a plus', '+6591234567', "'+6591234567"],
    ['a phone number in the international form', '+65 9123 4567', '+65 9123 4567'],
    ['a sum that looks like one', '+65 9123+4567', "'+65 9123+4567"],
    ['a minus', '-2+3', "'-2+3"],
    ['an at sign', '@SUM(A1)', "'@SUM(A1)"],
    ['a leading tab', '\t=1', "'\t=1"],
    ['terminal escapes and control characters', '\u001b[31mEvil\u001b[0m\u0007 Duck\r', 'Evil Duck'],
    ['a formula hidden behind a control character', '\u0007=1+1', "'=1+1"],
    ['a number', 42, '42'],
    ['a date', new Date('2025-09-01T10:00:00Z'), '2025-09-01T10:00:00.000Z'],
    ['nothing', null, ''],
  ])('%s', (_, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('toCsv', () => {
  it('writes the header and one CRLF-terminated line per row', () => {
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });
});
