// The verifiable wheel (decision 082): how a spin's ducks follow from the day's secret seed, the visitor's own seed and
// the spin's number, so that anyone holding the three can work them out again. The server does the same in SQL
// (apps/server/src/spin/qq_wheel_ducks.sql); the app's check page and `ops wheel:verify` use this file.
//
// The procedure, as the check page publishes it:
// 1. Before a day, the server publishes SHA-256 of the day's seed (64 hex digits, hashed as text) and the day's odds:
//    a whole weight for 1, 2, 3, 4 and 5 ducks.
// 2. A spin hashes "<day seed>:<visitor seed>:<spin number>" with SHA-256.
// 3. Its first 13 hex digits, read as a number, modulo the sum of the weights, give a roll.
// 4. Going from 1 duck up, the roll lands in the first weight it is below, taking each weight off as it passes.
import { MAX_DUCKS, MIN_DUCKS } from './constants';

/** A visitor's own seed: letters, digits, "-" and "_" (no ":", which separates the parts of what is hashed). */
export const WHEEL_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A day's odds: the whole weight of each number of ducks, index 0 for one duck. */
export type WheelOdds = number[];

/** The pack's weights ({"1": 35, "2": 25.5, ...}) as whole odds: each times 1000, rounded, so a fraction keeps its share. */
export function wheelOdds(weights: Record<string, number>): WheelOdds {
  const odds: WheelOdds = [];
  for (let ducks = MIN_DUCKS; ducks <= MAX_DUCKS; ducks++)
    odds.push(Math.max(0, Math.round((weights[String(ducks)] ?? 0) * 1000)));
  return odds;
}

/** Where a roll (0 <= roll < the odds' sum) lands. */
export function ducksForRoll(odds: WheelOdds, roll: number): number {
  let rest = roll;
  for (let i = 0; i < odds.length; i++) {
    const weight = odds[i]!;
    if (weight <= 0) continue;
    if (rest < weight) return MIN_DUCKS + i;
    rest -= weight;
  }
  return MIN_DUCKS + odds.length - 1;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The roll of a spin: its hash's first 13 hex digits (52 bits, exact in a JavaScript number) modulo the odds' sum. */
export function rollOf(hashHex: string, odds: WheelOdds): number {
  const total = odds.reduce((sum, weight) => sum + weight, 0);
  return total > 0 ? Number.parseInt(hashHex.slice(0, 13), 16) % total : 0;
}

/** The ducks a spin must have won. */
export async function spinDucks(daySeed: string, visitorSeed: string, spinNumber: number, odds: WheelOdds): Promise<number> {
  const hash = await sha256Hex(`${daySeed}:${visitorSeed}:${spinNumber}`);
  return ducksForRoll(odds, rollOf(hash, odds));
}

/** Whether a revealed seed is the one committed to before its day. */
export async function seedMatches(daySeed: string, commitment: string): Promise<boolean> {
  return (await sha256Hex(daySeed)) === commitment;
}
