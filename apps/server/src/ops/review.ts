// Reviewing text and photo answers: approval posts the pending ducks, rejection reverses them and
// frees the attempt so the visitor may try again. Each decision is a ledger row.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { attempts, checkpoints, spins, users } from '../db/schema';
import { addLedgerRow, lockUser } from '../ledger/ledger';

export class OpsError extends Error {}

export async function listPendingReviews(db: Db) {
  return db
    .select({
      attemptId: attempts.id,
      email: users.email,
      checkpointId: checkpoints.slug,
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
}

export type ReviewDecision = 'approve' | 'reject';

export async function reviewAttempt(db: Db, attemptId: number, decision: ReviewDecision, note?: string, now = new Date()) {
  const [found] = await db.select({ userId: attempts.userId }).from(attempts).where(eq(attempts.id, attemptId));
  if (!found) throw new OpsError(`Attempt ${attemptId} does not exist.`);
  return db.transaction(async (tx) => {
    await lockUser(tx, found.userId);
    const [attempt] = await tx.select().from(attempts).where(eq(attempts.id, attemptId)).for('update');
    if (attempt?.review !== 'pending')
      throw new OpsError(`Attempt ${attemptId} is not waiting for review (${attempt?.review ?? 'no review'}).`);
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
    if (!spin) return { ducks: 0 };
    if (spin.ducks === null) {
      // Not spun yet: the spin either posts directly later, or is void.
      await tx
        .update(spins)
        .set(decision === 'approve' ? { needsReview: false } : { voidedAt: now })
        .where(and(eq(spins.id, spin.id)));
      return { ducks: 0 };
    }
    const base = { userId: attempt.userId, spinId: spin.id, at: now, reason: note };
    if (decision === 'approve') {
      await addLedgerRow(tx, { ...base, amount: -spin.ducks, posted: false, kind: 'review-approve' });
      await addLedgerRow(tx, { ...base, amount: spin.ducks, posted: true, kind: 'review-approve' });
    } else {
      await addLedgerRow(tx, { ...base, amount: -spin.ducks, posted: false, kind: 'review-reject' });
    }
    return { ducks: spin.ducks };
  });
}

/** An operator's correction of a user's ducks, with the reason kept on the ledger row. */
export async function adjustDucks(db: Db, email: string, amount: number, reason: string, now = new Date()) {
  if (!Number.isInteger(amount) || amount === 0) throw new OpsError('The amount must be a whole number other than 0.');
  if (!reason.trim()) throw new OpsError('A reason is required.');
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!found) throw new OpsError(`No user with the e-mail ${email}.`);
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, found.id);
    if (!user || user.ducks + amount < 0)
      throw new OpsError(`${email} has ${user?.ducks ?? 0} ducks: cannot take away ${-amount}.`);
    await addLedgerRow(tx, { userId: user.id, amount, posted: true, kind: 'adjustment', reason: reason.trim(), at: now });
    return { ducks: user.ducks + amount };
  });
}
