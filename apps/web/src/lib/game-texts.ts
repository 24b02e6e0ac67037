// The signed-in screens' texts (catalog `game`, decision 037): English comes with the signed-in chunk (every module
// using these texts imports this one), the visitor's language is loaded as it runs and the signed-in layout waits
// for it (app/signed-in.tsx), so the first screen (welcome) carries only the `start` catalog.
import { messages as en } from '../locales/en/game';
import { addCatalog } from './i18n';

/** Settles when the visitor's language of these texts is there. */
export const gameTextsLoaded = addCatalog({
  en,
  others: {
    'zh-Hans': () => import('../locales/zh-Hans/game'),
    ms: () => import('../locales/ms/game'),
    ta: () => import('../locales/ta/game'),
  },
});
