// Where the wheel stops for a result (docs/product.md §5.5 and §8): five segments of 1 to 5 ducks, each with
// a centre angle; 6 points maps to segment 1; 4 to 6 full extra turns before landing. Pure, no I/O.

/** The ducks of each segment, clockwise from the pointer at the top. */
export const WHEEL_SEGMENTS = [1, 2, 3, 4, 5] as const;
export const SEGMENT_ANGLE = 360 / WHEEL_SEGMENTS.length;
const MIN_EXTRA_TURNS = 4;
const MAX_EXTRA_TURNS = 6;
export const SPIN_DURATION_MS = 3000;

/** A random number in [0, 1), like Math.random. */
export type Random = () => number;

/** The segment (1-5) a result lands on: 6 points (and anything off the wheel) maps to segment 1. */
export function segmentForResult(result: number): number {
  return Number.isInteger(result) && result >= 1 && result <= WHEEL_SEGMENTS.length ? result : 1;
}

/** Centre of a segment in degrees, clockwise from the top. */
export function segmentCentreAngle(segment: number): number {
  return (segment - 1) * SEGMENT_ANGLE + SEGMENT_ANGLE / 2;
}

/** Full extra turns, 4 to 6, picked by `random`. */
export function extraTurns(random: Random = Math.random): number {
  const span = MAX_EXTRA_TURNS - MIN_EXTRA_TURNS + 1;
  return MIN_EXTRA_TURNS + Math.min(span - 1, Math.max(0, Math.floor(random() * span)));
}

/**
 * The wheel's final rotation (degrees, clockwise, from rest at 0) that puts the result's segment centre
 * under the pointer at the top after the extra turns.
 */
export function finalAngle(result: number, random: Random = Math.random): number {
  const centre = segmentCentreAngle(segmentForResult(result));
  return extraTurns(random) * 360 + ((360 - centre) % 360);
}
