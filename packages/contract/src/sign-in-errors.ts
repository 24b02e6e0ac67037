// The codes the Google callback puts in `/login?error=`: the web app shows the known message of a known
// code and a generic one otherwise, never the address's own text (docs/product.md §2.5).
import { authMessages } from './messages';

const SIGN_IN_ERRORS = {
  google_failed: authMessages.googleFailed,
  not_configured: authMessages.googleNotConfigured,
} as const;

export type SignInErrorCode = keyof typeof SIGN_IN_ERRORS;

/** The message for a `/login?error=` code; any unknown text gets the generic Google failure. */
export function signInErrorMessage(code: string): string {
  return Object.hasOwn(SIGN_IN_ERRORS, code) ? SIGN_IN_ERRORS[code as SignInErrorCode] : authMessages.googleFailed;
}
