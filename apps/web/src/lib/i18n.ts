// The visitor app's language (decision 037): Lingui with catalogs compiled per language from src/locales/*/*.po.
// Two catalogs per language: `start` (the screens before signing in) comes with the first screen, English
// bundled; `game` (the signed-in screens) comes with the signed-in chunk (lib/game-texts.ts). Another language's
// catalogs are loaded on demand, once each. The choice is kept in localStorage (`language`, docs/product.md §3);
// without one the browser's languages are the first guess.
import {
  LANGUAGES,
  LANGUAGE_NAMES,
  type Language,
  PACK_LANGUAGES,
  type PackLanguage,
  isLanguage,
  matchLanguage,
} from '@quackquest/contract/core';
import { type Messages, i18n } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { messages as startEn } from '../locales/en/start';
import { keys, read } from './storage';

/** The contract's list (packages/contract/src/languages.ts): adding a language is an edit there and its catalogs. */
export const LOCALES = LANGUAGES;
export type Locale = Language;

/** Each language in its own words, for the picker. */
export const LOCALE_NAMES = LANGUAGE_NAMES;

/**
 * Lingui's pseudo-locale (lingui.config.ts, decision 050): every English text with accented letters, so a journey
 * can see any text that does not come from the catalogs. Only a build made with VITE_PSEUDO_LOCALE=1 (the journeys')
 * has its catalogs and lets `language=pseudo` in localStorage choose it; it is never in the picker, and a production
 * build has neither its catalogs nor their chunks (the glob below is dropped with its branch).
 */
export const PSEUDO_LOCALE = 'pseudo';
/** A language of the app, or the pseudo-locale of a test build. */
export type AppLocale = Locale | typeof PSEUDO_LOCALE;

type Loader = () => Promise<{ messages: Messages }>;

/** One catalog: English (bundled with the code that needs it) and a loader per other language. */
export interface Catalog {
  en: Messages;
  others: Record<PackLanguage, Loader> & { [PSEUDO_LOCALE]?: Loader };
}

type CatalogFiles = Record<string, Loader>;

const pseudoFiles: CatalogFiles =
  import.meta.env.VITE_PSEUDO_LOCALE === '1' ? import.meta.glob<{ messages: Messages }>('../locales/pseudo/*.ts') : {};

/**
 * A catalog's loaders for every language but English, from Vite's glob of its compiled files
 * (`import.meta.glob('../locales/*\/game.ts')`): a new language of the contract's list needs no edit here.
 */
export function catalogLoaders(files: CatalogFiles, name: string): Catalog['others'] {
  const others = {} as Catalog['others'];
  for (const language of PACK_LANGUAGES) {
    const file = Object.keys(files).find((path) => path.endsWith(`/${language}/${name}.ts`));
    if (!file) throw new Error(`No ${name} catalog for ${language}: run npm run i18n:compile -w apps/web`);
    others[language] = files[file]!;
  }
  // In a build with the pseudo-locale only: in production this is dropped whole.
  if (import.meta.env.VITE_PSEUDO_LOCALE === '1') others[PSEUDO_LOCALE] = pseudoFiles[`../locales/${PSEUDO_LOCALE}/${name}.ts`];
  return others;
}

/** The catalogs in use, each with the languages already loaded. */
const catalogs = new Map<Catalog, Set<AppLocale>>();
/** The language being switched to (or the active one): a catalog put in use meanwhile loads it too. */
let target: AppLocale = 'en';

async function loadCatalog(catalog: Catalog, locale: AppLocale): Promise<void> {
  const loaded = catalogs.get(catalog)!;
  if (loaded.has(locale) || locale === 'en') return;
  i18n.load(locale, (await catalog.others[locale]!()).messages);
  loaded.add(locale);
}

/**
 * Puts a catalog in use (once): its English texts now, the visitor's language's when loaded; a later change of
 * language loads it too. The texts of a chunk are there before that chunk's screens render if the chunk awaits this.
 */
export async function addCatalog(catalog: Catalog): Promise<void> {
  if (!catalogs.has(catalog)) {
    catalogs.set(catalog, new Set(['en']));
    i18n.load('en', catalog.en);
  }
  // Not only the active language: a chunk can run while the first language is still loading (routes.tsx
  // asks for the signed-in chunk before main.tsx activates the visitor's language).
  await loadCatalog(catalog, target);
}

const startCatalog: Catalog = {
  en: startEn,
  others: catalogLoaders(
    import.meta.glob<{ messages: Messages }>(['../locales/*/start.ts', '!../locales/en/start.ts', '!../locales/pseudo/*']),
    'start',
  ),
};

i18n.loadAndActivate({ locale: 'en', messages: startEn });
catalogs.set(startCatalog, new Set(['en']));

/** A text of the catalogs by its id (src/locales/en/*.po), in the visitor's language. */
export function t(id: string, values?: Record<string, unknown>): string {
  return i18n._(id, values);
}

/**
 * An object whose every property reads its text from the catalogs when it is read (`prefix.key`), so the
 * `*-texts.ts` objects keep their shape and follow the visitor's language.
 */
export function catalogTexts<const K extends string>(prefix: string, names: readonly K[]): Readonly<Record<K, string>> {
  const texts = {} as Record<K, string>;
  for (const name of names) Object.defineProperty(texts, name, { enumerable: true, get: () => t(`${prefix}.${name}`) });
  return texts;
}

export const isLocale = isLanguage;

/** Pure: the stored choice, else the first of the browser's languages we have (zh-* is Simplified Chinese), else English. */
export function pickLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  return matchLanguage(browserLanguages) ?? 'en';
}

/** The app's language; English's rules (dates, the server's answers, the pack's words) in the pseudo-locale. */
export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : 'en';
}

/** Whether the catalogs in use have this id (a text of a catalog not loaded yet has not). */
export function hasText(id: string): boolean {
  return i18n.messages[id] !== undefined;
}

/**
 * Loads the language's catalogs in use (once each), and makes it the one a catalog put in use from now on loads too;
 * lib/language.ts then makes it the app's (`showLocale`), with what else another language brings.
 */
export async function loadLocale(locale: AppLocale): Promise<void> {
  target = locale;
  await Promise.all([...catalogs.keys()].map((catalog) => loadCatalog(catalog, locale)));
}

/** Makes a loaded language the app's; `<html lang>` follows. */
export function showLocale(locale: AppLocale): void {
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** The language the app starts in (the pseudo-locale only in a build that has it). */
export function initialLocale(): AppLocale {
  const stored = read(keys.language);
  if (import.meta.env.VITE_PSEUDO_LOCALE === '1' && stored === PSEUDO_LOCALE) return PSEUDO_LOCALE;
  return pickLocale(stored, typeof navigator === 'undefined' ? [] : navigator.languages);
}

/** Calls `listener` after each change of language (not when a catalog loads); returns the unsubscribe. */
export function onLocaleChange(listener: () => void): () => void {
  let last = currentLocale();
  return i18n.on('change', () => {
    const now = currentLocale();
    if (now === last) return;
    last = now;
    listener();
  });
}

/** The active language; a component using it renders again when the visitor picks another. */
export function useLocale(): Locale {
  return useSyncExternalStore(onLocaleChange, currentLocale);
}
