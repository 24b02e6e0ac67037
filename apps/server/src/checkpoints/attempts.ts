// Submitting an answer to a checkpoint: graded on the server, capped, de-duplicated, and in one
// transaction with the spin it earns.
import { DEDUPE_WINDOW_MS, type AttemptBody, type AttemptResult, messages } from '@quackquest/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { type Tx, queryRows } from '../db/client';
import type { checkpoints } from '../db/schema';
import { DomainError, forbidden, invalid } from '../domain/errors';
import { lockUser } from '../ledger/ledger';
import { checkUpload, markUploadUsed } from '../uploads/uploads';
import { alreadyCompleted, checkWindow, refuseAtCap } from './eligibility';
import { gradeMcq, gradeScan, gradeTypedCode, normalizeTypedCode, parseChoices, parseText } from './grading';
import { findCheckpoint } from './queries';

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

export interface SubmitOptions {
  /** Runs in the answer's transaction once it was written (attempt-keys.ts): throwing undoes the answer. */
  beforeCommit?: (tx: Tx, result: AttemptResult) => Promise<void>;
}

export async function submitAttempt(
  ctx: AppContext,
  userId: number,
  slug: string,
  body: AttemptBody,
  options: SubmitOptions = {},
): Promise<AttemptResult> {
  const campaign = await ctx.campaign.get();
  const checkpoint = await findCheckpoint(ctx.db, campaign.id, slug);
  checkWindow(checkpoint, Math.floor(ctx.now() / 1000), body.answeredAt);
  const graded = await grade(ctx, userId, checkpoint, body.answer, body.typed === true);
  const answered = async (tx: Tx, result: AttemptResult) => {
    await options.beforeCommit?.(tx, result);
    return result;
  };

  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (user?.blockedAt) throw forbidden(messages.accountBlocked);
    const facts = await attemptFacts(tx, userId, checkpoint.id, !graded.counted, ctx.now());
    const used = facts.used;
    const result = (outcome: AttemptResult['outcome'], total: number, spinEarned: boolean): AttemptResult => ({
      outcome,
      attempts: total,
      maxAttempts: checkpoint.maxAttempts,
      spinEarned,
      ...(revealsAnswer(checkpoint, outcome, total) ? { correctChoices: checkpoint.mcqAnswers ?? [] } : {}),
    });

    const last = facts.last;
    if (last && last.answer === graded.answer && ctx.now() - last.createdAtMs < DEDUPE_WINDOW_MS) {
      // The same answer twice within 5 s (a double tap, a retried request) counts once.
      return answered(tx, result(last.outcome as AttemptResult['outcome'], used, false));
    }
    refuseAtCap(checkpoint, used);
    if (facts.completed) throw alreadyCompleted();
    if (!graded.counted && facts.invalidScansLastMinute >= INVALID_SCAN_LIMIT) {
      throw new DomainError('rate_limited', 'Too many invalid scans. Please wait a minute and try again.');
    }
    if (!graded.counted && facts.invalidCodesToday >= INVALID_CODES_PER_DAY) {
      throw new DomainError('rate_limited', 'Too many invalid codes today. Please try again later.');
    }

    // The attempt and the spin it earns in one statement.
    const [attempt] = await queryRows<{ id: number }>(
      tx,
      sql`with attempt as (
            insert into attempts (user_id, checkpoint_id, answer, outcome, counted, review, created_at)
            values (${userId}, ${checkpoint.id}, ${graded.answer}, ${graded.outcome}, ${graded.counted},
                    ${graded.spin === 'review' ? 'pending' : null}, ${new Date(ctx.now()).toISOString()}::timestamptz)
            returning id, user_id),
          spin as (
            insert into spins (user_id, attempt_id, needs_review)
            select user_id, id, ${graded.spin === 'review'}::boolean from attempt where ${graded.spin !== 'none'}::boolean)
          select id from attempt`,
    );
    // The photo is taken by this answer: never replaced, never swept (decision 017).
    if (checkpoint.type === 'Upload' && attempt) await markUploadUsed(tx, userId, checkpoint.id, graded.answer, ctx.now());
    return answered(tx, result(graded.outcome, used + (graded.counted ? 1 : 0), graded.spin !== 'none'));
  });
}

interface AttemptFacts {
  /** Attempts that count against the cap. */
  used: number;
  /** The checkpoint already earned its spin (or a valid ScanNoSpin): eligibility.ts hasCompleted. */
  completed: boolean;
  /** The visitor's latest answer not rejected, for the double-tap check. */
  last?: { answer: string; outcome: string; createdAtMs: number };
  /** Only read for an answer that does not count (an invalid scan or typed code); 0 otherwise. */
  invalidScansLastMinute: number;
  invalidCodesToday: number;
}

