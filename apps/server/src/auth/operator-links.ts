// An operator address's sign-in (decision 056): its code is typed in the browser that asked for the link, so a
// code is compared only with the links this browser asked for, each at most WRONG_CODES_PER_LINK times. A
// stranger's wrong codes spend the stranger's own links, never the operator's, and no daily budget of the
// address (which anyone could spend) stands between the operator and the console.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { emailLinks } from '../db/schema';

/** Wrong codes one operator link takes before its code is refused (its token keeps working). */
const WRONG_CODES_PER_LINK = 5;

export type OperatorCodeOutcome = { email: string; returnTo: string } | 'codeWrong' | 'codeUsed' | 'linkExpired' | 'tooManyCodes';

/**
 * Compares the code's hash with the live links `browser` (the hash of its qq_browser binding) asked for the
 * address, under the address's lock (the caller's). A browser without a binding asked for none.
 */
export async function spendOperatorCode(
  tx: Tx,
  proof: { email: string; codeHash: string; browser: string | undefined; now: number; since: number },
): Promise<OperatorCodeOutcome> {
  const { email, codeHash, browser, now } = proof;
  if (!browser) return 'codeWrong';
  const links = await tx
    .select()
    .from(emailLinks)
    .where(
      and(eq(emailLinks.email, email), eq(emailLinks.requestedBy, browser), gt(emailLinks.createdAt, new Date(proof.since))),
    );
  const live = links.filter((link) => !link.usedAt && link.expiresAt.getTime() >= now);
  const compared = live.filter((link) => link.failedCodes < WRONG_CODES_PER_LINK);
  const match = compared.find((link) => link.codeHash === codeHash);
  if (match) {
    await tx
      .update(emailLinks)
      .set({ usedAt: new Date(now) })
      .where(eq(emailLinks.id, match.id));
    return { email: match.email, returnTo: match.returnTo };
  }
  if (links.some((link) => link.usedAt && link.codeHash === codeHash)) return 'codeUsed';
  if (compared.length === 0) {
    if (live.length > 0) return 'tooManyCodes';
    return links.some((link) => !link.usedAt) ? 'linkExpired' : 'codeWrong';
  }
  await countWrongCode(tx, compared);
  return 'codeWrong';
}

/** A wrong code typed against these links: each counts one more toward its own limit (magic-link.ts too). */
export async function countWrongCode(tx: Tx, links: readonly { id: number }[]): Promise<void> {
  await tx
    .update(emailLinks)
    .set({ failedCodes: sql`${emailLinks.failedCodes} + 1` })
    .where(
      inArray(
        emailLinks.id,
        links.map((link) => link.id),
      ),
    );
}
