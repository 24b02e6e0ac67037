import { afterEach, describe, expect, it } from 'vitest';
import { messages as gameEn } from '../locales/en/game';
import { addCatalog, currentLocale, pickLocale, t } from './i18n';
import { activateLocale, languageSettled } from './language';

afterEach(() => activateLocale('en'));

describe('pickLocale', () => {
  it('keeps the stored choice, else takes the first browser language we have (zh-* as Simplified Chinese), else English', () => {
    expect(pickLocale('ta', ['zh-CN'])).toBe('ta');
    expect(pickLocale(null, ['fr-FR', 'zh-TW', 'en'])).toBe('zh-Hans');
    expect(pickLocale('xx', ['ms-MY'])).toBe('ms');
    expect(pickLocale(null, ['fr-FR'])).toBe('en');
  });
});

describe('a catalog put in use while the language is switching', () => {
  it('comes in the language being switched to, not only in English', async () => {
    const switching = activateLocale('ta');
    await addCatalog({
      en: gameEn,
      others: {
        'zh-Hans': () => import('../locales/zh-Hans/game'),
        ms: () => import('../locales/ms/game'),
        ta: () => import('../locales/ta/game'),
      },
    });
    await switching;
    expect(t('checkpoints.title')).toBe('சோதனைச் சாவடிகள்');
    await activateLocale('en');
    expect(t('checkpoints.title')).toBe('CHECKPOINTS');
  });
});

describe("a call in the visitor's language made while the language is switching", () => {
  it('waits until the app speaks the new one, and does not wait forever when it fails to load', async () => {
    void activateLocale('ms');
    await languageSettled();
    expect(currentLocale()).toBe('ms');
    const failing = activateLocale('xx' as never).catch(() => undefined);
    await languageSettled();
    await failing;
  });
});
