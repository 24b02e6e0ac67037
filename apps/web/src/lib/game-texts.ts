// The signed-in screens' texts (catalog `game`, decision 037): English comes with the signed-in chunk (every module
// using these texts imports this one), the visitor's language is loaded as it runs and the signed-in layout waits
// for it (app/signed-in.tsx), so the first screen (welcome) carries only the `start` catalog.
import type { Messages } from '@lingui/core';
import { messages as en } from '../locales/en/game';
import { type Catalog, addCatalog, catalogLoaders } from './i18n';

type Tokens = Messages[string];
type Token = Exclude<Tokens, string>[number];

/**
 * These texts count whole ducks, days and spins (`{n, plural, one {# duck} other {# ducks}}`). Lingui writes a
 * plural's `#` with Intl.NumberFormat, whose first use in a page costs 40-80 ms of main thread here (160-320 ms at
 * Lighthouse's 4x CPU slowdown, most of the signed-in screens' blocking time). So each plural is rewritten, as its
 * catalog loads, to a choice on the number itself: `one` is the count 1 in all four languages (CLDR: English and
 * Tamil; Malay and Chinese have only `other`), and `#` is the number as digits, without grouping (1000, not 1,000).
 */
export function countsWithoutNumberFormat(messages: Messages): Messages {
  const rewrite = (tokens: Tokens, count?: string): Tokens =>
    typeof tokens === 'string'
      ? tokens
      : tokens.map((token): Token => {
          if (token === '#' && count) return [count];
          if (typeof token === 'string') return token;
          const [name, type, cases] = token;
          if (type !== 'plural' || typeof cases !== 'object' || !cases || 'offset' in cases) return token;
          // An exact `=1` (compiled as the key 1), if any, wins over `one`.
          const choices = Object.entries(cases as Record<string, Tokens>)
            .filter(([key]) => !(key === 'one' && '1' in cases))
            .map(([key, value]) => [key === 'one' ? '1' : key, rewrite(value, name)]);
          return [name, 'select', Object.fromEntries(choices)];
        });
  return Object.fromEntries(Object.entries(messages).map(([id, tokens]) => [id, rewrite(tokens)]));
}

const withCounts = (load: () => Promise<{ messages: Messages }>) => async () => ({
  messages: countsWithoutNumberFormat((await load()).messages),
});

/** Settles when the visitor's language of these texts is there. */
export const gameTextsLoaded = addCatalog({
  en: countsWithoutNumberFormat(en),
  others: Object.fromEntries(
    Object.entries(
      catalogLoaders(
        import.meta.glob<{ messages: Messages }>(['../locales/*/game.ts', '!../locales/en/game.ts', '!../locales/pseudo/*']),
        'game',
      ),
    ).map(([language, load]) => [language, withCounts(load)]),
  ) as Catalog['others'],
});
