// Pure grading rules of docs/product.md §9.
import { MCQ_MAX_CHOICES, STR_MAX_LENGTH, type Said, said } from '@quackquest/contract';

const LETTERS = ['a', 'b', 'c', 'd'];

export type Graded = { ok: true; value: string } | { ok: false; refusal: Said };

/** Scan: the trimmed text must equal one of the expected texts. */
export function gradeScan(expected: readonly string[], scanned: string): boolean {
  const text = scanned.trim();
  return text.length > 0 && expected.includes(text);
}

/**
 * A code typed by hand from under a printed QR (decision 029): upper case, without spaces, dashes, dots or
 * underscores, and with the look-alikes O/0 and I/L/1 read as one. Scans stay exact (gradeScan).
 */
export function normalizeTypedCode(text: string): string {
  return text
    .toUpperCase()
    .replace(/[\s\-_.\u2010-\u2015\u00b7]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/** A typed code: the expected text it stands for, or null. An empty code never matches. */
export function gradeTypedCode(expected: readonly string[], typed: string): string | null {
  const code = normalizeTypedCode(typed);
  if (!code) return null;
  return expected.find((text) => normalizeTypedCode(text) === code) ?? null;
}

/**
 * Normalizes chosen MCQ letters ("a_c", "A, C", ["c","a"]) to sorted unique lower-case letters joined by "_".
 */
export function parseChoices(answer: string | string[], choiceCount: number): Graded {
  const raw = Array.isArray(answer) ? answer : answer.split(/[_,\s]+/);
  const chosen = [...new Set(raw.map((l) => l.trim().toLowerCase()).filter(Boolean))].sort();
  if (chosen.length === 0) return { ok: false, refusal: said('mcqEmpty') };
  const allowed = LETTERS.slice(0, Math.min(choiceCount, MCQ_MAX_CHOICES));
  const unknown = chosen.find((l) => !allowed.includes(l));
  if (unknown) return { ok: false, refusal: said('choiceUnknown', { choice: unknown, choices: allowed.join(', ') }) };
  return { ok: true, value: chosen.join('_') };
}

/** MCQ: correct only when every correct letter is chosen and no wrong one. */
export function gradeMcq(correct: readonly string[], chosen: string): boolean {
  const picked = chosen.split('_');
  return picked.length === correct.length && correct.every((l) => picked.includes(l));
}

/** Str: non-empty after trimming, at most 10 characters. */
export function parseText(answer: string | string[]): Graded {
  if (Array.isArray(answer)) return { ok: false, refusal: said('strNotText') };
  const text = answer.trim();
  if (!text) return { ok: false, refusal: said('strEmpty') };
  if ([...text].length > STR_MAX_LENGTH) {
    return { ok: false, refusal: said('strTooLong', { max: STR_MAX_LENGTH }) };
  }
  return { ok: true, value: text };
}
