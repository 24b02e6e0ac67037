import { describe, expect, it } from 'vitest';
import { chooseDucks } from './wheel';

describe('chooseDucks', () => {
  const weights = { '1': 35, '2': 25, '3': 20, '4': 12, '5': 8 };

  it.each([
    [0, 1],
    [34_999, 1],
    [35_000, 2],
    [59_999, 2],
    [60_000, 3],
    [80_000, 4],
    [92_000, 5],
    [99_999, 5],
  ])('roll %i of 100000 gives %i ducks', (roll, ducks) => {
    expect(chooseDucks(weights, () => roll)).toBe(ducks);
  });

  it('never picks a segment whose weight is 0', () => {
    const only3 = { '1': 0, '2': 0, '3': 1, '4': 0, '5': 0 };
    for (let i = 0; i < 50; i++) expect(chooseDucks(only3)).toBe(3);
  });

  it('follows the weights over many spins', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 20_000; i++) counts[chooseDucks(weights)]! += 1;
    // 35% expected for 1 duck, 8% for 5: far apart enough to be stable with 20k draws.
    expect(counts[1]! / 20_000).toBeGreaterThan(0.32);
    expect(counts[1]! / 20_000).toBeLessThan(0.38);
    expect(counts[5]! / 20_000).toBeGreaterThan(0.06);
    expect(counts[5]! / 20_000).toBeLessThan(0.1);
  });
});
