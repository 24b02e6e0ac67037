// The sign-up screens' texts (catalog `signup`, decision 037): English comes with the sign-up chunks, the
// visitor's language is loaded before they render (top-level await); the welcome screen does not carry them.
import { messages as en } from '../../locales/en/signup';
import { addCatalog } from '../../lib/i18n';

await addCatalog({
  en,
  others: {
    'zh-Hans': () => import('../../locales/zh-Hans/signup'),
    ms: () => import('../../locales/ms/signup'),
    ta: () => import('../../locales/ta/signup'),
  },
});
