import { describe, expect, it } from 'vitest';
import { pickLanguage } from './translations';

describe('pickLanguage (decision 037)', () => {
  it('takes ?lang first, then the first of ours in Accept-Language, zh-* as Simplified Chinese', () => {
    expect(pickLanguage('ta', 'zh-CN,zh;q=0.9')).toBe('ta');
    expect(pickLanguage(undefined, 'fr-FR,zh-TW;q=0.8,en;q=0.5')).toBe('zh-Hans');
    expect(pickLanguage(undefined, 'ms-MY')).toBe('ms');
    expect(pickLanguage('xx', 'en-GB,ta;q=0.5')).toBe('en');
  });

  it('answers English without a language of ours', () => {
    expect(pickLanguage(undefined, undefined)).toBe('en');
    expect(pickLanguage(undefined, 'fr-FR,de;q=0.8')).toBe('en');
    expect(pickLanguage('', '*')).toBe('en');
  });
});
