import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('detectImageType', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image/jpeg'],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'image/png'],
    ['GIF', bytes('GIF89a....'), 'image/gif'],
    ['WebP', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'image/webp'],
    ['HEIC', bytes([0, 0, 0, 24], 'ftypheic', [0, 0]), 'image/heic'],
  ])('recognises %s', (_, head, type) => {
    expect(detectImageType(head)).toBe(type);
  });

  it.each([
    ['a text file named .jpg', bytes('hello, this is not a photo')],
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['a PDF', bytes('%PDF-1.7')],
    ['nothing', bytes('')],
  ])('refuses %s', (_, head) => {
    expect(detectImageType(head)).toBeUndefined();
  });
});
