import { describe, expect, it } from 'vitest';
import { stripControls } from './controls';

describe('stripControls', () => {
  it.each([
    ['a coloured name', '\u001b[31mEvil\u001b[0m\u0007', 'Evil'],
    ['a screen wipe and cursor move', 'Ada\u001b[2J\u001b[1;1H Lovelace', 'Ada Lovelace'],
    ['an OSC 52 clipboard write', 'x\u001b]52;c;ZWNobyBwd25lZA==\u0007y', 'xy'],
    ['a window title with ST', 'x\u001b]0;pwned\u001b\\y', 'xy'],
    ['a hyperlink', '\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\', 'click'],
    ['8-bit CSI and other C1', 'a\u009b31mb\u0085c', 'abc'],
    ['a carriage return that would overwrite the line', 'approved\rrejected', 'approvedrejected'],
    ['backspaces, NUL and DEL', 'a\b\b\u0000b\u007f', 'ab'],
    ['tabs, line feeds and CRLF', 'a\tb\nc\r\n', 'a\tb\nc\r\n'],
    ['accents and emoji', 'Zoë 🦆 Ångström', 'Zoë 🦆 Ångström'],
  ])('%s', (_, text, expected) => {
    expect(stripControls(text)).toBe(expected);
  });
});
