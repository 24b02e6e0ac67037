// Reviewing text and photo answers (docs/product.md §14): approval posts the pending ducks, rejection reverses
// them and frees the attempt so the visitor may try again. Each decision is a ledger row and an audit row, in
// one transaction. The console (reviews/routes.ts) and the CLI (`ops review:*`) call these same functions.
import path from 'node:path';
import { type Said, said } from '@quackquest/contract';
import { type SQL, and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { CLI_ACTOR, recordAudit } from '../audit/audit';
import { type Db, type DbOrTx, queryRows } from '../db/client';
import { attempts, campaigns, checkpoints, spins, users } from '../db/schema';
import { addLedgerRow, lockUser } from '../ledger/ledger';
import { formatCampaignTime } from '../campaign/campaign-time';
import { conflict, notFound } from '../domain/errors';

export type ReviewState = 'pending' | 'approved' | 'rejected';

export interface ReviewRow {
  attemptId: number;
  checkpointId: string;
  checkpointTitle: string;
  /** The checkpoint's question or task, as the visitor read it: the reviewer judges the answer against it. */
  question: string;
  type: string;
  /** The text answer, or the photo's upload key. */
  answer: string;
  submittedAt: Date;
  visitorName: string;
  email: string;
  state: ReviewState;
  reason: string | null;
  /** Ducks of the spin, pending until the decision; null when the visitor has not spun yet. */
  ducks: number | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  /** The visitor's other answers to the same checkpoint, oldest first. */
  earlier: EarlierAnswer[];
  /** For a photo: the same bytes sent before by another visitor, the first of them. */
  samePhotoAs: SamePhoto | null;
}

export interface SamePhoto {
  visitorName: string;
  checkpointTitle: string;
  sentAt: Date;
}

export interface EarlierAnswer {
  attemptId: number;
  type: string;
  answer: string;
  review: ReviewState | null;
  reason: string | null;
  submittedAt: Date;
}

export interface ReviewQuery {
  state: ReviewState;
  /** A checkpoint's slug. */
  checkpoint?: string;
  /** Text or photo answers only. */
  type?: 'Str' | 'Upload';
  /** All when absent (the CLI lists everything). */
  limit?: number;
  /** The last attempt id of the previous page. */
  before?: number;
  /** Only these attempts (a reviewer's lease, reviews/leases.ts). */
  attemptIds?: readonly number[];
}

/** Pending answers oldest first (fair to visitors); decided ones newest decision first (what just happened). */
export async function listReviews(db: Db, query: ReviewQuery): Promise<ReviewRow[]> {
  const conditions: (SQL | undefined)[] = [eq(attempts.review, query.state)];
  if (query.checkpoint) conditions.push(eq(checkpoints.slug, query.checkpoint));
  if (query.type) conditions.push(eq(checkpoints.type, query.type));
  if (query.before !== undefined) conditions.push(afterCursor(query.state, query.before));
  if (query.attemptIds) conditions.push(inArray(attempts.id, [...query.attemptIds]));
  const order = query.state === 'pending' ? [asc(attempts.id)] : [desc(attempts.decidedAt), desc(attempts.id)];
  const select = db
    .select({
      userId: attempts.userId,
      checkpointKey: attempts.checkpointId,
      attemptId: attempts.id,
      checkpointId: checkpoints.slug,
      checkpointTitle: checkpoints.title,
      question: checkpoints.subtitle,
      type: checkpoints.type,
      answer: attempts.answer,
      submittedAt: attempts.createdAt,
      visitorName: users.fullName,
      email: users.email,
      state: sql<ReviewState>`${attempts.review}`,
      reason: attempts.reviewReason,
      ducks: spins.ducks,
      decidedBy: attempts.decidedBy,
      decidedAt: attempts.decidedAt,
    })
    .from(attempts)
    .innerJoin(users, eq(users.id, attempts.userId))
    .innerJoin(checkpoints, eq(checkpoints.id, attempts.checkpointId))
    .leftJoin(spins, eq(spins.attemptId, attempts.id))
    .where(and(...conditions))
    .orderBy(...order);
  const rows = await (query.limit === undefined ? select : select.limit(query.limit));
  const [earlier, same] = await Promise.all([
    earlierAnswers(db, rows),
    samePhotos(
      db,
      rows.filter((row) => row.type === 'Upload').map((row) => row.answer),
    ),
  ]);
  return rows.map(({ userId, checkpointKey, ...row }) => ({
    ...row,
    earlier: (earlier.get(`${userId}:${checkpointKey}`) ?? []).filter((a) => a.attemptId !== row.attemptId),
    samePhotoAs: row.type === 'Upload' ? (same.get(row.answer) ?? null) : null,
  }));
}

/**
 * For each photo (by upload key), the first photo with the same bytes that another visitor gave as an answer before
 * it (uploads.sha256, taken at answer time): a photo passed round, or taken from someone else's post.
 */
async function samePhotos(db: Db, keys: readonly string[]): Promise<Map<string, SamePhoto>> {
  const byKey = new Map<string, SamePhoto>();
  if (keys.length === 0) return byKey;
  const found = await queryRows<{ key: string; visitor_name: string; title: string; sent_at: Date | string }>(
    db,
    sql`select mine.key, u.full_name as visitor_name, c.title, other.used_at as sent_at
        from uploads mine
        join uploads other on other.sha256 = mine.sha256 and other.user_id <> mine.user_id
          and other.used_at is not null and (mine.used_at is null or other.used_at < mine.used_at)
        join users u on u.id = other.user_id
        join checkpoints c on c.id = other.checkpoint_id
        where mine.sha256 is not null and mine.key in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )})
        order by other.used_at desc`,
  );
  // Oldest last: each key keeps the first sender.
  for (const row of found) {
    byKey.set(row.key, { visitorName: row.visitor_name, checkpointTitle: row.title, sentAt: new Date(row.sent_at) });
  }
  return byKey;
}

/** The answers of these rows' visitors to these rows' checkpoints, oldest first, by "user:checkpoint" (one query). */
async function earlierAnswers(
  db: Db,
  rows: readonly { userId: number; checkpointKey: number }[],
): Promise<Map<string, EarlierAnswer[]>> {
  const byPair = new Map<string, EarlierAnswer[]>();
  if (rows.length === 0) return byPair;
  const pairs = rows.map((r) => sql`(${r.userId}::bigint, ${r.checkpointKey}::int)`);
  const found = await db
    .select({
      userId: attempts.userId,
      checkpointKey: attempts.checkpointId,
      attemptId: attempts.id,
      type: checkpoints.type,
      answer: attempts.answer,
      review: sql<ReviewState | null>`${attempts.review}`,
      reason: attempts.reviewReason,
      submittedAt: attempts.createdAt,
    })
    .from(attempts)
    .innerJoin(checkpoints, eq(checkpoints.id, attempts.checkpointId))
    .where(sql`(${attempts.userId}, ${attempts.checkpointId}) in (${sql.join(pairs, sql`, `)})`)
    .orderBy(asc(attempts.id));
  for (const { userId, checkpointKey, ...answer } of found) {
    const key = `${userId}:${checkpointKey}`;
    byPair.set(key, [...(byPair.get(key) ?? []), answer]);
  }
  return byPair;
}

/** Rows after the cursor attempt in the list's order. */
function afterCursor(state: ReviewState, before: number): SQL | undefined {
  if (state === 'pending') return gt(attempts.id, before);
  const cursorAt = sql`(select a.decided_at from attempts a where a.id = ${before})`;
  return or(lt(attempts.decidedAt, cursorAt), and(eq(attempts.decidedAt, cursorAt), lt(attempts.id, before)));
}

/** The checkpoints whose answers are reviewed (text and photo) in the active campaign, for the queue's filter. */
export async function listReviewedCheckpoints(db: Db): Promise<{ checkpointId: string; title: string }[]> {
  return db
    .select({ checkpointId: checkpoints.slug, title: checkpoints.title })
    .from(checkpoints)
    .innerJoin(campaigns, and(eq(campaigns.id, checkpoints.campaignId), eq(campaigns.active, true)))
    .where(and(eq(checkpoints.removed, false), or(eq(checkpoints.type, 'Str'), eq(checkpoints.type, 'Upload'))))
    .orderBy(asc(checkpoints.sequence), asc(checkpoints.slug));
}

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
  ducks: number | null;
}

