import type { Checkpoint } from '@quackquest/contract/core';
import { describe, expect, it } from 'vitest';
import { noticeText, resultBanner, resultText, rowLook } from './checkpoint-result';
import { orderCheckpoints } from './checkpoint-state';

const NOW = 1_800_000_000;
const checkpoint = (over: Partial<Checkpoint>): Checkpoint => ({
  checkpointId: 'day-04-deck-selfie',
  title: 'Deck Selfie',
  subtitle: '',
  sequence: 4,
  type: 'Upload',
  imgId: null,
  mcqChoices: null,
  startTime: NOW - 100,
  endTime: NOW + 100,
  maxAttempts: 1,
  attempts: 0,
  completed: false,
  result: 'none',
  reviewReason: null,
  ducks: null,
  ...over,
});
const look = (over: Partial<Checkpoint>) => rowLook(orderCheckpoints([checkpoint(over)], NOW)[0]!, NOW);

describe('a row tells a completed checkpoint from a failed one', () => {
  it('completed (attempts used up): its title, a tick, the ducks, and it opens', () => {
    expect(look({ type: 'MCQ', attempts: 1, completed: true, result: 'completed', ducks: 3 })).toMatchObject({
      title: 'Deck Selfie',
      tick: true,
      locked: false,
      note: 'Completed: +3 ducks',
      opens: true,
    });
  });
  it('used up without success: "Locked", no tick, the maximum-attempts alert', () => {
    expect(look({ type: 'MCQ', attempts: 1, result: 'usedUp' })).toMatchObject({
      title: 'Locked',
      tick: false,
      locked: true,
      note: 'No attempts left',
      opens: false,
      explain: 'You have reached the maximum attempts (1) for this checkpoint. Please try a different checkpoint.',
    });
  });
  it('in review, approved, rejected with the reason', () => {
    expect(look({ attempts: 1, completed: true, result: 'inReview', ducks: 2 })).toMatchObject({
      note: 'In review: 2 ducks pending',
      tick: false,
      opens: true,
    });
    expect(look({ attempts: 1, completed: true, result: 'approved', ducks: 1 })).toMatchObject({
      note: 'Approved: +1 duck',
      tick: true,
    });
    expect(look({ result: 'rejected', reviewReason: 'The photo is too dark or blurry.' })).toMatchObject({
      note: 'Not approved: The photo is too dark or blurry.',
      tone: 'bad',
      opens: true,
    });
  });
  it('not yet unlocked keeps its unlock text', () => {
    expect(look({ startTime: NOW + 86_400 })).toMatchObject({ note: 'Unlocks in 1 day', opens: false });
  });
});

describe('texts', () => {
  it('the screen keeps the original words for completed and used up', () => {
    expect(resultBanner(checkpoint({ result: 'completed', ducks: null }))).toBe('You have already completed this checkpoint.');
    expect(resultBanner(checkpoint({ result: 'usedUp', maxAttempts: 2 }))).toBe(
      'You have reached the maximum attempts (2) for this checkpoint. Please try a different checkpoint.',
    );
    expect(resultBanner(checkpoint({ result: 'rejected', reviewReason: 'Not appropriate for the festival.' }))).toBe(
      'Your photo was not approved: Not appropriate for the festival.',
    );
    expect(resultText(checkpoint({ result: 'none' }))).toBe('');
  });
  it('a notice names the checkpoint, the decision and the ducks', () => {
    const base = { type: 'Upload' as const, checkpointTitle: 'Deck Selfie', reason: null };
    expect(noticeText({ ...base, decision: 'approved', ducks: 3 })).toBe('Your photo for Deck Selfie was approved: +3 ducks');
    expect(noticeText({ ...base, decision: 'approved', ducks: null })).toBe(
      'Your photo for Deck Selfie was approved. Spin the wheel for your ducks.',
    );
    expect(noticeText({ ...base, type: 'Str', decision: 'rejected', ducks: 2, reason: 'The answer is not right.' })).toBe(
      'Your answer for Deck Selfie was not approved: The answer is not right.',
    );
    expect(noticeText({ ...base, decision: 'rejected', ducks: null })).toBe('Your photo for Deck Selfie was not approved.');
  });
});
