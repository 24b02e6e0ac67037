// The only way ducks change: a ledger row, and in the same transaction the cached balance it moves.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { type LedgerKind, ledger, users } from '../db/schema';

export interface LedgerEntry {
  userId: number;
  amount: number;
  /** Posted rows make ducks; the others are pending ducks waiting for a review. */
  posted: boolean;
  kind: LedgerKind;
  spinId?: number;
  claimId?: number;
  reason?: string;
  at: Date;
}

export async function addLedgerRow(tx: Tx, entry: LedgerEntry): Promise<void> {
  await tx.insert(ledger).values({
    userId: entry.userId,
    amount: entry.amount,
    posted: entry.posted,
    kind: entry.kind,
    spinId: entry.spinId,
    claimId: entry.claimId,
    reason: entry.reason,
    createdAt: entry.at,
  });
  if (entry.amount === 0) return;
  await tx
    .update(users)
    .set(
      entry.posted
        ? { ducks: sql`${users.ducks} + ${entry.amount}`, ducksAt: entry.at }
        : { pendingDucks: sql`${users.pendingDucks} + ${entry.amount}` },
    )
    .where(eq(users.id, entry.userId));
}

/** Locks the user's row: every write of one user's game state takes this lock first. */
export async function lockUser(tx: Tx, userId: number) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return user;
}
