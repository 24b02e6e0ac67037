// The visitor app's words in each language, from the same compiled Lingui catalogs the app loads
// (apps/web/src/locales/<locale>/*.ts), so a journey can be written once and walked in every language:
// `words('ta')('auth.sendMagicLink')`; `words('pseudo')` is Lingui's pseudo-locale (decision 050).
import { type Messages, setupI18n } from '@lingui/core';
import { LANGUAGES, type Language } from '@quackquest/contract/core';

export type Locale = Language | 'pseudo';

const CATALOGS = ['start', 'signup', 'game'] as const;

async function messagesOf(locale: Locale): Promise<Messages> {
  const parts = await Promise.all(
    CATALOGS.map(async (name) => {
      const module = (await import(`../../apps/web/src/locales/${locale}/${name}.ts`)) as { messages: Messages };
      return module.messages;
    }),
  );
  return Object.assign({}, ...parts) as Messages;
}

const loaded = new Map<Locale, Messages>(
  await Promise.all([...LANGUAGES, 'pseudo' as const].map(async (locale) => [locale, await messagesOf(locale)] as const)),
);

/** The catalog text of `id` in `locale`, with its values, as the app would show it. */
export function words(locale: Locale): (id: string, values?: Record<string, string | number>) => string {
  const i18n = setupI18n({ locale, messages: { [locale]: loaded.get(locale)! } });
  return (id, values) => {
    if (i18n.messages[id] === undefined) throw new Error(`no text ${id} in the ${locale} catalogs`);
    return i18n._(id, values);
  };
}