/** The CLI's review:list: every pending answer, oldest first, with where a photo is stored. */
export async function listPendingReviews(db: Db, uploadsConfig?: UploadsConfig): Promise<PendingReview[]> {
  const rows = await listReviews(db, { state: 'pending' });
  return rows.map(({ attemptId, email, checkpointId, checkpointTitle, type, answer, submittedAt, ducks }) => {
    const row = { attemptId, email, checkpointId, checkpointTitle, type, answer, submittedAt, ducks };
    return type === 'Upload' && uploadsConfig ? { ...row, file: uploadLocation(answer, uploadsConfig) } : row;
  });
}

/** The same place uploads/storage.ts writes to: DATA_DIR/uploads/<key>, or the S3 object. */
function uploadLocation(key: string, config: UploadsConfig): string {
  if (config.s3Bucket) return `s3://${config.s3Bucket}/${key}`;
  return path.join(path.resolve(config.dataDir, 'uploads'), path.basename(key));
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

export interface DecisionInput {
  /** An operator's e-mail, or CLI_ACTOR. */
  actor: string;
  reason?: string;
  now: Date;
}

export async function reviewAttempt(
  db: Db,
  attemptId: number,
  decision: ReviewDecision,
  input: DecisionInput,
): Promise<ReviewOutcome> {
  const { actor, now } = input;
  const reason = input.reason?.trim() || null;
  const found = await answerOf(db, attemptId);
  return db.transaction(async (tx) => {
    await lockUser(tx, found.userId);
    // Locked: of two reviewers deciding at once, the second finds the first's decision here.
    const [attempt] = await tx.select().from(attempts).where(eq(attempts.id, attemptId)).for('update');
    if (!attempt?.review) {
      throw conflict(`Attempt ${attemptId} needs no review: only text and photo answers are reviewed.`);
    }
    const refused = await refusalFor(tx, attempt, actor, now);
    if (refused) throw conflict(refused);
    // Nobody judges their own answer (issue 29 part 5): an operator who also plays is decided by someone else.
    if (found.email === actor.trim().toLowerCase()) throw conflict(said('selfReview'));
    const state = decision === 'approve' ? 'approved' : 'rejected';
    await tx
      .update(attempts)
      .set({
        review: state,
        decidedAt: now,
        decidedBy: actor,
        reviewReason: reason,
        leasedBy: null,
        leasedUntil: null,
        ...(decision === 'reject' ? { counted: false } : {}),
      })
      .where(eq(attempts.id, attemptId));
    const [spin] = await tx.select().from(spins).where(eq(spins.attemptId, attemptId)).for('update');
    const outcome: ReviewOutcome = {
      attemptId,
      decision,
      email: found.email,
      checkpointId: found.checkpointId,
      spin: 'none',
      ducks: 0,
    };
    if (spin && spin.ducks === null) {
      // Not spun yet: the spin either posts directly later, or is void.
      await tx
        .update(spins)
        .set(decision === 'approve' ? { needsReview: false } : { voidedAt: now })
        .where(eq(spins.id, spin.id));
      outcome.spin = decision === 'approve' ? 'posts-when-spun' : 'voided';
    } else if (spin?.ducks != null) {
      const base = { userId: attempt.userId, spinId: spin.id, at: now, reason: reason ?? undefined };
      await addLedgerRow(tx, { ...base, amount: -spin.ducks, posted: false, kind: `review-${decision}` });
      if (decision === 'approve') await addLedgerRow(tx, { ...base, amount: spin.ducks, posted: true, kind: 'review-approve' });
      Object.assign(outcome, { spin: decision === 'approve' ? 'posted' : 'reversed', ducks: spin.ducks });
    }
    await recordAudit(tx, {
      actor,
      action: `review.${decision}`,
      subject: reviewSubject(attemptId, found),
      before: { review: attempt.review, counted: attempt.counted },
      after: {
        review: state,
        counted: decision === 'approve' && attempt.counted,
        reason,
        spin: outcome.spin,
        ducks: outcome.ducks,
      },
      at: now,
    });
    return outcome;
  });
}

/** Whose answer an attempt is, and to which checkpoint (read before the visitor's lock is taken). */
async function answerOf(db: Db, attemptId: number): Promise<{ userId: number; email: string; checkpointId: string }> {
  const [found] = await db
    .select({ userId: attempts.userId, email: users.email, checkpointId: checkpoints.slug })
    .from(attempts)
    .innerJoin(users, eq(users.id, attempts.userId))
    .innerJoin(checkpoints, eq(checkpoints.id, attempts.checkpointId))
    .where(eq(attempts.id, attemptId));
  if (!found) throw notFound(`Attempt ${attemptId} does not exist.`);
  return found;
}

export interface UndoInput {
  /** An operator's e-mail, or CLI_ACTOR. */
  actor: string;
  /** An admin may undo anyone's decision; a reviewer only their own. */
  admin: boolean;
  now: Date;
  /** How long after the decision it can be undone (REVIEW_UNDO_SECONDS). */
  windowSeconds: number;
  /** The answer comes back held by the one who undid it (REVIEW_LEASE_SECONDS), to decide again. */
  leaseSeconds: number;
}

export interface UndoOutcome {
  attemptId: number;
  /** What the decision had been. */
  undone: 'approved' | 'rejected';
  /** What undoing did to the spin's ducks: back to pending, or the unspent spin restored. */
  spin: 'back-to-pending' | 'awaits-review' | 'unvoided' | 'none';
  ducks: number;
}

/**
 * Takes a decision back, within `windowSeconds` of it (issue 28 part 3): the answer is pending again, the spin's
 * ducks pending again through the ledger (a posted approval is taken back, a rejection's reversal re-added), the
 * visitor's notice of the decision withdrawn (told again when the answer is decided anew), audited. Refused when the
 * visitor has since spent the ducks (no balance goes negative) or answered the checkpoint again (the new answer
 * stands); after the window, a correction is an adjustment in Participants.
 */
export async function undoDecision(db: Db, attemptId: number, input: UndoInput): Promise<UndoOutcome> {
  const { actor, now } = input;
  const found = await answerOf(db, attemptId);
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, found.userId);
    const [attempt] = await tx.select().from(attempts).where(eq(attempts.id, attemptId)).for('update');
    if (!attempt?.review) {
      throw conflict(`Attempt ${attemptId} needs no review: only text and photo answers are reviewed.`);
    }
    if (attempt.review === 'pending' || !attempt.decidedAt) throw conflict(said('notDecided'));
    const undone = attempt.review === 'approved' ? 'approved' : 'rejected';
    const decidedBy = attempt.decidedBy ?? 'an unknown operator';
    if (decidedBy !== actor && !input.admin) throw conflict(said('undoOthers', { by: decidedBy }));
    if (now.getTime() - attempt.decidedAt.getTime() > input.windowSeconds * 1000) {
      const at = await formatCampaignTime(tx, attempt.decidedAt);
      throw conflict(said('undoExpired', { at, window: durationText(input.windowSeconds) }));
    }
    if (undone === 'rejected') {
      const [later] = await tx
        .select({ id: attempts.id })
        .from(attempts)
        .where(
          and(eq(attempts.userId, attempt.userId), eq(attempts.checkpointId, attempt.checkpointId), gt(attempts.id, attemptId)),
        )
        .limit(1);
      if (later) throw conflict(said('undoAnsweredAgain'));
    }
    const [spin] = await tx.select().from(spins).where(eq(spins.attemptId, attemptId)).for('update');
    const outcome: UndoOutcome = { attemptId, undone, spin: 'none', ducks: 0 };
    const base = { userId: attempt.userId, spinId: spin?.id, at: now, kind: 'review-undo' as const };
    if (spin?.ducks != null) {
      // Spun: whether the approval posted the ducks or the spin did (approved before it), they are pending again.
      if (undone === 'approved') {
        const balance = user?.ducks ?? 0;
        if (balance < spin.ducks) throw conflict(said('undoSpent', { ducks: spin.ducks, balance }));
        await addLedgerRow(tx, { ...base, amount: -spin.ducks, posted: true });
      }
      await addLedgerRow(tx, { ...base, amount: spin.ducks, posted: false });
      Object.assign(outcome, { spin: 'back-to-pending', ducks: spin.ducks });
    } else if (spin) {
      // Not spun: an approval let it post directly, a rejection voided it; either way it waits for the review again.
      outcome.spin = undone === 'approved' ? 'awaits-review' : 'unvoided';
    }
    if (spin) await tx.update(spins).set({ needsReview: true, voidedAt: null }).where(eq(spins.id, spin.id));
    await tx
      .update(attempts)
      .set({
        review: 'pending',
        decidedAt: null,
        decidedBy: null,
        reviewReason: null,
        // The notice of the decision is withdrawn if unseen, and the next decision is told anew.
        decisionSeenAt: null,
        // A rejection freed the attempt (decision 052): pending, it counts again.
        counted: true,
        leasedBy: actor,
        leasedUntil: new Date(now.getTime() + input.leaseSeconds * 1000),
      })
      .where(eq(attempts.id, attemptId));
    await recordAudit(tx, {
      actor,
      action: 'review.undo',
      subject: reviewSubject(attemptId, found),
      before: { review: undone, decidedBy, reason: attempt.reviewReason, counted: attempt.counted },
      after: { review: 'pending', counted: true, spin: outcome.spin, ducks: outcome.ducks },
      at: now,
    });
    return outcome;
  });
}

