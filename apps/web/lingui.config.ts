// Lingui's catalogs of the visitor app (decision 037): two PO files per language under src/locales/<locale>/, with
// explicit message ids (no macro): start.po (what a visitor can see before signing in: welcome, sign-in, sign-up,
// terms, errors; loaded before the first screen) and game.po (the signed-in screens; loaded with them).
// `npm run i18n:compile --workspace apps/web` (also run before every build) compiles each into a .ts beside it;
// a text missing from a language gets the English one.
import { formatter } from '@lingui/format-po';
// The contract's one list of languages (read by Lingui through jiti, as TypeScript).
import { LANGUAGES } from '../../packages/contract/src/languages';

/**
 * Lingui's pseudo-locale (decision 050): every English text with its letters accented (`Ĺōàďĩńĝ...`), compiled into
 * src/locales/pseudo/*.ts from the English catalogs (it has no PO files of its own). Not a language of the contract:
 * only a build made with VITE_PSEUDO_LOCALE=1 (the journeys') can load it (lib/i18n.ts).
 */
export const PSEUDO_LOCALE = 'pseudo';

export default {
  locales: [...LANGUAGES, PSEUDO_LOCALE],
  pseudoLocale: PSEUDO_LOCALE,
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/start', include: ['src'] },
    { path: '<rootDir>/src/locales/{locale}/signup', include: ['src'] },
    { path: '<rootDir>/src/locales/{locale}/game', include: ['src'] },
    // The server's refusals in English (`server.<code>`), only for the pseudo-locale: English shows them as the server
    // sends them, and the other languages keep theirs in the three catalogs above (decisions 048, 050).
    { path: '<rootDir>/src/locales/{locale}/server', include: ['src'] },
  ],
  compileNamespace: 'ts',
  // A msgid is the message's id (auth.signIn), not its English text.
  format: formatter({ explicitIdAsDefault: true }),
};
