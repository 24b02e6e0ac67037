// Whether a visitor is blocked (decision 020): asked by the sign-in before a session is started. Spins, claims
// and attempts read the same column under the visitor's lock (qq_spin, qq_claim).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';

/**
 * By id or by e-mail address; `lock` takes the visitor's row lock in share mode (in a transaction): a block
 * waits for that transaction, and one that committed first is seen.
 */
export async function isBlocked(db: DbOrTx, who: number | string, options: { lock?: boolean } = {}): Promise<boolean> {
  // The row is read (and locked) whether blocked or not: a lock on "no blocked row" would lock nothing.
  const query = db
    .select({ blockedAt: users.blockedAt })
    .from(users)
    .where(typeof who === 'number' ? eq(users.id, who) : eq(users.email, who))
    .limit(1);
  const [row] = options.lock ? await query.for('share') : await query;
  return row?.blockedAt != null;
}
