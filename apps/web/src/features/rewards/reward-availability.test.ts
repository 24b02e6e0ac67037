import { describe, expect, it } from 'vitest';
import {
  checkClaim,
  isRewardDisabled,
  redeemInText,
  rewardNote,
  rewardTimingText,
  rewardWindow,
  stockText,
  isLongName,
  moreDucksText,
} from './reward-availability';

const DAY = 86_400;
const NOW = 1_757_000_000;
const open = { price: 10, quantity: 5, startDate: null, endDate: null };

describe('rewardWindow', () => {
  it.each([
    ['no dates: always open', null, null, 'open'],
    ['before start', NOW + 1, null, 'upcoming'],
    ['at start', NOW, null, 'open'],
    ['between start and end', NOW - DAY, NOW + DAY, 'open'],
    ['at end', null, NOW, 'open'],
    ['after end', null, NOW - 1, 'ended'],
    ['after end with a start', NOW - 2 * DAY, NOW - DAY, 'ended'],
  ] as const)('%s', (_, startDate, endDate, expected) => {
    expect(rewardWindow({ startDate, endDate }, NOW)).toBe(expected);
  });
});

describe('rewardTimingText', () => {
  it.each([
    ['starts in exactly 3 days', NOW + 3 * DAY, null, 'Redeem in 3 days'],
    ['starts in 2 days and 1 second: rounds up', NOW + 2 * DAY + 1, null, 'Redeem in 3 days'],
    ['starts in 1.5 days: rounds up', NOW + 1.5 * DAY, null, 'Redeem in 2 days'],
    ['starts in exactly 1 day', NOW + DAY, null, 'Redeem in 1 day'],
    ['starts in 1 hour', NOW + 3600, null, 'Redeem in 1 day'],
    ['starts in 1 second', NOW + 1, null, 'Redeem in 1 day'],
    ['ended', null, NOW - 1, 'This reward has ended'],
    ['open', NOW - DAY, NOW + DAY, undefined],
    ['no dates', null, null, undefined],
  ] as const)('%s', (_, startDate, endDate, expected) => {
    expect(rewardTimingText({ startDate, endDate }, NOW)).toBe(expected);
  });
});

describe('redeemInText', () => {
  it.each([
    [14, 'Redeem in 14 days'],
    [2, 'Redeem in 2 days'],
    [1, 'Redeem in 1 day'],
    [0, 'Redeem today'],
  ])('%i days: %s', (days, text) => {
    expect(redeemInText(days)).toBe(text);
  });
});

describe('stock and disabled rows', () => {
  it.each([
    ['in stock, open', { ...open, quantity: 5 }, '5 left', false, undefined],
    ['quantity 0: sold out', { ...open, quantity: 0 }, 'Sold out', true, 'Not available'],
    ['negative quantity: sold out', { ...open, quantity: -2 }, 'Sold out', true, 'Not available'],
    ['not yet open', { ...open, startDate: NOW + 2 * DAY }, '5 left', true, 'Redeem in 2 days'],
    ['ended', { ...open, endDate: NOW - DAY }, '5 left', true, 'This reward has ended'],
    [
      'ended and sold out: timing text wins',
      { ...open, quantity: 0, endDate: NOW - DAY },
      'Sold out',
      true,
      'This reward has ended',
    ],
  ])('%s', (_, reward, stock, disabled, note) => {
    expect(stockText(reward)).toBe(stock);
    expect(isRewardDisabled(reward, NOW)).toBe(disabled);
    expect(rewardNote(reward, NOW)).toBe(note);
  });
});

describe('checkClaim', () => {
  it.each([
    ['enough ducks', open, 10, { ok: true }],
    ['more ducks than the price', open, 50, { ok: true }],
    ['one duck short', open, 9, { ok: false, message: 'You need 10 ducks to claim this reward. You currently have 9 ducks.' }],
    ['no ducks', open, 0, { ok: false, message: 'You need 10 ducks to claim this reward. You currently have 0 ducks.' }],
    ['sold out', { ...open, quantity: 0 }, 50, { ok: false, message: 'Limit for this reward is reached.' }],
    ['not yet open', { ...open, startDate: NOW + 10 }, 50, { ok: false, message: 'This reward is not available at this time.' }],
    ['ended', { ...open, endDate: NOW - 10 }, 50, { ok: false, message: 'This reward is not available at this time.' }],
    [
      'outside the window comes before sold out',
      { ...open, quantity: 0, endDate: NOW - 10 },
      0,
      { ok: false, message: 'This reward is not available at this time.' },
    ],
    ['sold out comes before ducks', { ...open, quantity: 0 }, 0, { ok: false, message: 'Limit for this reward is reached.' }],
  ])('%s', (_, reward, ducks, expected) => {
    expect(checkClaim(reward, ducks, NOW)).toEqual(expected);
  });
});

describe('isLongName', () => {
  it.each([
    ['Draught Beer', false],
    ['Champagne Toast', false],
    ['Shipping Credit', false],
    ['Free 3D2N Cabin!', true],
    ['Balcony Cabin Upgrade', true],
  ])('%s: %s', (name, long) => {
    expect(isLongName(name)).toBe(long);
  });
});

describe('moreDucksText', () => {
  it.each([
    ['affordable', open, 10, undefined],
    ['more than enough', open, 12, undefined],
    ['one short', open, 9, '1 more duck'],
    ['no ducks', open, 0, '10 more ducks'],
    ['ducks not known yet', open, undefined, undefined],
    ['sold out: no count', { ...open, quantity: 0 }, 0, undefined],
    ['not yet open: no count', { ...open, startDate: NOW + DAY }, 0, undefined],
  ])('%s', (_, reward, ducks, expected) => {
    expect(moreDucksText(reward, ducks, NOW)).toBe(expected);
  });
});
