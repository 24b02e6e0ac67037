import { describe, expect, it } from 'vitest';
import { REVIEW_REASONS, reviewReasonsFor } from './constants';

describe('the reasons offered to reject answers fit their type (issue 28 part 4)', () => {
  it('a photo gets the photo reasons, a text answer the text ones', () => {
    expect(reviewReasonsFor(['Upload'])).toEqual([
      'The photo does not show the task.',
      'The photo is too dark or blurry.',
      'Not appropriate for the festival.',
    ]);
    expect(reviewReasonsFor(['Str'])).toEqual(['The answer is not right.', 'Not appropriate for the festival.']);
  });

  it('answers of both types rejected together get only the reasons that fit both', () => {
    expect(reviewReasonsFor(['Str', 'Upload', 'Str'])).toEqual(['Not appropriate for the festival.']);
  });

  it('every ready-made reason fits some type', () => {
    const offered = new Set([...reviewReasonsFor(['Upload']), ...reviewReasonsFor(['Str'])]);
    expect([...offered].sort()).toEqual([...REVIEW_REASONS].sort());
  });
});
