// Whether a visitor may still answer a checkpoint: its window, the cap, and whether it already earned its
// spin (docs/product.md §9). The attempt checks these in its transaction; an upload URL checks them before
// any photo is sent (decision 017).
import { LATE_ANSWER_GRACE_SEC, said } from '@quackquest/contract';
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { attempts, type checkpoints, spins } from '../db/schema';
import { conflict, forbidden } from '../domain/errors';

type Checkpoint = typeof checkpoints.$inferSelect;

/**
 * Refuses (403) outside the checkpoint's window, with the same words as an attempt. `answeredAtMs`: when an
 * answer kept on the phone while offline was made (decision 036); it is taken after the close only when it
 * was made while the checkpoint was open and at most LATE_ANSWER_GRACE_SEC ago. The phone's clock is not
 * trusted further than that bound.
 */
export function checkWindow(checkpoint: Checkpoint, nowSec: number, answeredAtMs?: number): void {
  if (nowSec < checkpoint.startTime) throw forbidden(said('checkpointLocked'));
  if (nowSec > checkpoint.endTime && !answeredInTime(checkpoint, nowSec, answeredAtMs)) {
    throw forbidden(said('checkpointEnded'));
  }
}

function answeredInTime(checkpoint: Checkpoint, nowSec: number, answeredAtMs: number | undefined): boolean {
  if (answeredAtMs === undefined) return false;
  const answeredSec = Math.floor(answeredAtMs / 1000);
  // Before the close (so never in the future), after the open, and within the grace of now.
  return (
    answeredSec >= checkpoint.startTime && answeredSec <= checkpoint.endTime && nowSec - answeredSec <= LATE_ANSWER_GRACE_SEC
  );
}

/** Refuses at the cap (403) and once the checkpoint is completed (409). */
export async function checkAttemptsLeft(db: DbOrTx, userId: number, checkpoint: Checkpoint, used?: number): Promise<void> {
  refuseAtCap(checkpoint, used ?? (await countAttempts(db, userId, checkpoint.id)));
  if (await hasCompleted(db, userId, checkpoint.id)) throw alreadyCompleted();
}

/** The cap's refusal (403); qq_answer (qq_answer.sql) refuses an answer at the cap with the same words. */
function refuseAtCap(checkpoint: Checkpoint, used: number): void {
  if (checkpoint.maxAttempts > 0 && used >= checkpoint.maxAttempts)
    throw forbidden(said('maxAttempts', { maxAttempts: checkpoint.maxAttempts }));
}

export const alreadyCompleted = () => conflict(said('checkpointCompleted'));

async function countAttempts(db: DbOrTx, userId: number, checkpointId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.checkpointId, checkpointId), eq(attempts.counted, true)));
  return row?.n ?? 0;
}

/** A checkpoint earns its spin once: a further success would be a free spin. */
async function hasCompleted(db: DbOrTx, userId: number, checkpointId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: attempts.id })
    .from(attempts)
    .innerJoin(spins, eq(spins.attemptId, attempts.id))
    .where(and(eq(attempts.userId, userId), eq(attempts.checkpointId, checkpointId), eq(attempts.counted, true)))
    .limit(1);
  if (row) return true;
  const [noSpin] = await db
    .select({ id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.checkpointId, checkpointId), eq(attempts.outcome, 'valid')))
    .limit(1);
  return Boolean(noSpin);
}
