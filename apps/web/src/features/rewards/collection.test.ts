import { describe, expect, it } from 'vitest';
import { collectionDatesText, collectionTexts } from './collection';

describe('collectionDatesText', () => {
  it.each([
    ['the original campaign', '2025-11-16', '2025-11-18', '16-18 November 2025'],
    ['one day', '2025-11-16', '2025-11-16', '16 November 2025'],
    ['across months', '2025-11-30', '2025-12-02', '30 November - 2 December 2025'],
    ['across years', '2025-12-31', '2026-01-01', '31 December 2025 - 1 January 2026'],
    ['not a day', 'soon', '2025-11-18', undefined],
  ])('%s', (_, start, end, text) => {
    expect(collectionDatesText(start, end)).toBe(text);
  });
});

describe('collectionTexts', () => {
  it('gives the place and the dates', () => {
    expect(collectionTexts({ start: '2025-11-16', end: '2025-11-18', place: 'Guest Services desk, Deck 5' })).toEqual({
      where: 'Guest Services desk, Deck 5',
      when: '16-18 November 2025',
    });
  });

  it('leaves out what the campaign does not say', () => {
    expect(collectionTexts({ start: '2025-11-16', end: '2025-11-18', place: '' })).toEqual({
      where: undefined,
      when: '16-18 November 2025',
    });
    expect(collectionTexts(null)).toEqual({});
  });
});
