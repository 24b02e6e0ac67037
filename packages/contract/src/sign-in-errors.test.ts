import { describe, expect, it } from 'vitest';
import { authMessages } from './messages';
import { signInErrorMessage } from './sign-in-errors';

describe('signInErrorMessage', () => {
  it('shows the known message of a known code', () => {
    expect(signInErrorMessage('google_failed')).toBe(authMessages.googleFailed);
    expect(signInErrorMessage('not_configured')).toBe(authMessages.googleNotConfigured);
  });

  it('never shows the text of the address itself', () => {
    for (const text of ['Your account is locked. Call +1 555 0100 now', 'toString', '__proto__', '']) {
      expect(signInErrorMessage(text)).toBe(authMessages.googleFailed);
    }
  });
});