/**
 * An answer as the audit trail names it: by the visitor's id, never their e-mail. The trail is append-only and
 * outlives an erasure (issue 29 part 3); the id leads to the visitor while they exist, and to nobody after.
 */
function reviewSubject(attemptId: number, found: { userId: number; checkpointId: string }): string {
  return `attempt ${attemptId} (user:${found.userId}, ${found.checkpointId})`;
}

/** "2 minutes", "90 seconds": a window as a reviewer reads it. */
function durationText(seconds: number): string {
  if (seconds % 60 !== 0) return `${seconds} seconds`;
  return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
}

/**
 * Why `actor` may not decide this reviewed answer now: decided already (who, when), or held by another reviewer
 * (decision 053; who, until when). The command line, run by whoever runs the server, is not a reviewer in the
 * queue: it decides regardless of holds. Times are in the campaign's clock.
 */
export async function refusalFor(
  db: DbOrTx,
  attempt: {
    review: string | null;
    decidedBy: string | null;
    decidedAt: Date | null;
    leasedBy: string | null;
    leasedUntil: Date | null;
  },
  actor: string,
  now: Date,
): Promise<Said | undefined> {
  if (attempt.review && attempt.review !== 'pending') {
    const at = attempt.decidedAt ? await formatCampaignTime(db, attempt.decidedAt) : 'an unknown time';
    return said('alreadyDecided', { state: attempt.review, by: attempt.decidedBy ?? 'an unknown operator', at });
  }
  const holder = actor === CLI_ACTOR ? undefined : heldByAnother(attempt, actor, now);
  return holder && said('reviewHeld', { by: holder.by, until: await formatCampaignTime(db, holder.until) });
}

/** Who holds a pending answer now (reviews/leases.ts), if anyone else than `actor`. */
function heldByAnother(
  attempt: { leasedBy: string | null; leasedUntil: Date | null },
  actor: string,
  now: Date,
): { by: string; until: Date } | undefined {
  const { leasedBy, leasedUntil } = attempt;
  if (!leasedBy || !leasedUntil || leasedUntil <= now || leasedBy === actor) return undefined;
  return { by: leasedBy, until: leasedUntil };
}
