// Whether a visitor is blocked (decision 020): asked by the sign-in before a session is started. Spins, claims
// and attempts read the same column under the visitor's lock (ledger/ledger.ts lockUserRow, qq_claim).
import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';

/**
 * By id or by e-mail address; `lock` takes the visitor's row lock in share mode (in a transaction): a block
 * waits for that transaction, and one that committed first is seen.
 */
export async function isBlocked(db: DbOrTx, who: number | string, options: { lock?: boolean } = {}): Promise<boolean> {
  const query = db
    .select({ id: users.id })
    .from(users)
    .where(and(typeof who === 'number' ? eq(users.id, who) : eq(users.email, who), isNotNull(users.blockedAt)))
    .limit(1);
  const rows = options.lock ? await query.for('share') : await query;
  return rows.length > 0;
}
