// An answer sent with an Idempotency-Key (decision 036): a phone that kept answers while offline sends each
// with its own key, and may send it again when the response was lost. The first answer with a key is
// recorded with its result in the answer's own transaction; the same key again returns that result and
// changes nothing; the same key with another answer is refused. Keys belong to one visitor.
import { createHash } from 'node:crypto';
import type { AttemptBody, AttemptResult } from '@quackquest/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { attemptKeys } from '../db/schema';
import { DomainError } from '../domain/errors';
import { requireIdempotencyKey } from '../domain/idempotency-key';
import { submitAttempt, toldAgain } from './attempts';

export async function submitAttemptOnce(
  ctx: AppContext,
  userId: number,
  slug: string,
  body: AttemptBody,
  key: string | undefined,
): Promise<AttemptResult> {
  if (key === undefined) return submitAttempt(ctx, userId, slug, body);
  requireIdempotencyKey(key);
  const fingerprint = fingerprintOf(slug, body);
  const first = await findFirst(ctx.db, userId, key, fingerprint);
  if (first) return toldAgain(ctx, slug, body, first);
  try {
    return await submitAttempt(ctx, userId, slug, body, { key, fingerprint });
  } catch (error) {
    // A twin of this request (the same key sent twice at once) may have been answered while this one waited
    // for the visitor's lock (decision 003): its result stands, whatever this one would have said (KeyTaken
    // included: this one's answer was not kept).
    const twin = await findFirst(ctx.db, userId, key, fingerprint);
    if (twin) return toldAgain(ctx, slug, body, twin);
    throw error;
  }
}

async function findFirst(db: DbOrTx, userId: number, key: string, fingerprint: string): Promise<AttemptResult | null> {
  const [row] = await db
    .select({ fingerprint: attemptKeys.fingerprint, result: attemptKeys.result })
    .from(attemptKeys)
    .where(and(eq(attemptKeys.userId, userId), eq(attemptKeys.key, key)));
  if (!row) return null;
  if (row.fingerprint !== fingerprint) {
    throw new DomainError('mismatch', 'This Idempotency-Key was already used for another answer.');
  }
  return row.result;
}

/** The checkpoint and the answer as sent; when it was made is not part of it (the same answer, sent again). */
function fingerprintOf(slug: string, body: AttemptBody): string {
  return createHash('sha256')
    .update(JSON.stringify([slug, body.answer, body.typed === true]))
    .digest('base64url');
}
