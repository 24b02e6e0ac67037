// Sign-in and sign-up texts of docs/product.md §2, §6 and §7 that only the web app shows. The texts the
// server sends too live in '@quackquest/contract/core' (authMessages).

// The English words are in src/locales/en/start.po under auth.<name> (decision 037).
export const authTexts = catalogTexts('auth', [
  'authenticationFailed',
  'signupFailed',
  'providerSignupFailed',
  'googleSignupFailed',
  'alreadyRegistered',
  'noProviderUser',
  'confirmEmail',
  'signupLinkSent',
  'signupLinkHint',
  'haveCode',
  'signInWithGoogle',
  'signingIn',
  'cancel',
]);
import { catalogTexts } from '../../lib/i18n';

/** The form's field labels (docs/product.md §2.3). */
export const fieldLabels = catalogTexts('auth.field', ['email', 'fullName', 'phone', 'instagram']);

/** docs/product.md §8: the provider sign-up error path redirects to /login after 3000 ms. */
export const REDIRECT_TO_LOGIN_MS = 3000;
