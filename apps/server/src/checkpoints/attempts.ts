// Submitting an answer to a checkpoint: graded on the server, then capped, de-duplicated and written with the spin
// it earns in one statement (qq_answer).
import { DEDUPE_WINDOW_MS, type AttemptBody, type AttemptResult, said } from '@quackquest/contract';
import type { AppContext } from '../context';
import { statement } from '../db/client';
import type { checkpoints } from '../db/schema';
import { forbidden, invalid, rateLimited } from '../domain/errors';
import { sessionEnded } from '../session/session';
import { checkUpload } from '../uploads/uploads';
import { alreadyCompleted, checkWindow } from './eligibility';
import { gradeMcq, gradeScan, gradeTypedCode, normalizeTypedCode, parseChoices, parseText } from './grading';
import { checkpointOf, findCheckpoint } from './queries';
import { KIOSK_CODE_PREFIX, kioskIdOf } from '@quackquest/contract/kiosk';
import { judgedAt, rotatingTexts } from '../kiosks/kiosks';

type Checkpoint = typeof checkpoints.$inferSelect;

/** Invalid scans (and typed codes) are not attempts, but a user may only make so many a minute... */
const INVALID_SCAN_LIMIT = 20;
const INVALID_SCAN_WINDOW_MS = 60_000;
/**
 * ...and only so many different wrong codes a day, so a code cannot be guessed by script (decision 029). The
 * same wrong poster scanned again and again is one code, so a confused visitor is not shut out.
 */
export const INVALID_CODES_PER_DAY = 100;
const INVALID_CODES_WINDOW_MS = 86_400_000;

interface Graded {
  answer: string;
  outcome: AttemptResult['outcome'];
  counted: boolean;
  spin: 'none' | 'posted' | 'review';
}

/** An Idempotency-Key recorded with the answer's result, in the answer's own statement (attempt-keys.ts). */
export interface AnswerKey {
  key: string;
  fingerprint: string;
}

/** The answer was not kept: a twin request with the same Idempotency-Key recorded its own first. */
class KeyTaken extends Error {}

/**
 * The lock, the facts, the rules and the writes in one call of qq_answer (qq_answer.sql beside this file, decision 046): what was a
 * transaction of five round trips (decision 038). Its answer is one of the outcomes below, with the result to send.
 */
const answerStatement = statement<{ answer_outcome: string; answer_result: AttemptResult | null }>(
  'qq_answer',
  `select * from qq_answer(p_user => $1, p_checkpoint => $2, p_max_attempts => $3, p_choices => $4::jsonb,
     p_answer => $5, p_outcome => $6, p_counted => $7, p_spin => $8, p_upload => $9,
     p_at => $10::timestamptz, p_repeat_since => $11::timestamptz, p_minute_since => $12::timestamptz,
     p_day_since => $13::timestamptz, p_invalid_per_minute => $14, p_invalid_codes_per_day => $15,
     p_key => $16, p_fingerprint => $17)`,
);

export async function submitAttempt(
  ctx: AppContext,
  userId: number,
  slug: string,
  body: AttemptBody,
  key?: AnswerKey,
): Promise<AttemptResult> {
  const campaign = await ctx.campaign.get();
  const checkpoint = await findCheckpoint(ctx, campaign, slug);
  checkWindow(checkpoint, Math.floor(ctx.now() / 1000), body.answeredAt);
  const now = ctx.now();
  const graded = await grade(ctx, userId, checkpoint, body, judgedAt(now, body.answeredAt, body.sentAt));
  const at = (ms: number) => new Date(ms).toISOString();
  const [row] = await answerStatement(ctx.db, [
    userId,
    checkpoint.id,
    checkpoint.maxAttempts,
    // The correct letters, sent only when they can no longer help: after a correct answer, or after the last
    // attempt a cap allows (docs/product.md §9). Otherwise a wrong first try would hand over the answer.
    checkpoint.type === 'MCQ' ? JSON.stringify(checkpoint.mcqAnswers ?? []) : null,
    graded.answer,
    graded.outcome,
    graded.counted,
    graded.spin,
    checkpoint.type === 'Upload',
    at(now),
    // The same answer twice within 5 s (a double tap, a retried request) counts once.
    at(now - DEDUPE_WINDOW_MS),
    at(now - INVALID_SCAN_WINDOW_MS),
    at(now - INVALID_CODES_WINDOW_MS),
    INVALID_SCAN_LIMIT,
    INVALID_CODES_PER_DAY,
    key?.key ?? null,
    key?.fingerprint ?? null,
  ]);
  switch (row?.answer_outcome) {
    case 'answered':
    case 'repeated':
      return told(checkpoint, body, row.answer_result!);
    case 'no_user':
      throw sessionEnded();
    case 'blocked':
      throw forbidden(said('accountBlocked'));
    case 'cap':
      throw forbidden(said('maxAttempts', { maxAttempts: checkpoint.maxAttempts }));
    case 'completed':
      throw alreadyCompleted();
    case 'invalid_minute':
      throw rateLimited(said('tooManyInvalidScans'));
    case 'invalid_day':
      throw rateLimited(said('tooManyInvalidCodes'));
    case 'upload_missing':
      throw invalid(said('uploadNotFound'));
    case 'key_taken':
      throw new KeyTaken();
    default:
      throw new Error(`qq_answer answered ${String(row?.answer_outcome)}`);
  }
}

