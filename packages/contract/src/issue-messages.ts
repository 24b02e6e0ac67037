// A clear sentence for a validation failure the schema gave no words of its own: passed as the error map of
// every parse of a request (the server's validator compiler and its handlers), so no validator wording
// ("Too big: expected string...") reaches a visitor (docs/product.md §6).
import type { z } from 'zod';
import { authMessages } from './messages';

/** The visitor's name for a field, by its name in the payload (docs/product.md §2.3 and §10). */
const FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  userName: 'Full name',
  fullName: 'Full name',
  PhoneNumber: 'Phone number',
  phone: 'Phone number',
  InstagramHandle: 'Instagram handle',
  instagram: 'Instagram handle',
  code: 'The code',
  token: 'The sign-in link',
  idToken: 'The sign-in proof',
};

type RawIssue = z.core.$ZodRawIssue;

/** The sentence for one issue; a zod error map (schema-given messages still take precedence). */
export function describeIssue(issue: RawIssue): string {
  const field = issue.path?.at(-1);
  if (typeof field !== 'string') return authMessages.checkForm;
  const label = FIELD_LABELS[field] ?? `The field "${field}"`;
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${label} is required.`;
  if (issue.code === 'too_big' && issue.origin === 'string')
    return `${label} must be at most ${String(issue.maximum)} characters.`;
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return Number(issue.minimum) <= 1
      ? `${label} is required.`
      : `${label} must be at least ${String(issue.minimum)} characters.`;
  }
  if (issue.code === 'too_big' && issue.origin === 'array') return `${label} has too many items.`;
  return `${label} is not valid.`;
}
