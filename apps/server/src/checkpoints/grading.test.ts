import { describe, expect, it } from 'vitest';
import { gradeMcq, gradeScan, gradeTypedCode, normalizeTypedCode, parseChoices, parseText } from './grading';

describe('gradeScan', () => {
  it.each([
    [['QQ-1'], 'QQ-1', true],
    [['QQ-1'], '  QQ-1 \n', true],
    [['QQ-1', 'QQ-2'], 'QQ-2', true],
    [['QQ-1'], 'qq-1', false],
    [['QQ-1'], 'QQ-11', false],
    [['QQ-1'], '   ', false],
  ])('expected %j, scanned %j -> %s', (expected, scanned, valid) => {
    expect(gradeScan(expected, scanned)).toBe(valid);
  });
});

describe('MCQ', () => {
  it.each([
    ['a', 4, 'a'],
    ['c_a', 4, 'a_c'],
    [['B', 'a', 'b'], 4, 'a_b'],
    ['a, d', 4, 'a_d'],
  ])('normalizes %j', (answer, count, expected) => {
    expect(parseChoices(answer, count)).toEqual({ ok: true, value: expected });
  });

  it('refuses no answer with the spec message, and letters without a choice', () => {
    expect(parseChoices('', 4)).toEqual({
      ok: false,
      refusal: { code: 'mcqEmpty', message: 'Please select at least one answer before submitting!' },
    });
    expect(parseChoices([], 4)).toMatchObject({ ok: false });
    expect(parseChoices('d', 3)).toMatchObject({
      ok: false,
      refusal: { code: 'choiceUnknown', message: '"d" is not one of the choices (a, b, c).' },
    });
    expect(parseChoices('e', 4)).toMatchObject({ ok: false });
  });

  it.each([
    [['b'], 'b', true],
    [['b'], 'a_b', false],
    [['a', 'b'], 'a_b', true],
    [['a', 'b'], 'a', false],
    [['a', 'b'], 'a_b_c', false],
  ])('correct %j, chosen %s -> %s', (correct, chosen, ok) => {
    expect(gradeMcq(correct, chosen)).toBe(ok);
  });
});

describe('parseText', () => {
  it('trims and accepts up to 10 characters', () => {
    expect(parseText('  Quackers ')).toEqual({ ok: true, value: 'Quackers' });
    expect(parseText('1234567890')).toEqual({ ok: true, value: '1234567890' });
  });
  it('refuses empty and long answers', () => {
    expect(parseText('   ')).toEqual({
      ok: false,
      refusal: { code: 'strEmpty', message: 'Please enter some text before submitting!' },
    });
    expect(parseText('12345678901')).toMatchObject({ ok: false });
    expect(parseText(['a'])).toMatchObject({ ok: false });
  });
});

describe('a typed code', () => {
  it.each([
    ['QQSG25-GANGWAY-MWMXXG', 'QQSG25-GANGWAY-MWMXXG'],
    ['qqsg25 gangway mwmxxg', 'QQSG25-GANGWAY-MWMXXG'],
    [' QQSG25GANGWAYMWMXXG\n', 'QQSG25-GANGWAY-MWMXXG'],
    ['qqsg25–gangway·mwmxxg', 'QQSG25-GANGWAY-MWMXXG'],
    ['QQ-PORT-O1', 'QQ-P0RT-0I'],
  ])('%j matches %j', (typed, expected) => {
    expect(gradeTypedCode(['QQ-OTHER', expected], typed)).toBe(expected);
  });
  it.each([['QQSG25-GANGWAY-MWMXX'], ['QQSG25-GANGWAY-MWMXXGG'], ['GANGWAY'], [''], [' - ']])('%j does not', (typed) => {
    expect(gradeTypedCode(['QQSG25-GANGWAY-MWMXXG'], typed)).toBeNull();
  });
  it('keeps scans exact', () => {
    expect(gradeScan(['QQ-1'], 'qq 1')).toBe(false);
    expect(normalizeTypedCode('qq 1')).toBe('QQ1');
  });
});
