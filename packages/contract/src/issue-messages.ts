// A clear sentence for a validation failure the schema gave no words of its own: passed as the error map of
// every parse of a request (the server's validator compiler and its handlers), so no validator wording
// ("Too big: expected string...") reaches a visitor (docs/product.md §6). The sentence has its code and the
// field's name (field-messages.ts), so a client words it in the visitor's language (decision 048).
import type { z } from 'zod';
import { type ApiErrorBody, type Said, said, saidByWords } from './errors';
import { FIELD_NAMES } from './field-messages';

type RawIssue = z.core.$ZodRawIssue;

/** The coded sentence for one failed check the schema gave no words of its own. */
function describeIssue(issue: RawIssue): Said {
  const name = issue.path?.at(-1);
  if (typeof name !== 'string') return said('checkForm');
  const field = Object.hasOwn(FIELD_NAMES, name) ? FIELD_NAMES[name]! : name;
  if (issue.code === 'invalid_type' && issue.input === undefined) return said('fieldRequired', { field });
  if (issue.code === 'too_big' && issue.origin === 'string') return said('fieldTooLong', { field, max: Number(issue.maximum) });
  if (issue.code === 'too_small' && issue.origin === 'string') {
    const min = Number(issue.minimum);
    return min <= 1 ? said('fieldRequired', { field }) : said('fieldTooShort', { field, min });
  }
  if (issue.code === 'too_big' && issue.origin === 'array') return said('fieldTooMany', { field });
  return said('fieldInvalid', { field });
}

/**
 * Parses a request with describeIssue's sentences; a failure is the first issue as a coded refusal: describeIssue's
 * own, or the schema's sentence with the code of its words (a sentence of the contract's tables), else `invalid`.
 */
export function parseRequest<T>(
  schema: z.ZodType<T>,
  data: unknown,
): { ok: true; value: T } | { ok: false; refusal: ApiErrorBody } {
  const described: Said[] = [];
  const result = schema.safeParse(data, {
    error: (issue) => {
      const sentence = describeIssue(issue);
      described.push(sentence);
      return sentence.message;
    },
  });
  if (result.success) return { ok: true, value: result.data };
  const first = result.error.issues[0];
  if (!first) return { ok: false, refusal: said('checkForm') };
  const refusal = described.find((sentence) => sentence.message === first.message) ??
    saidByWords(first.message) ?? { code: 'invalid', message: first.message };
  return { ok: false, refusal };
}
