import { afterEach, describe, expect, it, vi } from 'vitest';
import { countsWithoutNumberFormat, gameTextsLoaded } from './game-texts';
import { t } from './i18n';
import { activateLocale } from './language';

afterEach(async () => {
  vi.restoreAllMocks();
  await activateLocale('en');
});

describe('the game texts that count', () => {
  it('say one and many as the catalogs do, without Intl.NumberFormat (slow the first time in a page)', async () => {
    await gameTextsLoaded;
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    expect(t('checkpoints.unlocksIn', { days: 1 })).toBe('Unlocks in 1 day');
    expect(t('checkpoints.unlocksIn', { days: 3 })).toBe('Unlocks in 3 days');
    expect(t('rewards.moreDucks', { n: 0 })).toBe('0 more ducks');
    expect(t('spinStatus.spinsLeft', { n: 1 })).toBe('You have 1 spin.');
    await activateLocale('ta');
    expect(t('checkpoints.ducksCount', { n: 1 })).toBe('1 வாத்து');
    expect(t('checkpoints.ducksCount', { n: 12 })).toBe('12 வாத்துகள்');
    await activateLocale('zh-Hans');
    expect(t('spinStatus.spinsLeft', { n: 1 })).toBe('你有 1 次转盘机会。');
    expect(numberFormat).not.toHaveBeenCalled();
  });

  it('leaves other texts and a plural with an offset as they are', () => {
    const offset = [['n', 'plural', { offset: 1, one: ['#'], other: ['#'] }]] as const;
    const messages = { plain: ['Hello ', ['name']], offset } as unknown as Parameters<typeof countsWithoutNumberFormat>[0];
    expect(countsWithoutNumberFormat(messages)).toEqual(messages);
  });
});
