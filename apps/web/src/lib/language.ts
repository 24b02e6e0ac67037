// Changing the app's language (decision 037): its catalogs (lib/i18n.ts) and, for a language other than English,
// what else it brings, loaded only then (lib/other-language.ts: the server's refusals in its words, its script's
// fonts). Apart from lib/i18n.ts, which the refusals' words themselves use (lib/server-texts.ts).
import { type AppLocale, type Locale, loadLocale, showLocale } from './i18n';
import { keys, write } from './storage';

/** The latest change of language, settled once the app speaks it (or failed to load it). */
let switching: Promise<unknown> = Promise.resolve();

/**
 * Settles when the language being switched to is the app's, or failed to load: a call whose answer is in the
 * visitor's language (Accept-Language) made before that would come in the previous one.
 */
export function languageSettled(): Promise<unknown> {
  return switching;
}

/** Loads the language's catalogs in use (once each) and makes it the app's; `<html lang>` follows. */
export function activateLocale(locale: AppLocale): Promise<void> {
  const done = switchTo(locale);
  switching = done.catch(() => undefined);
  return done;
}

async function switchTo(locale: AppLocale): Promise<void> {
  await Promise.all([
    loadLocale(locale),
    // Not needed, nor loaded, in English, which keeps them off the first screen.
    locale === 'en' ? undefined : import('./other-language').then((module) => module.prepareLanguage(locale)),
  ]);
  showLocale(locale);
}

/** The visitor's choice in the picker: kept for the next visit. */
export async function chooseLocale(locale: Locale): Promise<void> {
  write(keys.language, locale);
  await activateLocale(locale);
}
