// The visitor app's language (decision 037): Lingui with catalogs compiled per language from src/locales/*.po.
// English is bundled (no extra request before the first screen); another language's catalog is loaded on
// demand, once. The choice is kept in localStorage (`language`, docs/product.md §3); without one the browser's
// languages are the first guess.
import { i18n } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { messages as en } from '../locales/en/messages';
import { keys, read, write } from './storage';

export const LOCALES = ['en', 'zh-Hans', 'ms', 'ta'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language in its own words, for the picker. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'zh-Hans': '简体中文', ms: 'Bahasa Melayu', ta: 'தமிழ்' };

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: typeof en }>> = {
  'zh-Hans': () => import('../locales/zh-Hans/messages'),
  ms: () => import('../locales/ms/messages'),
  ta: () => import('../locales/ta/messages'),
};

i18n.loadAndActivate({ locale: 'en', messages: en });
const loaded = new Set<Locale>(['en']);

/** A text of the catalogs by its id (src/locales/en/messages.po), in the visitor's language. */
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

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Pure: the stored choice, else the first of the browser's languages we have (zh-* is Simplified Chinese), else English. */
export function pickLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'zh') return 'zh-Hans';
    if (base === 'ms' || base === 'ta' || base === 'en') return base;
  }
  return 'en';
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : 'en';
}

/** Loads the language's catalog (once) and makes it the app's; `<html lang>` follows. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (locale !== 'en' && !loaded.has(locale)) {
    i18n.load(locale, (await loaders[locale]()).messages);
    loaded.add(locale);
  }
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

/** The visitor's choice in the picker: kept for the next visit. */
export async function chooseLocale(locale: Locale): Promise<void> {
  write(keys.language, locale);
  await activateLocale(locale);
}

/** The language the app starts in. */
export function initialLocale(): Locale {
  return pickLocale(read(keys.language), typeof navigator === 'undefined' ? [] : navigator.languages);
}

/** Calls `listener` after each change of language; returns the unsubscribe. */
export function onLocaleChange(listener: () => void): () => void {
  return i18n.on('change', listener);
}

/** The active language; a component using it renders again when the visitor picks another. */
export function useLocale(): Locale {
  return useSyncExternalStore(onLocaleChange, currentLocale);
}
