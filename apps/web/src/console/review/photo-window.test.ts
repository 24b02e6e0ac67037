import { describe, expect, it } from 'vitest';
import { photosToLoad } from './photo-window';

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);

describe('which thumbnails the review list asks for', () => {
  it('starts with the first two, never a whole page', () => {
    expect(sorted(photosToLoad(ids(50), new Set(), new Set([1])))).toEqual([1, 2]);
  });

  it('asks for the next as each arrives, up to three cards past the furthest seen', () => {
    expect(sorted(photosToLoad(ids(50), new Set([1]), new Set([1])))).toEqual([1, 2, 3]);
    expect(sorted(photosToLoad(ids(50), new Set([1, 2, 3]), new Set([1])))).toEqual([1, 2, 3, 4]);
    expect(sorted(photosToLoad(ids(50), new Set([1, 2, 3, 4]), new Set([1])))).toEqual([1, 2, 3, 4]);
  });

  it('follows the reviewer down the list: scrolled to or moved to with j', () => {
    expect(sorted(photosToLoad(ids(50), new Set([1, 2, 3, 4]), new Set([1, 20])))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(sorted(photosToLoad(ids(50), new Set(ids(10)), new Set([10])))).toEqual([...ids(10), 11, 12]);
  });

  it('keeps what arrived when a decided card leaves the list', () => {
    expect(sorted(photosToLoad([2, 3, 4, 5, 6], new Set([1, 2, 3]), new Set([2])))).toEqual([2, 3, 4, 5]);
  });
});
