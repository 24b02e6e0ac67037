import { createHash } from 'node:crypto';
import { spinDucks } from '@quackquest/contract/wheel';
import { describe, expect, it } from 'vitest';
import { checkSpins, tally } from './wheel-check';

const ODDS = [35000, 25000, 20000, 12500, 7500];
const SEED = 'ab'.repeat(32);
const COMMITMENT = createHash('sha256').update(SEED).digest('hex');

async function spinOf(number: number, day = '2026-11-27', visitorSeed = 'mine') {
  return { number, day, visitorSeed, ducks: await spinDucks(SEED, visitorSeed, number, ODDS), spunAt: `${day}T10:00:00.000Z` };
}

describe('checking the spins in the browser', () => {
  it('confirms every spin of a day whose seed is shown, and names the one that was changed with what the wheel gives', async () => {
    const spins = [await spinOf(7), await spinOf(9), await spinOf(12, '2026-11-27', 'other')];
    const changed = spins[1]!.ducks === 5 ? 1 : spins[1]!.ducks + 1;
    spins[1] = { ...spins[1]!, ducks: changed };
    const [day] = await checkSpins([{ day: '2026-11-27', commitment: COMMITMENT, odds: ODDS, seed: SEED }], spins);
    expect(day!.seed).toBe('match');
    expect(day!.spins.map((s) => s.state)).toEqual(['match', 'mismatch', 'match']);
    expect(day!.spins[1]!.expected).toBe((await spinOf(9)).ducks);
    expect(tally([day!])).toEqual({ match: 2, mismatch: 1, waiting: 0 });
  });

  it("waits for a day's seed, and trusts no spin of a day whose seed is not the one committed to", async () => {
    const days = [
      { day: '2026-11-27', commitment: COMMITMENT, odds: ODDS, seed: 'cd'.repeat(32) },
      { day: '2026-11-28', commitment: COMMITMENT, odds: ODDS, seed: null },
    ];
    const checked = await checkSpins(days, [await spinOf(1), await spinOf(2, '2026-11-28'), await spinOf(3, '2026-11-29')]);
    // Newest day first; a day nothing was published for cannot be checked.
    expect(checked.map((d) => [d.day, d.seed])).toEqual([
      ['2026-11-29', 'mismatch'],
      ['2026-11-28', 'hidden'],
      ['2026-11-27', 'mismatch'],
    ]);
    expect(tally(checked)).toEqual({ match: 0, mismatch: 2, waiting: 1 });
  });
});
