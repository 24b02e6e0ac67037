import { describe, expect, it } from 'vitest';
import { hasTie } from './tie-rule';

describe('hasTie', () => {
  it.each([
    ['an empty list', [], false],
    ['one player', [9], false],
    ['all different', [9, 7, 3], false],
    ['two equal at the top', [9, 9, 3], true],
    ['two equal further down', [9, 7, 3, 3], true],
  ])('%s: %s', (_, ducks, tie) => {
    expect(hasTie(ducks.map((DuckPoints) => ({ DuckPoints })))).toBe(tie);
  });
});
