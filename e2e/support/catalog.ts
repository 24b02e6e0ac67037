// The visitor app's words in each language, read from its PO catalogs (apps/web/src/locales/<locale>/*.po), so a
// journey can be written once and walked in every language: `words('ta')('auth.sendMagicLink')`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const LOCALES = ['en', 'zh-Hans', 'ms', 'ta'] as const;
export type Locale = (typeof LOCALES)[number];

const locales = fileURLToPath(new URL('../../apps/web/src/locales/', import.meta.url));

function readCatalog(locale: Locale): Map<string, string> {
  const texts = new Map<string, string>();
  for (const name of ['start', 'signup', 'game']) {
    const po = readFileSync(`${locales}${locale}/${name}.po`, 'utf8');
    for (const entry of po.split(/\n\s*\n/)) {
      const id = /^msgid "(.*)"$/m.exec(entry)?.[1];
      // A msgstr may go on over several quoted lines.
      const str = /^msgstr ((?:".*"\n?)+)/m.exec(entry)?.[1];
      if (!id || str === undefined) continue;
      const lines = str.trim().split('\n');
      texts.set(id, lines.map((line) => JSON.parse(line) as string).join(''));
    }
  }
  return texts;
}

/** The catalog text of `id` in `locale` (English where the language has none), with simple `{name}` values. */
export function words(locale: Locale): (id: string, values?: Record<string, string | number>) => string {
  const own = readCatalog(locale);
  const english = locale === 'en' ? own : readCatalog('en');
  return (id, values = {}) => {
    const text = own.get(id) || english.get(id);
    if (text === undefined) throw new Error(`no text ${id} in the catalogs`);
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}
