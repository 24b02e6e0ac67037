import { describe, expect, it } from 'vitest';
import { usableImageId } from './image-id';
import { choiceVerdict, parseMcqChoices, toggleChoice } from './mcq';
import { DEDUPE_WINDOW_MS } from '@quackquest/contract/core';
import { isDuplicateAttempt, pruneAttempts } from './recent-attempts';
import { uploadContentType } from './upload';

describe('usableImageId (docs/product.md §4)', () => {
  it.each([
    ['day-01.svg', 'day-01.svg'],
    ['', null],
    ['   ', null],
    ['null', null],
    ['undefined', null],
    [null, null],
    [undefined, null],
  ])('%o -> %o', (input, expected) => {
    expect(usableImageId(input)).toBe(expected);
  });
});

describe('MCQ choices', () => {
  it('letters up to four underscore-separated choices A-D', () => {
    expect(parseMcqChoices('Bowline_Figure-eight knot_Duckling double-hitch_Kaya toast loop_Extra')).toEqual([
      { letter: 'a', text: 'Bowline' },
      { letter: 'b', text: 'Figure-eight knot' },
      { letter: 'c', text: 'Duckling double-hitch' },
      { letter: 'd', text: 'Kaya toast loop' },
    ]);
  });

  it.each([[null], [undefined], ['']])('has no choices for %o', (input) => {
    expect(parseMcqChoices(input)).toEqual([]);
  });

  it.each([
    [[], 'a', ['a']],
    [['a'], 'a', []],
    [['c'], 'a', ['a', 'c']],
    [['a', 'b', 'd'], 'b', ['a', 'd']],
  ] as const)('toggling %o with %s gives %o', (selected, letter, expected) => {
    expect(toggleChoice(selected, letter)).toEqual(expected);
  });

  it.each([
    ['a', ['a'], ['a'], 'correct'],
    ['b', ['b'], ['a'], 'incorrect'],
    ['a', ['b'], ['a'], 'correct'],
    ['c', ['b'], ['a'], null],
    ['b', ['a', 'b'], ['A', 'B'], 'correct'],
  ] as const)('choice %s with selection %o and correct %o shows %o', (letter, selected, correct, expected) => {
    expect(choiceVerdict(letter, selected, { correct: false, correctChoices: correct })).toBe(expected);
  });

  it.each([
    // A wrong "pick both" with tries left: the right choice of the two is not marked wrong, nor the other.
    ['a', ['a', 'c'], false, null],
    ['c', ['a', 'c'], false, null],
    ['b', ['a', 'c'], false, null],
    ['a', ['a'], true, 'correct'],
  ] as const)(
    'without the correct letters, choice %s with selection %o (correct: %s) shows %o',
    (letter, selected, correct, expected) => {
      expect(choiceVerdict(letter, selected, { correct })).toBe(expected);
    },
  );
});

describe('attempt de-duplication (5000 ms, docs/product.md §6)', () => {
  const base = { email: 'a@example.com', checkpointName: 'day-01', checkpointType: 'Scan', answer: 'X' };
  const at = (timestamp: number, over: Partial<typeof base> = {}) => ({ ...base, ...over, timestamp });

  it.each([
    ['same attempt 1 ms later', [at(1000)], 1001, true],
    ['same attempt 4999 ms later', [at(1000)], 5999, true],
    ['same attempt exactly 5000 ms later', [at(1000)], 6000, false],
    ['another answer', [at(1000, { answer: 'Y' })], 1001, false],
    ['another checkpoint', [at(1000, { checkpointName: 'day-02' })], 1001, false],
    ['another type', [at(1000, { checkpointType: 'MCQ' })], 1001, false],
    ['another user', [at(1000, { email: 'b@example.com' })], 1001, false],
    ['no records', [], 1001, false],
  ])('%s -> duplicate %s', (_name, records, now, expected) => {
    expect(isDuplicateAttempt(records, base, now)).toBe(expected);
  });

  it('prunes records older than the window', () => {
    const records = [at(0), at(10_000), at(12_000)];
    expect(pruneAttempts(records, 10_000 + DEDUPE_WINDOW_MS)).toEqual([at(12_000)]);
  });
});

describe('uploadContentType', () => {
  it.each([
    [{ type: 'image/jpeg', name: 'a.jpg' }, 'image/jpeg'],
    [{ type: 'image/png', name: 'a' }, 'image/png'],
    [{ type: 'image/heic', name: 'a.heic' }, 'image/heic'],
    [{ type: '', name: 'IMG_1.HEIC' }, 'image/heic'],
    [{ type: '', name: 'photo.jpeg' }, 'image/jpeg'],
    [{ type: 'image/svg+xml', name: 'a.svg' }, null],
    [{ type: 'application/pdf', name: 'a.jpg' }, null],
    [{ type: '', name: 'notes.txt' }, null],
  ])('%o -> %o', (file, expected) => {
    expect(uploadContentType(file)).toBe(expected);
  });
});
