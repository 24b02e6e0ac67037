import { describe, expect, it } from 'vitest';
import { decisionTargets, moveCursor, shortcutOf } from './review-keys';

const press = (key: string, more: Partial<Parameters<typeof shortcutOf>[0]> = {}) =>
  shortcutOf({ key, ctrlKey: false, metaKey: false, altKey: false, target: { tagName: 'BODY' }, ...more });

describe('review shortcuts', () => {
  it.each([
    ['j', 'next'],
    ['k', 'previous'],
    ['x', 'select'],
    ['a', 'approve'],
    ['r', 'reject'],
  ])('%s means %s', (key, action) => {
    expect(press(key)).toBe(action);
  });

  it('ignores other keys and browser shortcuts (Ctrl+R reloads, Cmd+A selects all)', () => {
    expect(press('q')).toBeNull();
    expect(press('r', { ctrlKey: true })).toBeNull();
    expect(press('a', { metaKey: true })).toBeNull();
  });

  it('a held a, r or x decides once: the repeats are ignored; held j and k keep moving', () => {
    expect(press('a', { repeat: true })).toBeNull();
    expect(press('r', { repeat: true })).toBeNull();
    expect(press('x', { repeat: true })).toBeNull();
    expect(press('j', { repeat: true })).toBe('next');
    expect(press('k', { repeat: true })).toBe('previous');
  });

  it('never fires while typing a reason or choosing a filter', () => {
    expect(press('a', { target: { tagName: 'TEXTAREA' } })).toBeNull();
    expect(press('r', { target: { tagName: 'input' } })).toBeNull();
    expect(press('j', { target: { tagName: 'SELECT' } })).toBeNull();
    expect(press('x', { target: { tagName: 'DIV', isContentEditable: true } })).toBeNull();
  });

  it('still fires on a ticked checkbox or a button', () => {
    expect(press('a', { target: { tagName: 'INPUT', type: 'checkbox' } })).toBe('approve');
    expect(press('r', { target: { tagName: 'BUTTON', type: 'button' } })).toBe('reject');
  });
});

describe('the cursor', () => {
  it('starts on the first card and stays inside the list', () => {
    expect(moveCursor(-1, 'next', 3)).toBe(0);
    expect(moveCursor(0, 'next', 3)).toBe(1);
    expect(moveCursor(2, 'next', 3)).toBe(2);
    expect(moveCursor(0, 'previous', 3)).toBe(0);
    expect(moveCursor(1, 'next', 0)).toBe(-1);
  });
});

describe('what a decision applies to', () => {
  it('is every selected card when some are selected, else the card under the cursor', () => {
    expect(decisionTargets(new Set([4, 9]), 1)).toEqual([4, 9]);
    expect(decisionTargets(new Set(), 1)).toEqual([1]);
    expect(decisionTargets(new Set(), undefined)).toEqual([]);
  });
});
