import { afterEach, describe, expect, it, vi } from 'vitest';
import { spinFailure } from './spin-errors';

describe('spinFailure', () => {
  it.each([
    [
      '403: no completed checkpoint',
      { status: 403, code: 'spinWithoutCheckpoint', message: 'anything' },
      { message: 'You need to complete a checkpoint before spinning!', redirectTo: '/checkpoints' },
    ],
    [
      '403: the account is blocked',
      // The code decides, not the words (here a translation's).
      { status: 403, code: 'accountBlocked', message: 'Akaun ini telah disekat. Sila hubungi penganjur.' },
      { message: 'This account is blocked. Please contact the organisers.' },
    ],
    ['401: not logged in', { status: 401, message: '' }, { message: 'Please log in to spin the wheel', redirectTo: '/login' }],
    ['other failure with a message', { status: 500, message: 'Server is busy' }, { message: 'Server is busy' }],
    ['other failure without a message', { status: 400, message: '' }, { message: 'Failed to spin wheel' }],
    ['not an API error at all', {}, { message: 'Failed to spin wheel' }],
  ])('%s', (_, error, expected) => {
    expect(spinFailure(error)).toEqual(expected);
  });
});

describe('a spin that never reached the server (issue 30 part 4)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says "Network error" when the phone has no network', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(spinFailure({ status: 0, message: 'Failed to fetch' })).toEqual({ message: 'Network error. Please try again.' });
  });

  it('says the server is not answering when the phone is online', () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(spinFailure({ status: 0, message: 'Failed to fetch' })).toEqual({
      message: "The game's server is not answering. Please try again in a moment.",
    });
  });
});
