// The codes the Google callback puts in `/login?error=`: the web app shows the known message of a known
// code and a generic one otherwise, never the address's own text (docs/product.md §2.5).
import { authMessages } from './messages';

/** Each code's sentence, by its code in the API's refusals (errors.ts). */
const SIGN_IN_ERRORS = {
  google_failed: 'googleFailed',
  not_configured: 'googleNotConfigured',
} as const;

export type SignInErrorCode = keyof typeof SIGN_IN_ERRORS;

/** The sentence's code for a `/login?error=` code; any unknown text gets the generic Google failure. */
export function signInErrorText(code: string): (typeof SIGN_IN_ERRORS)[SignInErrorCode] {
  return Object.hasOwn(SIGN_IN_ERRORS, code) ? SIGN_IN_ERRORS[code as SignInErrorCode] : 'googleFailed';
}

/** The message for a `/login?error=` code; any unknown text gets the generic Google failure. */
export function signInErrorMessage(code: string): string {
  return authMessages[signInErrorText(code)];
}
