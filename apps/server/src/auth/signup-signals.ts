// Where and in which browser an account signed up (issue 32 part 3, decision 075), kept so that a prize committee
// can see several accounts that may be one person: the same browser, or many sign-ups from one address in minutes.
// Both are keyed hashes (HMAC-SHA256 with the server secret): two accounts can be compared, but no address or
// cookie can be read back from the table, nor guessed from it without the secret. Erasure deletes the row.
import { createHmac } from 'node:crypto';
import type { DbOrTx } from '../db/client';
import { signupSignals } from '../db/schema';

const keyed = (secret: string, kind: string, value: string) =>
  createHmac('sha256', secret).update(`signup-${kind}:${value}`).digest('base64url').slice(0, 22);

/**
 * Keeps the signals of a new account. `browser` is the hash of the browser's sign-in binding the proof was issued to
 * (decision 016), `address` the client's address as the trusted proxy reported it.
 */
export async function recordSignupSignals(
  db: DbOrTx,
  secret: string,
  signal: { userId: number; at: Date; address: string; browser: string },
): Promise<void> {
  await db
    .insert(signupSignals)
    .values({
      userId: signal.userId,
      at: signal.at,
      network: keyed(secret, 'network', signal.address),
      browser: keyed(secret, 'browser', signal.browser),
    })
    .onConflictDoNothing();
}
