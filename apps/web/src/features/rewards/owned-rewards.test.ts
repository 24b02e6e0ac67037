import type { Reward } from '@quackquest/contract/core';
import { describe, expect, it } from 'vitest';
import { type ClaimedEntry, mergeOwnedRewards, readOwnedRewardState } from './owned-rewards';

const beer: Reward = {
  item: 'Draught Beer',
  price: 3,
  quantity: 200,
  description: 'One ice-cold pint.',
  startDate: null,
  endDate: null,
  eligibility: 'everyone',
  perUserLimit: 5,
};

describe('mergeOwnedRewards', () => {
  it('is empty for an empty claimed list', () => {
    expect(mergeOwnedRewards([], [beer])).toEqual([]);
  });

  it.each<[string, ClaimedEntry[], { item: string; quantity: number; timestamp: number | null }[]]>([
    ['a plain string counts once', ['Wifi Day Pass'], [{ item: 'Wifi Day Pass', quantity: 1, timestamp: null }]],
    [
      'an object without a quantity counts once',
      [{ item: 'Wifi Day Pass', timestamp: 100 }],
      [{ item: 'Wifi Day Pass', quantity: 1, timestamp: 100 }],
    ],
    [
      'duplicates are summed and keep the latest time',
      [
        { item: 'Draught Beer', quantity: 1, timestamp: 300 },
        { item: 'Draught Beer', quantity: 2, timestamp: 500 },
        { item: 'Draught Beer', quantity: 1, timestamp: 400 },
      ],
      [{ item: 'Draught Beer', quantity: 4, timestamp: 500 }],
    ],
    [
      'strings and objects of the same item merge',
      ['Draught Beer', { item: 'Draught Beer', timestamp: 200 }],
      [{ item: 'Draught Beer', quantity: 2, timestamp: 200 }],
    ],
    [
      'different items stay apart, in first-claim order',
      [{ item: 'Beer Bucket', timestamp: 1 }, 'Draught Beer', { item: 'Beer Bucket', timestamp: 3 }],
      [
        { item: 'Beer Bucket', quantity: 2, timestamp: 3 },
        { item: 'Draught Beer', quantity: 1, timestamp: null },
      ],
    ],
  ])('%s', (_, claimed, expected) => {
    expect(mergeOwnedRewards(claimed).map(({ item, quantity, timestamp }) => ({ item, quantity, timestamp }))).toEqual(expected);
  });

  it('takes the description and other fields from the inventory, keeping the owned quantity', () => {
    const [owned] = mergeOwnedRewards([{ item: 'Draught Beer', quantity: 1, timestamp: 5 }], [beer]);
    expect(owned).toMatchObject({ item: 'Draught Beer', quantity: 1, description: 'One ice-cold pint.', price: 3 });
  });

  it.each<[string, Reward[]]>([
    ['not in the inventory', [beer]],
    ['no inventory', []],
    ['an empty description', [{ ...beer, item: 'Voyage Wifi', description: '' }]],
  ])('falls back to "You own {item}" when %s', (_, inventory) => {
    expect(mergeOwnedRewards(['Voyage Wifi'], inventory)[0]?.description).toBe('You own Voyage Wifi');
  });

  it('keeps every voucher code of the merged claims, with its redeemed flag and when it was claimed', () => {
    const [owned] = mergeOwnedRewards([
      { item: 'Draught Beer', quantity: 1, timestamp: 1, voucherCode: 'QQ-AAAAA-BBBBB', redeemed: true },
      'Draught Beer',
      { item: 'Draught Beer', quantity: 1, timestamp: 2, voucherCode: 'QQ-CCCCC-DDDDD', redeemed: false },
    ]);
    expect(owned?.vouchers).toEqual([
      { code: 'QQ-AAAAA-BBBBB', redeemed: true, claimedAt: 1 },
      { code: 'QQ-CCCCC-DDDDD', redeemed: false, claimedAt: 2 },
    ]);
  });
});

describe('readOwnedRewardState', () => {
  it.each([
    ['no state', null],
    ['a string', 'Draught Beer'],
    ['no reward', { other: 1 }],
    ['a reward without an item', { reward: { quantity: 2 } }],
    ['an empty item name', { reward: { item: '' } }],
  ])('is null for %s', (_, state) => {
    expect(readOwnedRewardState(state)).toBeNull();
  });

  it('keeps a merged reward as it was sent', () => {
    const [reward] = mergeOwnedRewards(
      [{ item: 'Draught Beer', quantity: 1, timestamp: 9, voucherCode: 'QQ-1', redeemed: false }],
      [beer],
    );
    expect(readOwnedRewardState({ reward })).toEqual(reward);
  });

  it('fills in what a bare reward lacks', () => {
    expect(
      readOwnedRewardState({ reward: { item: 'Voyage Wifi', vouchers: [{ code: 'QQ-2', redeemed: true }, 'junk'] } }),
    ).toEqual({
      item: 'Voyage Wifi',
      quantity: 1,
      timestamp: null,
      description: 'You own Voyage Wifi',
      vouchers: [{ code: 'QQ-2', redeemed: true }],
    });
  });
});
