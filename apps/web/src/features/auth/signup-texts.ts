// The sign-up screens' texts (catalog `signup`, decision 037): English comes with the sign-up chunks, the
// visitor's language is loaded as they run and the sign-up routes wait for it; the welcome screen does not carry them.
import { messages as en } from '../../locales/en/signup';
import type { Messages } from '@lingui/core';
import { addCatalog, catalogLoaders } from '../../lib/i18n';

/** Settles when the visitor's language of these texts is there. */
export const signupTextsLoaded = addCatalog({
  en,
  others: catalogLoaders(
    import.meta.glob<{ messages: Messages }>([
      '../../locales/*/signup.ts',
      '!../../locales/en/signup.ts',
      '!../../locales/pseudo/*',
    ]),
    'signup',
  ),
});
