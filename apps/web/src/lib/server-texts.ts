// The server's refusals in the visitor's language (decision 048): each comes with a code, and the catalogs hold
// its words as `server.<code>` with the refusal's figures as values; a field's name (`params.field`) is worded by
// `server.label.<field>`. A code without words in the catalogs loaded (the signed-in screens' `game` while it is
// not), or an unknown field, keeps the sentence as sent. Loaded only in a language other than English, where
// the server's sentences are already the visitor's (lib/i18n.ts).
import { apiLanguage, type Refusal } from './api-client';
import type { Messages } from '@lingui/core';
import { PACK_LANGUAGES } from '@quackquest/contract/core';
import { type Catalog, PSEUDO_LOCALE, addCatalog, currentLocale, hasText, t } from './i18n';

/** The visitor's words for a refusal, else its English sentence. */
export function refusalText({ code, message, params }: Refusal): string {
  const id = `server.${code}`;
  if (!code || !hasText(id)) return message;
  const values: Record<string, string | number> = { ...params };
  if (typeof params?.field === 'string') {
    const label = `server.label.${params.field}`;
    if (!hasText(label)) return message;
    values.label = t(label);
  }
  return t(id, values);
}

/**
 * Settles when the refusals' words are there. The pseudo-locale has them in a catalog of their own, `server` (decision
 * 050): English shows the refusals as the server sends them, so its catalogs, the pseudo-locale's source, leave them
 * out. Nothing to wait for in a build without the pseudo-locale.
 */
export const serverTextsLoaded: Promise<void> =
  import.meta.env.VITE_PSEUDO_LOCALE === '1'
    ? addCatalog({
        en: {},
        others: {
          ...(Object.fromEntries(
            PACK_LANGUAGES.map((language) => [language, () => Promise.resolve({ messages: {} })]),
          ) as Catalog['others']),
          [PSEUDO_LOCALE]: import.meta.glob<{ messages: Messages }>('../locales/pseudo/server.ts')['../locales/pseudo/server.ts'],
        },
      })
    : Promise.resolve();

// The visitor app's calls ask in the visitor's language and tell failures in it.
Object.assign(apiLanguage, {
  locale: currentLocale,
  networkText: () => t('common.network'),
  unreachableText: () => t('common.unreachable'),
  refusalText,
});
