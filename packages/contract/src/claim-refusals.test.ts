import { describe, expect, it } from 'vitest';
import { CLAIM_REFUSALS, claimRefusal, foreseeClaimRefusal, isClaimRefusalCode } from './claim-refusals';

const NOW = 1_757_000_000;
const open = { price: 10, quantity: 5, startDate: null, endDate: null };

describe('CLAIM_REFUSALS', () => {
  it.each([
    ['blocked', 'forbidden', 'accountBlocked', 'This account is blocked. Please contact the organisers.'],
    ['unknown_reward', 'not_found', 'rewardNotFound', 'Reward not found.'],
    ['not_available', 'forbidden', 'rewardNotAvailable', 'This reward is not available at this time.'],
    ['sold_out', 'conflict', 'rewardSoldOut', 'Limit for this reward is reached.'],
    ['owners_only', 'forbidden', 'rewardOwnersOnly', 'This reward is for cabin owners only.'],
    ['non_owners_only', 'forbidden', 'rewardNonOwnersOnly', 'This reward is for visitors who do not have a cabin yet.'],
    ['limit_reached', 'conflict', 'rewardLimitReached', 'You have already claimed this reward as many times as allowed.'],
    ['not_enough_ducks', 'conflict', 'notEnoughDucks', 'You need 10 ducks to claim this reward. You currently have 3 ducks.'],
  ] as const)('%s: a %s refusal coded %s', (refusal, kind, code, message) => {
    expect(CLAIM_REFUSALS[refusal].kind).toBe(kind);
    expect(claimRefusal(refusal, { price: 10, ducks: 3 })).toMatchObject({ code, message });
  });

  it('knows only its own codes', () => {
    expect(isClaimRefusalCode('sold_out')).toBe(true);
    expect(isClaimRefusalCode('toString')).toBe(false);
    expect(isClaimRefusalCode(null)).toBe(false);
  });
});

describe('foreseeClaimRefusal: window, then stock, then balance', () => {
  it.each([
    ['claimable', open, 10, null],
    ['not yet open, sold out, no ducks', { ...open, quantity: 0, startDate: NOW + 1 }, 0, 'not_available'],
    ['ended at the previous second', { ...open, endDate: NOW - 1 }, 10, 'not_available'],
    ['open at its start and end seconds', { ...open, startDate: NOW, endDate: NOW }, 10, null],
    ['sold out, no ducks', { ...open, quantity: 0 }, 0, 'sold_out'],
    ['one duck short', open, 9, 'not_enough_ducks'],
  ] as const)('%s', (_, reward, ducks, expected) => {
    expect(foreseeClaimRefusal(reward, ducks, NOW)).toBe(expected);
  });
});

describe("foreseeClaimRefusal with the visitor's profile: eligibility and per-user limit, in the server's order", () => {
  const guest = { eligibleAs: 'non-owners', claimedOfThis: 0 } as const;
  const owner = { eligibleAs: 'owners', claimedOfThis: 0 } as const;
  it.each([
    ['for owners, a visitor without', { ...open, eligibility: 'owners' }, 10, guest, 'owners_only'],
    ['for owners, an owner', { ...open, eligibility: 'owners' }, 10, owner, null],
    ['for non-owners, an owner', { ...open, eligibility: 'non-owners' }, 10, owner, 'non_owners_only'],
    ['for everyone', { ...open, eligibility: 'everyone' }, 10, owner, null],
    ['stock before eligibility', { ...open, quantity: 0, eligibility: 'owners' }, 10, guest, 'sold_out'],
    ['eligibility before balance', { ...open, eligibility: 'owners' }, 0, guest, 'owners_only'],
    ['limit reached', { ...open, perUserLimit: 1 }, 10, { ...guest, claimedOfThis: 1 }, 'limit_reached'],
    ['limit before balance', { ...open, perUserLimit: 2 }, 0, { ...guest, claimedOfThis: 2 }, 'limit_reached'],
    ['under the limit', { ...open, perUserLimit: 2 }, 10, { ...guest, claimedOfThis: 1 }, null],
  ] as const)('%s', (_, reward, ducks, visitor, expected) => {
    expect(foreseeClaimRefusal(reward, ducks, NOW, visitor)).toBe(expected);
  });
});
