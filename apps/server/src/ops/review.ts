// Reviewing text and photo answers: approval posts the pending ducks, rejection reverses them and
// frees the attempt so the visitor may try again. Each decision is a ledger row.
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { attempts, checkpoints, spins, users } from '../db/schema';
import { addLedgerRow, lockUser } from '../ledger/ledger';
import { conflict, notFound } from '../domain/errors';

/** Where uploaded photos are kept: the server's storage settings (see uploads/storage.ts). */
export interface UploadsConfig {
  dataDir: string;
  s3Bucket?: string;
}

export interface PendingReview {
  attemptId: number;
  email: string;
  checkpointId: string;
  checkpointTitle: string;
  type: string;
  answer: string;
  /** For a photo: the file on disk or the object in the bucket. */
  file?: string;
  submittedAt: Date;
  /** Ducks of the spin, pending until the decision; null when the visitor has not spun yet. */
  ducks: number | null;
}

export async function listPendingReviews(db: Db, uploadsConfig?: UploadsConfig): Promise<PendingReview[]> {
  const rows = await db
    .select({
      attemptId: attempts.id,
      email: users.email,
      checkpointId: checkpoints.slug,
      checkpointTitle: checkpoints.title,
      type: checkpoints.type,
      answer: attempts.answer,
      submittedAt: attempts.createdAt,
      ducks: spins.ducks,
    })
    .from(attempts)
    .innerJoin(users, eq(users.id, attempts.userId))
    .innerJoin(checkpoints, eq(checkpoints.id, attempts.checkpointId))
    .leftJoin(spins, eq(spins.attemptId, attempts.id))
    .where(eq(attempts.review, 'pending'))
    .orderBy(asc(attempts.id));
  return rows.map((row) =>
    row.type === 'Upload' && uploadsConfig ? { ...row, file: uploadLocation(row.answer, uploadsConfig) } : row,
  );
}

/** The same place uploads/storage.ts writes to: DATA_DIR/uploads/<key>, or the S3 object. */
function uploadLocation(key: string, config: UploadsConfig): string {
  if (config.s3Bucket) return `s3://${config.s3Bucket}/${key}`;
  return path.join(path.resolve(config.dataDir, 'uploads'), path.basename(key));
}

export function formatPendingReviews(rows: PendingReview[]): string {
  if (rows.length === 0) return 'No answers are waiting for review.';
  const blocks = rows.map((row) =>
    [
      `#${row.attemptId}  ${row.email}  ${row.checkpointId} (${row.type}: ${row.checkpointTitle})`,
      `  answer:    ${row.type === 'Upload' ? `photo ${row.answer}` : JSON.stringify(row.answer)}`,
      ...(row.file ? [`  file:      ${row.file}`] : []),
      `  submitted: ${row.submittedAt.toISOString()}`,
      `  ducks:     ${row.ducks === null ? 'not spun yet' : `${row.ducks} pending`}`,
    ].join('\n'),
  );
  const count = rows.length === 1 ? '1 answer is' : `${rows.length} answers are`;
  return `${count} waiting for review:\n\n${blocks.join('\n\n')}\n\nDecide with: review:approve <id> or review:reject <id> [--note text]`;
}

export type ReviewDecision = 'approve' | 'reject';

export interface ReviewOutcome {
  attemptId: number;
  decision: ReviewDecision;
  email: string;
  checkpointId: string;
  /** What the decision did to the attempt's spin. */
  spin: 'posted' | 'reversed' | 'posts-when-spun' | 'voided' | 'none';
  ducks: number;
}

export async function reviewAttempt(
  db: Db,
  attemptId: number,
  decision: ReviewDecision,
  note?: string,
  now = new Date(),
): Promise<ReviewOutcome> {
  const [found] = await db
    .select({ userId: attempts.userId, email: users.email, checkpointId: checkpoints.slug })
    .from(attempts)
    .innerJoin(users, eq(users.id, attempts.userId))
    .innerJoin(checkpoints, eq(checkpoints.id, attempts.checkpointId))
    .where(eq(attempts.id, attemptId));
  if (!found) throw notFound(`Attempt ${attemptId} does not exist.`);
  const outcome = (spin: ReviewOutcome['spin'], ducks = 0): ReviewOutcome => ({
    attemptId,
    decision,
    email: found.email,
    checkpointId: found.checkpointId,
    spin,
    ducks,
  });
  return db.transaction(async (tx) => {
    await lockUser(tx, found.userId);
    const [attempt] = await tx.select().from(attempts).where(eq(attempts.id, attemptId)).for('update');
    if (!attempt?.review) {
      throw conflict(`Attempt ${attemptId} needs no review: only text and photo answers are reviewed.`);
    }
    if (attempt.review !== 'pending') {
      const at = attempt.reviewedAt ? ` at ${attempt.reviewedAt.toISOString()}` : '';
      throw conflict(
        `Attempt ${attemptId} was already ${attempt.review}${at}; a decision is final (correct ducks with ducks:adjust).`,
      );
    }
    await tx
      .update(attempts)
      .set({
        review: decision === 'approve' ? 'approved' : 'rejected',
        reviewedAt: now,
        reviewNote: note,
        ...(decision === 'reject' ? { counted: false } : {}),
      })
      .where(eq(attempts.id, attemptId));
    const [spin] = await tx.select().from(spins).where(eq(spins.attemptId, attemptId)).for('update');
    if (!spin) return outcome('none');
    if (spin.ducks === null) {
      // Not spun yet: the spin either posts directly later, or is void.
      await tx
        .update(spins)
        .set(decision === 'approve' ? { needsReview: false } : { voidedAt: now })
        .where(eq(spins.id, spin.id));
      return outcome(decision === 'approve' ? 'posts-when-spun' : 'voided');
    }
    const base = { userId: attempt.userId, spinId: spin.id, at: now, reason: note };
    if (decision === 'approve') {
      await addLedgerRow(tx, { ...base, amount: -spin.ducks, posted: false, kind: 'review-approve' });
      await addLedgerRow(tx, { ...base, amount: spin.ducks, posted: true, kind: 'review-approve' });
      return outcome('posted', spin.ducks);
    }
    await addLedgerRow(tx, { ...base, amount: -spin.ducks, posted: false, kind: 'review-reject' });
    return outcome('reversed', spin.ducks);
  });
}

export function formatReviewOutcome(outcome: ReviewOutcome): string {
  const head = `${outcome.decision === 'approve' ? 'Approved' : 'Rejected'} attempt ${outcome.attemptId} (${outcome.email}, ${outcome.checkpointId}):`;
  const ducks = `${outcome.ducks} duck${outcome.ducks === 1 ? '' : 's'}`;
  const spin = {
    posted: `${ducks} moved from pending to posted.`,
    reversed: `${ducks} pending reversed.`,
    'posts-when-spun': 'not spun yet; the spin will post its ducks directly.',
    voided: 'not spun yet; the spin is void.',
    none: 'no spin was attached.',
  }[outcome.spin];
  const retry = outcome.decision === 'reject' ? ' The attempt no longer counts: the visitor may answer again.' : '';
  return `${head} ${spin}${retry}`;
}
