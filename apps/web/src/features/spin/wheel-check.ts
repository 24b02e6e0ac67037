// The wheel's check page (decision 082): every spin of the visitor worked out again in the browser from the day's seed
// (once shown), their seed and the spin's number, with the published procedure (packages/contract/src/wheel.ts), and
// each day's seed checked against the fingerprint published before the day. Nothing here trusts the server's ducks.
import type { WheelDay, WheelSpins } from '@quackquest/contract/core';
import { seedMatches, spinDucks } from '@quackquest/contract/wheel';

export type SpinState = 'match' | 'mismatch' | 'waiting';

export interface SpinCheck {
  number: number;
  ducks: number;
  visitorSeed: string;
  state: SpinState;
  /** What the wheel gives, once the day's seed is shown. */
  expected?: number;
}

export interface DayCheck {
  day: string;
  /** Null when no fingerprint was published for the day: its spins cannot be checked and count as not matching. */
  commitment: string | null;
  odds: number[];
  seed: 'hidden' | 'match' | 'mismatch';
  spins: SpinCheck[];
}

/** The days the visitor spun on, newest first, each spin checked. */
export async function checkSpins(days: WheelDay[], spins: WheelSpins['spins']): Promise<DayCheck[]> {
  const byDay = new Map(days.map((day) => [day.day, day]));
  const spinDays = [...new Set(spins.map((spin) => spin.day))].sort().reverse();
  return Promise.all(
    spinDays.map(async (dayName): Promise<DayCheck> => {
      const day = byDay.get(dayName);
      const own = spins.filter((spin) => spin.day === dayName).sort((a, b) => a.number - b.number);
      if (!day) {
        const unchecked = own.map((spin) => ({ ...spin, state: 'mismatch' as const }));
        return { day: dayName, commitment: null, odds: [], seed: 'mismatch', spins: unchecked };
      }
      const { seed } = day;
      if (seed === null) {
        const waiting = own.map((spin) => ({ ...spin, state: 'waiting' as const }));
        return { day: dayName, commitment: day.commitment, odds: day.odds, seed: 'hidden', spins: waiting };
      }
      const checked = await Promise.all(
        own.map(async (spin) => {
          const expected = await spinDucks(seed, spin.visitorSeed, spin.number, day.odds);
          return { ...spin, expected, state: expected === spin.ducks ? ('match' as const) : ('mismatch' as const) };
        }),
      );
      const seedState = (await seedMatches(seed, day.commitment)) ? 'match' : 'mismatch';
      return { day: dayName, commitment: day.commitment, odds: day.odds, seed: seedState, spins: checked };
    }),
  );
}

/** How many spins match, do not, and wait for their day's seed (a spin of a day whose seed does not match counts as not). */
export function tally(days: DayCheck[]): Record<SpinState, number> {
  const counts = { match: 0, mismatch: 0, waiting: 0 };
  for (const day of days)
    for (const spin of day.spins) counts[day.seed === 'mismatch' && spin.state === 'match' ? 'mismatch' : spin.state]++;
  return counts;
}
