// The signed-in screens' texts (catalog `game`, decision 037): English comes with the signed-in chunk, the
// visitor's language is loaded before that chunk's screens render (top-level await), so the first screen
// (welcome) carries only the `start` catalog.
import { messages as en } from '../locales/en/game';
import { addCatalog } from './i18n';

await addCatalog({
  en,
  others: {
    'zh-Hans': () => import('../locales/zh-Hans/game'),
    ms: () => import('../locales/ms/game'),
    ta: () => import('../locales/ta/game'),
  },
});
