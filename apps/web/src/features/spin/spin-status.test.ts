import { describe, expect, it } from 'vitest';
import { resumedResult, spinStatusTexts } from './spin-status';

const last = { duckPointsAwarded: 4, message: 'You won 4 Duck Point(s)!', pending: false, spunAt: '2026-11-23T10:00:05.000Z' };

describe('a reload during the spin shows the result already awarded', () => {
  it('shows the last spin when it is newer than the one known before spinning', () => {
    expect(resumedResult('2026-11-23T09:00:00.000Z', { spinsLeft: 0, last })).toEqual({
      duckPointsAwarded: 4,
      message: 'You won 4 Duck Point(s)!',
      pending: false,
    });
    expect(resumedResult('', { spinsLeft: 0, last })).toMatchObject({ duckPointsAwarded: 4 });
  });
  it('shows nothing when no spin was in progress, or the spin never reached the server', () => {
    expect(resumedResult(null, { spinsLeft: 0, last })).toBeNull();
    expect(resumedResult(last.spunAt, { spinsLeft: 1, last })).toBeNull();
    expect(resumedResult('', { spinsLeft: 1, last: null })).toBeNull();
  });
  it('counts the spins', () => {
    expect(spinStatusTexts.spinsLeft(1)).toBe('You have 1 spin.');
    expect(spinStatusTexts.spinsLeft(3)).toBe('You have 3 spins.');
  });
});
