// The sign-up screens' texts (catalog `signup`, decision 037): English comes with the sign-up chunks, the
// visitor's language is loaded as they run and the sign-up routes wait for it; the welcome screen does not carry them.
import { messages as en } from '../../locales/en/signup';
import { addCatalog } from '../../lib/i18n';

/** Settles when the visitor's language of these texts is there. */
export const signupTextsLoaded = addCatalog({
  en,
  others: {
    'zh-Hans': () => import('../../locales/zh-Hans/signup'),
    ms: () => import('../../locales/ms/signup'),
    ta: () => import('../../locales/ta/signup'),
  },
});
