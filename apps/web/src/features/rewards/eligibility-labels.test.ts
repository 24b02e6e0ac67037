import { describe, expect, it } from 'vitest';
import { eligibilityLabel } from './eligibility-labels';

describe('eligibilityLabel', () => {
  it.each([
    ['owners', 'cabin owners only'],
    ['non-owners', 'for visitors without a cabin'],
    ['everyone', undefined],
  ] as const)('%s: %s', (eligibility, label) => {
    expect(eligibilityLabel(eligibility)).toBe(label);
  });

  it('takes the labels a campaign gives', () => {
    const labels = { owners: 'pass holders only', 'non-owners': 'for day visitors' };
    expect(eligibilityLabel('owners', labels)).toBe('pass holders only');
    expect(eligibilityLabel('everyone', labels)).toBeUndefined();
  });
});
