import { describe, expect, it } from 'vitest';
import { extraTurns, finalAngle, segmentCentreAngle, segmentForResult } from './wheel-angle';

/** The segment under the top pointer once the wheel has turned `angle` degrees clockwise. */
function segmentUnderPointer(angle: number): number {
  const wheelAngleAtTop = (360 - (angle % 360)) % 360;
  return Math.floor(wheelAngleAtTop / 72) + 1;
}

describe('segmentForResult', () => {
  it.each([
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 4],
    [5, 5],
    [6, 1],
  ])('result %i lands on segment %i', (result, segment) => {
    expect(segmentForResult(result)).toBe(segment);
  });
});

describe('segmentCentreAngle', () => {
  it.each([
    [1, 36],
    [2, 108],
    [3, 180],
    [4, 252],
    [5, 324],
  ])('segment %i is centred at %i degrees', (segment, angle) => {
    expect(segmentCentreAngle(segment)).toBe(angle);
  });
});

describe('extraTurns', () => {
  it.each([
    [0, 4],
    [0.33, 4],
    [0.34, 5],
    [0.66, 5],
    [0.67, 6],
    [0.999999, 6],
    [1, 6],
  ])('random %f gives %i full turns', (random, turns) => {
    expect(extraTurns(() => random)).toBe(turns);
  });
});

describe('finalAngle', () => {
  it.each([
    [1, 0, 4 * 360 + 324],
    [2, 0, 4 * 360 + 252],
    [3, 0.5, 5 * 360 + 180],
    [4, 0.5, 5 * 360 + 108],
    [5, 0.9, 6 * 360 + 36],
    [6, 0.9, 6 * 360 + 324],
  ])('result %i with random %f stops at %i degrees', (result, random, angle) => {
    expect(finalAngle(result, () => random)).toBe(angle);
  });

  it.each([1, 2, 3, 4, 5, 6])('result %i stops with its segment centre under the pointer', (result) => {
    for (const random of [0, 0.5, 0.99]) {
      const angle = finalAngle(result, () => random);
      expect(segmentUnderPointer(angle)).toBe(result === 6 ? 1 : result);
      expect((angle % 360) % 72).toBe(36);
    }
  });

  it('always turns between 4 and 6 full turns plus less than one more', () => {
    for (let i = 0; i < 200; i++) {
      const angle = finalAngle(1 + (i % 6));
      expect(angle).toBeGreaterThanOrEqual(4 * 360);
      expect(angle).toBeLessThan(7 * 360);
    }
  });
});
