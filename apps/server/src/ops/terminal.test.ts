import { describe, expect, it } from 'vitest';
import { toTerminalJson } from './terminal';

describe('toTerminalJson', () => {
  it('keeps the data: every control character is escaped, none is raw', () => {
    const value = { name: '\u001b[31mEvil\u0007\u009b' };
    const json = toTerminalJson(value);
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(json).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
