// Reviewers share the queue without colliding (issue 28 part 1, decision 053): each reviewer is handed pending
// answers no other reviewer holds, oldest first, held for them for REVIEW_LEASE_SECONDS (120 s unless the setting of
// that name says otherwise). Asking again renews the
// hold and tops it up; answers outside a new filter are let go; a hold nobody renews lapses and the answer goes
// back to the queue. Rows are taken with FOR UPDATE SKIP LOCKED, so two reviewers asking at once on any number of
// instances never take the same answer; the database decides.
import { type SQL, and, asc, count, eq, gt, inArray, isNull, lte, min, ne, not, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { attempts, checkpoints } from '../db/schema';
import { type ReviewRow, listReviews, refusalFor } from './review';

export interface LeaseFilter {
  /** A checkpoint's slug. */
  checkpoint?: string | undefined;
  type?: 'Str' | 'Upload' | undefined;
}

interface Gone {
  attemptId: number;
  code: 'alreadyDecided' | 'reviewHeld';
  message: string;
}

export interface Lease {
  rows: ReviewRow[];
  /** Of the answers the reviewer said were on their screen, those now someone else's. */
  gone: Gone[];
  leasedUntil: Date;
  waiting: number;
  oldestSubmittedAt: Date | null;
  heldByOthers: number;
}

/** Pending answers of the reviewed kinds matching the filter (attempts joined with checkpoints). */
function matching(filter: LeaseFilter): SQL {
  const conditions: SQL[] = [eq(attempts.review, 'pending')];
  if (filter.checkpoint) conditions.push(eq(checkpoints.slug, filter.checkpoint));
  if (filter.type) conditions.push(eq(checkpoints.type, filter.type));
  return and(...conditions)!;
}

/** The attempts of pending answers matching the filter, as a subquery of ids. */
const idsMatching = (db: DbOrTx, filter: LeaseFilter) =>
  db
    .select({ id: attempts.id })
    .from(attempts)
    .innerJoin(checkpoints, eq(checkpoints.id, attempts.checkpointId))
    .where(matching(filter));

/** Held now by someone: a reviewer's e-mail and a time not yet passed. */
const heldAt = (now: Date) => and(sql`${attempts.leasedBy} is not null`, gt(attempts.leasedUntil, now));

/**
 * Hands `reviewer` up to `limit` pending answers matching `filter`: the ones they already hold (renewed), then the
 * oldest free ones. Their holds outside the filter are let go.
 */
export async function leaseReviews(
  db: Db,
  reviewer: string,
  filter: LeaseFilter,
  { limit, now, leaseSeconds, shown = [] }: { limit: number; now: Date; leaseSeconds: number; shown?: readonly number[] },
): Promise<Lease> {
  const leasedUntil = new Date(now.getTime() + leaseSeconds * 1000);
  const ids = await db.transaction(async (tx) => {
    const release = { leasedBy: null, leasedUntil: null };
    // Let go of what this reviewer holds outside the filter, and of anything decided meanwhile.
    await tx
      .update(attempts)
      .set(release)
      .where(
        and(
          eq(attempts.leasedBy, reviewer),
          or(not(inArray(attempts.id, idsMatching(tx, filter))), ne(attempts.review, 'pending')),
        ),
      );
    // Renew what they hold, oldest first, up to the limit; the rest goes back.
    const held = await tx
      .select({ id: attempts.id })
      .from(attempts)
      .where(and(eq(attempts.leasedBy, reviewer), eq(attempts.review, 'pending')))
      .orderBy(asc(attempts.id))
      .for('update');
    const kept = held.slice(0, limit).map((r) => r.id);
    const dropped = held.slice(limit).map((r) => r.id);
    if (dropped.length) await tx.update(attempts).set(release).where(inArray(attempts.id, dropped));
    // Top up with the oldest answers nobody holds. SKIP LOCKED: a row another reviewer is taking right now is
    // theirs; the lease re-checks the row once locked, so a hold taken meanwhile is never taken over.
    const free = limit - kept.length;
    const taken =
      free > 0
        ? await tx
            .select({ id: attempts.id })
            .from(attempts)
            .innerJoin(checkpoints, eq(checkpoints.id, attempts.checkpointId))
            .where(
              and(
                matching(filter),
                or(isNull(attempts.leasedUntil), lte(attempts.leasedUntil, now)),
                // Never the reviewer's own answers as a visitor: they may not decide them (reviews/review.ts).
                sql`not exists (select 1 from users u where u.id = ${attempts.userId} and u.email = ${reviewer})`,
              ),
            )
            .orderBy(asc(attempts.id))
            .limit(free)
            .for('update', { of: attempts, skipLocked: true })
        : [];
    const mine = [...kept, ...taken.map((r) => r.id)];
    if (mine.length) {
      await tx.update(attempts).set({ leasedBy: reviewer, leasedUntil }).where(inArray(attempts.id, mine));
    }
    return mine;
  });
  const [gone, rows, [counts]] = await Promise.all([
    goneFrom(
      db,
      reviewer,
      shown.filter((id) => !ids.includes(id)),
      now,
    ),
    ids.length ? listReviews(db, { state: 'pending', attemptIds: ids }) : Promise.resolve([]),
    db
      .select({
        waiting: count(),
        oldest: min(attempts.createdAt),
        heldByOthers: sql<number>`count(*) filter (where ${and(heldAt(now), ne(attempts.leasedBy, reviewer))})`,
      })
      .from(attempts)
      .innerJoin(checkpoints, eq(checkpoints.id, attempts.checkpointId))
      .where(matching(filter)),
  ]);
  return {
    rows,
    gone,
    leasedUntil,
    waiting: Number(counts?.waiting ?? 0),
    oldestSubmittedAt: counts?.oldest ? new Date(counts.oldest) : null,
    heldByOthers: Number(counts?.heldByOthers ?? 0),
  };
}

/** Which of these answers someone else decided, or another reviewer holds now, said as the decision would be refused. */
async function goneFrom(db: Db, reviewer: string, attemptIds: number[], now: Date): Promise<Gone[]> {
  if (!attemptIds.length) return [];
  const rows = await db
    .select({
      id: attempts.id,
      review: attempts.review,
      decidedBy: attempts.decidedBy,
      decidedAt: attempts.decidedAt,
      leasedBy: attempts.leasedBy,
      leasedUntil: attempts.leasedUntil,
    })
    .from(attempts)
    .where(inArray(attempts.id, attemptIds));
  const gone: Gone[] = [];
  for (const row of rows) {
    // Their own decision is not someone else's.
    if (row.decidedBy === reviewer) continue;
    const refusal = await refusalFor(db, row, reviewer, now);
    if (refusal) gone.push({ attemptId: row.id, code: refusal.code as Gone['code'], message: refusal.message });
  }
  return gone;
}