/**
 * The result as the visitor is told it: an invalid answer to a rotating checkpoint in the shape of a kiosk's code is a
 * code that has since changed, kept as the invalid scan it is (the limits on wrong codes count it) and told as such
 * (decision 083). The stored result does not say it, so the same answer sent again is told the same (the body is the
 * same: attempt-keys.ts).
 */
function told(checkpoint: Checkpoint, { answer, typed }: AttemptBody, result: AttemptResult): AttemptResult {
  if (result.outcome !== 'invalid' || checkpoint.codePeriod === null || typeof answer !== 'string') return result;
  const kioskShaped =
    typed === true
      ? normalizeTypedCode(answer).startsWith(normalizeTypedCode(KIOSK_CODE_PREFIX))
      : kioskIdOf(answer.trim()) !== null;
  return kioskShaped ? { ...result, codeChanged: true } : result;
}

/** A result kept with an Idempotency-Key, told again as it was told first (told above). */
export async function toldAgain(ctx: AppContext, slug: string, body: AttemptBody, result: AttemptResult): Promise<AttemptResult> {
  if (result.outcome !== 'invalid') return result;
  const checkpoint = await checkpointOf(ctx, await ctx.campaign.get(), slug);
  return checkpoint ? told(checkpoint, body, result) : result;
}

/** `atMs`: when a kiosk's rotating code is judged (kiosks.ts judgedAt). */
async function grade(ctx: AppContext, userId: number, checkpoint: Checkpoint, body: AttemptBody, atMs: number): Promise<Graded> {
  const { answer } = body;
  const typed = body.typed === true;
  const type = checkpoint.type;
  if (type === 'Scan' || type === 'ScanNoSpin') {
    if (typeof answer !== 'string' || !answer.trim()) {
      throw invalid(said(typed ? 'typedCodeEmpty' : 'scanMissing'));
    }
    // A typed code is graded like a scan once normalized, and stored as the text it stands for (decision 029).
    const expected = checkpoint.codePeriod === null ? (checkpoint.qrTexts ?? []) : await rotatingTexts(ctx.db, checkpoint, atMs);
    const matched = typed ? gradeTypedCode(expected, answer) : gradeScan(expected, answer) ? answer.trim() : null;
    if (matched === null) {
      const wrong = typed ? normalizeTypedCode(answer) : answer.trim();
      return { answer: wrong.slice(0, 200), outcome: 'invalid', counted: false, spin: 'none' };
    }
    return { answer: matched, outcome: 'valid', counted: true, spin: type === 'Scan' ? 'posted' : 'none' };
  }
  if (type === 'MCQ') {
    const choices = parseChoices(answer, checkpoint.choices?.length ?? 0);
    if (!choices.ok) throw invalid(choices.refusal);
    const correct = gradeMcq(checkpoint.mcqAnswers ?? [], choices.value);
    return {
      answer: choices.value,
      outcome: correct ? 'correct' : 'incorrect',
      counted: true,
      spin: correct ? 'posted' : 'none',
    };
  }
  if (type === 'Str') {
    const text = parseText(answer);
    if (!text.ok) throw invalid(text.refusal);
    return { answer: text.value, outcome: 'submitted', counted: true, spin: 'review' };
  }
  if (typeof answer !== 'string' || !answer.trim()) throw invalid(said('uploadMissing'));
  await checkUpload(ctx, userId, checkpoint.id, answer.trim());
  return { answer: answer.trim(), outcome: 'submitted', counted: true, spin: 'review' };
}
