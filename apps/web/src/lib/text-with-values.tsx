// A catalog sentence with values the app formatted itself (dates, times, codes) in place, each in an element of its
// own marked translate="no": Intl already wrote them in the visitor's language, or they are nobody's words, so
// neither a browser's translator nor the pseudo-locale journey (decision 050) should take them for catalog words.
import type { ReactNode } from 'react';
import { t } from './i18n';

export function textWithValues(id: string, values: Record<string, string>): ReactNode[] {
  const names = Object.keys(values);
  const marked = Object.fromEntries(names.map((name, i) => [name, `\u{E000}${i}\u{E000}`]));
  return t(id, marked)
    .split(/\u{E000}(\d+)\u{E000}/u)
    .map((part, i) =>
      i % 2 ? (
        <span key={i} translate="no">
          {values[names[Number(part)]!]}
        </span>
      ) : (
        part
      ),
    );
}