/**
 * Everything the attempt decides on, in one statement under the user's lock (decision 038): what were six
 * queries, each a round trip and a query built by the ORM.
 */
async function attemptFacts(tx: Tx, userId: number, checkpointId: number, invalid: boolean, now: number): Promise<AttemptFacts> {
  const mine = sql`a.user_id = ${userId} and a.checkpoint_id = ${checkpointId}`;
  const [row] = await queryRows<{
    used: number;
    completed: boolean;
    last_answer: string | null;
    last_outcome: string | null;
    last_ms: number | null;
    invalid_recent: number | null;
    invalid_codes: number | null;
  }>(
    tx,
    sql`select
          (select count(*)::int from attempts a where ${mine} and a.counted) as used,
          exists (select 1 from attempts a join spins s on s.attempt_id = a.id where ${mine} and a.counted)
            or exists (select 1 from attempts a where ${mine} and a.outcome = 'valid') as completed,
          l.answer as last_answer, l.outcome as last_outcome, (extract(epoch from l.created_at) * 1000)::float8 as last_ms,
          case when ${invalid}::boolean then (
            select count(*)::int from attempts a
            where a.user_id = ${userId} and a.outcome = 'invalid'
              and a.created_at >= ${new Date(now - INVALID_SCAN_WINDOW_MS).toISOString()}::timestamptz) end as invalid_recent,
          case when ${invalid}::boolean then (
            select count(distinct a.answer)::int from attempts a
            where a.user_id = ${userId} and a.outcome = 'invalid'
              and a.created_at >= ${new Date(now - INVALID_CODES_WINDOW_MS).toISOString()}::timestamptz) end as invalid_codes
        from (select 1) as one
        left join lateral (
          select a.answer, a.outcome, a.created_at from attempts a
          where ${mine} and a.review is distinct from 'rejected'
          order by a.id desc limit 1) l on true`,
  );
  return {
    used: Number(row?.used ?? 0),
    completed: row?.completed === true,
    ...(row?.last_answer != null
      ? { last: { answer: row.last_answer, outcome: row.last_outcome ?? '', createdAtMs: Number(row.last_ms) } }
      : {}),
    invalidScansLastMinute: Number(row?.invalid_recent ?? 0),
    invalidCodesToday: Number(row?.invalid_codes ?? 0),
  };
}

/**
 * The correct MCQ letters are sent only when they can no longer help: after a correct answer, or after the
 * last attempt a cap allows (docs/product.md §9). Otherwise a wrong first try would hand over the answer.
 */
function revealsAnswer(checkpoint: Checkpoint, outcome: AttemptResult['outcome'], attemptsUsed: number): boolean {
  if (checkpoint.type !== 'MCQ') return false;
  if (outcome === 'correct') return true;
  return checkpoint.maxAttempts > 0 && attemptsUsed >= checkpoint.maxAttempts;
}

async function grade(
  ctx: AppContext,
  userId: number,
  checkpoint: Checkpoint,
  answer: AttemptBody['answer'],
  typed: boolean,
): Promise<Graded> {
  const type = checkpoint.type;
  if (type === 'Scan' || type === 'ScanNoSpin') {
    if (typeof answer !== 'string' || !answer.trim()) {
      throw invalid(typed ? messages.typedCodeEmpty : 'The scanned QR code text is missing.');
    }
    // A typed code is graded like a scan once normalized, and stored as the text it stands for (decision 029).
    const expected = checkpoint.qrTexts ?? [];
    const matched = typed ? gradeTypedCode(expected, answer) : gradeScan(expected, answer) ? answer.trim() : null;
    if (matched === null) {
      const wrong = typed ? normalizeTypedCode(answer) : answer.trim();
      return { answer: wrong.slice(0, 200), outcome: 'invalid', counted: false, spin: 'none' };
    }
    return { answer: matched, outcome: 'valid', counted: true, spin: type === 'Scan' ? 'posted' : 'none' };
  }
  if (type === 'MCQ') {
    const choices = parseChoices(answer, checkpoint.choices?.length ?? 0);
    if (!choices.ok) throw invalid(choices.message);
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
    if (!text.ok) throw invalid(text.message);
    return { answer: text.value, outcome: 'submitted', counted: true, spin: 'review' };
  }
  if (typeof answer !== 'string' || !answer.trim()) throw invalid(messages.uploadMissing);
  await checkUpload(ctx, userId, checkpoint.id, answer.trim());
  return { answer: answer.trim(), outcome: 'submitted', counted: true, spin: 'review' };
}
