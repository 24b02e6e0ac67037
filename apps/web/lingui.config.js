// Lingui's catalogs of the visitor app (decision 037): one PO file per language under src/locales/, with
// explicit message ids (no macro). `npm run i18n:compile --workspace apps/web` (also run before every build)
// compiles each into src/locales/<locale>/messages.ts; a text missing from a language gets the English one.
import { formatter } from '@lingui/format-po';

/** @type {import('@lingui/conf').LinguiConfig} */
export default {
  locales: ['en', 'zh-Hans', 'ms', 'ta'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['src'] }],
  compileNamespace: 'ts',
  // A msgid is the message's id (auth.signIn), not its English text.
  format: formatter({ explicitIdAsDefault: true }),
};
