import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ducksForRoll, rollOf, seedMatches, sha256Hex, spinDucks, wheelOdds } from './wheel';

const ODDS = [35000, 25000, 20000, 12500, 7500];

describe('the wheel procedure', () => {
  it("takes the pack's weights as whole odds, a fraction keeping its share", () => {
    expect(wheelOdds({ '1': 35, '2': 25.5, '5': 0.0125 })).toEqual([35000, 25500, 0, 0, 13]);
  });

  it('lands a roll in the first weight it is below, skipping weights of 0', () => {
    expect([0, 34999, 35000, 59999, 60000, 79999, 80000, 92499, 92500, 99999].map((roll) => ducksForRoll(ODDS, roll))).toEqual([
      1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
    expect([0, 1, 2].map((roll) => ducksForRoll([1, 0, 2], roll))).toEqual([1, 3, 3]);
  });

  it("reads the hash's first 13 hex digits modulo the odds' sum", () => {
    // 2^52 - 1 = 4503599627370495, modulo 100000: 70495, which lands on 3 ducks.
    expect(rollOf('f'.repeat(64), ODDS)).toBe(70495);
    expect(rollOf(`0000000000001${'f'.repeat(51)}`, ODDS)).toBe(1);
  });

  it('hashes "<day seed>:<visitor seed>:<number>" with SHA-256, as any other SHA-256 does', async () => {
    const text = `${'ab'.repeat(32)}:Lucky-Duck_7:48213`;
    const hash = createHash('sha256').update(text).digest('hex');
    expect(await sha256Hex(text)).toBe(hash);
    expect(await spinDucks('ab'.repeat(32), 'Lucky-Duck_7', 48213, ODDS)).toBe(
      ducksForRoll(ODDS, Number.parseInt(hash.slice(0, 13), 16) % 100000),
    );
  });

  it('checks a seed against its commitment', async () => {
    const seed = 'cd'.repeat(32);
    const commitment = createHash('sha256').update(seed).digest('hex');
    expect(await seedMatches(seed, commitment)).toBe(true);
    expect(await seedMatches('ce'.repeat(32), commitment)).toBe(false);
  });
});
