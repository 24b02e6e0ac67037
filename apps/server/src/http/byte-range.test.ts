import { describe, expect, it } from 'vitest';
import { byteRange } from './byte-range';

describe('byteRange', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
  ] as const)('%s of 1,000 bytes', (header, expected) => {
    expect(byteRange(header, 1000)).toEqual(expected);
  });

  it.each([undefined, '', 'bytes=-', 'items=0-1', 'bytes=0-1,5-9'])('%s: the whole file', (header) => {
    expect(byteRange(header, 1000)).toBe('whole');
  });

  it.each(['bytes=1000-', 'bytes=5-4', 'bytes=-0'])('%s: unsatisfiable', (header) => {
    expect(byteRange(header, 1000)).toBe('unsatisfiable');
  });
});
