// The languages of the visitor app, the server's answers and e-mails, and the packs' translations (decision 037):
// this list is the one place a language is added, with its catalogs (apps/web/src/locales/<language>/), its
// e-mail words (TypeScript asks for them: they are typed by this list) and the packs' translations.
export const LANGUAGES = ['en', 'zh-Hans', 'ms', 'ta'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The languages a pack may translate itself into: every one but English, the pack's own. */
export type PackLanguage = Exclude<Language, 'en'>;
export const PACK_LANGUAGES = LANGUAGES.filter((language): language is PackLanguage => language !== 'en');

/** Each language in its own words, for the picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-Hans': '简体中文',
  ms: 'Bahasa Melayu',
  ta: 'தமிழ்',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Pure: the first of `tags` (BCP 47, as a browser or an Accept-Language header gives them) that is one of ours, by
 * its primary subtag (`zh-TW` and `zh` are Simplified Chinese, `en-GB` English); undefined when none is.
 */
export function matchLanguage(tags: readonly (string | undefined)[]): Language | undefined {
  for (const tag of tags) {
    const base = tag?.trim().toLowerCase().split('-')[0];
    const found = base && LANGUAGES.find((language) => language.toLowerCase().split('-')[0] === base);
    if (found) return found;
  }
  return undefined;
}
