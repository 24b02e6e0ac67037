// Chooses the ducks of a spin from the campaign's weights with a cryptographic random source.
import { randomInt } from 'node:crypto';
import { MAX_DUCKS, MIN_DUCKS } from '@quackquest/contract';

export type RandomInt = (maxExclusive: number) => number;

/** Weights are {"1": 35, "2": 25, ...}; fractional weights are scaled so every one keeps its share. */
export function chooseDucks(weights: Record<string, number>, random: RandomInt = randomInt): number {
  const entries: [number, number][] = [];
  for (let ducks = MIN_DUCKS; ducks <= MAX_DUCKS; ducks++) {
    const weight = weights[String(ducks)] ?? 0;
    if (weight > 0) entries.push([ducks, Math.round(weight * 1000)]);
  }
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  if (total <= 0) return MIN_DUCKS;
  let roll = random(total);
  for (const [ducks, weight] of entries) {
    if (roll < weight) return ducks;
    roll -= weight;
  }
  return entries[entries.length - 1]![0];
}
