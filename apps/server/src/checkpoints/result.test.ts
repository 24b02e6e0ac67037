import { describe, expect, it } from 'vitest';
import { checkpointResult } from './result';

const facts = (attempts: number, completed: boolean, review: 'pending' | 'approved' | 'rejected' | null = null) => ({
  attempts,
  completed,
  review,
});

describe('checkpointResult', () => {
  it('nothing yet, or wrong answers with tries left', () => {
    expect(checkpointResult(facts(0, false), 0)).toBe('none');
    expect(checkpointResult(facts(1, false), 2)).toBe('none');
  });
  it('a completed checkpoint is completed even when its attempts are used up (not "used up")', () => {
    expect(checkpointResult(facts(1, true), 1)).toBe('completed');
  });
  it('every attempt used without success is used up', () => {
    expect(checkpointResult(facts(2, false), 2)).toBe('usedUp');
  });
  it('a text or photo answer: in review, approved, rejected', () => {
    expect(checkpointResult(facts(1, true, 'pending'), 1)).toBe('inReview');
    expect(checkpointResult(facts(1, true, 'approved'), 1)).toBe('approved');
    expect(checkpointResult(facts(0, false, 'rejected'), 1)).toBe('rejected');
  });
});
