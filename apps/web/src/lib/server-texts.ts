// The server answers in English (docs/product.md §7: its texts are the contract's `messages` and `authMessages`).
// Its answers carry no codes, so the web app knows a message by its English words and shows the catalogs'
// server.<key> text in the visitor's language (decision 037); a message it does not know stays as sent.
import { authMessages, messages } from '@quackquest/contract/core';
import { apiLanguage } from './api-client';
import { currentLocale, hasText, t } from './i18n';

const byText = new Map<string, string>();
for (const [key, text] of Object.entries({ ...messages, ...authMessages })) {
  if (typeof text === 'string') byText.set(text, `server.${key}`);
}

/** The two messages with figures, as patterns built from their own English words. */
const withFigures: [RegExp, (m: RegExpMatchArray) => [string, Record<string, string | undefined>]][] = [
  [pattern(messages.maxAttempts(0), ['0']), (m) => ['server.maxAttempts', { maxAttempts: m[1] }]],
  [pattern(messages.notEnoughDucks(0, 1), ['0', '1']), (m) => ['server.notEnoughDucks', { price: m[1], ducks: m[2] }]],
];

function pattern(english: string, figures: string[]): RegExp {
  let source = english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const figure of figures) source = source.replace(new RegExp(`(?<!\\d)${figure}(?!\\d)`), '(\\d+)');
  return new RegExp(`^${source}$`);
}

/** The field names of the contract's sentences for a failed check (issue-messages.ts), by their English words. */
const issueLabels: Record<string, string> = {
  Email: 'email',
  'Full name': 'fullName',
  'Phone number': 'phone',
  'Instagram handle': 'instagram',
  'The code': 'code',
  'The sign-in link': 'token',
  'The sign-in proof': 'idToken',
};

/** Those sentences, as patterns: the field's words first, then the figure some have. */
const issues: [RegExp, string, string?][] = [
  [/^(.+) is required\.$/, 'server.issue.required'],
  [/^(.+) must be at most (\d+) characters\.$/, 'server.issue.tooLong', 'max'],
  [/^(.+) must be at least (\d+) characters\.$/, 'server.issue.tooShort', 'min'],
  [/^(.+) has too many items\.$/, 'server.issue.tooMany'],
  [/^(.+) is not valid\.$/, 'server.issue.invalid'],
];

function issueText(english: string): string | undefined {
  for (const [re, id, figure] of issues) {
    const m = english.match(re);
    const field = m && issueLabels[m[1]!];
    if (!m || !field) continue;
    const labelId = `server.label.${field}`;
    if (!hasText(id) || !hasText(labelId)) return undefined;
    return t(id, { label: t(labelId), ...(figure ? { [figure]: m[2] } : {}) });
  }
  return undefined;
}

/**
 * The visitor's words for a text the server sent (or the contract holds), else the text itself (also while the
 * catalog holding it, e.g. the signed-in screens' `game`, is not loaded).
 */
export function serverText(english: string): string {
  const id = byText.get(english);
  if (id) return hasText(id) ? t(id) : english;
  for (const [re, translate] of withFigures) {
    const m = english.match(re);
    if (!m) continue;
    const [figureId, values] = translate(m);
    return hasText(figureId) ? t(figureId, values) : english;
  }
  return issueText(english) ?? english;
}

// The visitor app's calls ask in the visitor's language and tell failures in it.
Object.assign(apiLanguage, { locale: currentLocale, networkText: () => t('common.network'), serverText });
