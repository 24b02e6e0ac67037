// Operator corrections of a user's ducks: a posted ledger row with the reason, never a bare UPDATE.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { conflict, invalid, notFound } from '../domain/errors';
import { addLedgerRow, lockUser } from '../ledger/ledger';

/** Large enough for any correction, small enough to stay far from the integer column's limit. */
const MAX_ADJUSTMENT = 1_000_000;

/** An operator's correction of a user's ducks, with the reason kept on the ledger row. */
export async function adjustDucks(db: Db, email: string, amount: number, reason: string, now = new Date()) {
  if (!Number.isInteger(amount) || amount === 0 || Math.abs(amount) > MAX_ADJUSTMENT) {
    throw invalid(`The amount must be a whole number other than 0, at most ${MAX_ADJUSTMENT} either way.`);
  }
  if (!reason.trim()) throw invalid('A reason is required.');
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!found) throw notFound(`No user with the e-mail ${email}.`);
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, found.id);
    if (!user || user.ducks + amount < 0) throw conflict(`${email} has ${user?.ducks ?? 0} ducks: cannot take away ${-amount}.`);
    await addLedgerRow(tx, { userId: user.id, amount, posted: true, kind: 'adjustment', reason: reason.trim(), at: now });
    return { email: user.email, ducks: user.ducks + amount, pendingDucks: user.pendingDucks };
  });
}
