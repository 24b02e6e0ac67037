// Submitting an answer to a checkpoint: graded on the server, capped, de-duplicated, and in one
// transaction with the spin it earns.
import { DEDUPE_WINDOW_MS, type AttemptBody, type AttemptResult, messages } from '@quackquest/contract';
import { and, count, countDistinct, desc, eq, gte, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { attempts, type checkpoints, spins } from '../db/schema';
import { DomainError, forbidden, invalid } from '../domain/errors';
import { lockUser } from '../ledger/ledger';
import { checkUpload, markUploadUsed } from '../uploads/uploads';
import { checkAttemptsLeft, checkWindow, countAttempts } from './eligibility';
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
    const used = await countAttempts(tx, userId, checkpoint.id);
    const result = (outcome: AttemptResult['outcome'], total: number, spinEarned: boolean): AttemptResult => ({
      outcome,
      attempts: total,
      maxAttempts: checkpoint.maxAttempts,
      spinEarned,
      ...(revealsAnswer(checkpoint, outcome, total) ? { correctChoices: checkpoint.mcqAnswers ?? [] } : {}),
    });

    const [last] = await tx
      .select({ answer: attempts.answer, outcome: attempts.outcome, createdAt: attempts.createdAt })
      .from(attempts)
      // A rejected answer is over: the same text sent again is a new try, not a duplicate.
      .where(
        and(
          eq(attempts.userId, userId),
          eq(attempts.checkpointId, checkpoint.id),
          sql`${attempts.review} is distinct from 'rejected'`,
        ),
      )
      .orderBy(desc(attempts.id))
      .limit(1);
    if (last && last.answer === graded.answer && ctx.now() - last.createdAt.getTime() < DEDUPE_WINDOW_MS) {
      // The same answer twice within 5 s (a double tap, a retried request) counts once.
      return answered(tx, result(last.outcome as AttemptResult['outcome'], used, false));
    }
    await checkAttemptsLeft(tx, userId, checkpoint, used);
    if (!graded.counted && (await recentInvalidScans(tx, userId, ctx.now())) >= INVALID_SCAN_LIMIT) {
      throw new DomainError('rate_limited', 'Too many invalid scans. Please wait a minute and try again.');
    }
    if (!graded.counted && (await invalidCodesToday(tx, userId, ctx.now())) >= INVALID_CODES_PER_DAY) {
      throw new DomainError('rate_limited', 'Too many invalid codes today. Please try again later.');
    }

    const [attempt] = await tx
      .insert(attempts)
      .values({
        userId,
        checkpointId: checkpoint.id,
        answer: graded.answer,
        outcome: graded.outcome,
        counted: graded.counted,
        review: graded.spin === 'review' ? 'pending' : null,
        createdAt: new Date(ctx.now()),
      })
      .returning({ id: attempts.id });
    // The photo is taken by this answer: never replaced, never swept (decision 017).
    if (checkpoint.type === 'Upload') await markUploadUsed(tx, userId, checkpoint.id, graded.answer, ctx.now());
    if (graded.spin !== 'none' && attempt) {
      await tx.insert(spins).values({ userId, attemptId: attempt.id, needsReview: graded.spin === 'review' });
    }
    return answered(tx, result(graded.outcome, used + (graded.counted ? 1 : 0), graded.spin !== 'none'));
  });
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

async function recentInvalidScans(tx: Tx, userId: number, now: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(attempts)
    .where(
      and(
        eq(attempts.userId, userId),
        eq(attempts.outcome, 'invalid'),
        gte(attempts.createdAt, new Date(now - INVALID_SCAN_WINDOW_MS)),
      ),
    );
  return row?.n ?? 0;
}

/** Different wrong codes (scanned or typed) in the last 24 hours: a guesser needs a new one each time. */
async function invalidCodesToday(tx: Tx, userId: number, now: number): Promise<number> {
  const [row] = await tx
    .select({ n: countDistinct(attempts.answer) })
    .from(attempts)
    .where(
      and(
        eq(attempts.userId, userId),
        eq(attempts.outcome, 'invalid'),
        gte(attempts.createdAt, new Date(now - INVALID_CODES_WINDOW_MS)),
      ),
    );
  return row?.n ?? 0;
}
