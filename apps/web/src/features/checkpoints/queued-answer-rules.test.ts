import { describe, expect, it } from 'vitest';
import { keepsForLater } from './queued-answer-rules';

describe('keepsForLater', () => {
  it.each([
    [0, 'no signal'],
    [401, 'the session must be renewed'],
    [408, 'the server timed out reading it'],
    [429, 'too many requests'],
    [500, 'the server failed'],
    [502, 'the proxy found no server'],
    [503, 'the server is starting'],
  ])('keeps the answer on %i (%s)', (status) => {
    expect(keepsForLater(status)).toBe(true);
  });

  it.each([
    [400, 'a malformed answer'],
    [403, 'the checkpoint has ended, or no attempts are left'],
    [404, 'no such checkpoint'],
    [409, 'the checkpoint is already completed'],
    [422, 'the key was used for another answer'],
  ])('lets go of the answer on %i (%s): the server has judged it', (status) => {
    expect(keepsForLater(status)).toBe(false);
  });
});
