import { describe, expect, it } from 'vitest';
import { LANGUAGES, LANGUAGE_NAMES, PACK_LANGUAGES, matchLanguage } from './languages';

describe('the one list of languages', () => {
  it('names each language, and a pack translates into every one but English', () => {
    expect(Object.keys(LANGUAGE_NAMES)).toEqual([...LANGUAGES]);
    expect(PACK_LANGUAGES).toEqual(LANGUAGES.filter((language) => language !== 'en'));
  });

  it.each([
    [['zh-TW', 'en'], 'zh-Hans'],
    [['ZH'], 'zh-Hans'],
    [['fr-FR', 'ms-MY'], 'ms'],
    [['ta-IN'], 'ta'],
    [['de', ' en-GB'], 'en'],
    [['de', undefined, ''], undefined],
  ] as const)('%j -> %s', (tags, expected) => {
    expect(matchLanguage(tags)).toBe(expected);
  });
});
