// Telling the visitor what a reviewer decided (docs/product.md §5.7, decision 023): each decision on one of their
// text or photo answers is listed until it has been shown once, on whichever device asks first.
import type { Notice } from '@quackquest/contract';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { attempts, checkpoints, spins } from '../db/schema';

/** The decisions this visitor has not been shown, oldest first; `nowSec` decides whether a rejection can be retried. */
export async function unseenDecisions(db: Db, userId: number, nowSec: number): Promise<Notice[]> {
  const rows = await db
    .select({
      attemptId: attempts.id,
      checkpointId: checkpoints.slug,
      checkpointTitle: checkpoints.title,
      type: checkpoints.type,
      decision: attempts.review,
      reason: attempts.reviewReason,
      ducks: spins.ducks,
      // Open now, not completed since, and an attempt left (a rejected answer does not count).
      canRetry: sql<boolean>`${attempts.review} = 'rejected' and ${checkpoints.removed} = false
        and ${checkpoints.startTime} <= ${nowSec} and ${checkpoints.endTime} >= ${nowSec}
        and not exists (select 1 from attempts later left join spins ls on ls.attempt_id = later.id
          where later.user_id = ${attempts.userId} and later.checkpoint_id = ${attempts.checkpointId}
            and later.counted and (later.outcome = 'valid' or ls.id is not null))
        and (${checkpoints.maxAttempts} = 0 or (select count(*) from attempts c
          where c.user_id = ${attempts.userId} and c.checkpoint_id = ${attempts.checkpointId} and c.counted)
          < ${checkpoints.maxAttempts})`,
    })
    .from(attempts)
    .innerJoin(checkpoints, eq(checkpoints.id, attempts.checkpointId))
    .leftJoin(spins, eq(spins.attemptId, attempts.id))
    .where(and(eq(attempts.userId, userId), isNotNull(attempts.decidedAt), isNull(attempts.decisionSeenAt)))
    .orderBy(asc(attempts.decidedAt), asc(attempts.id))
    .limit(50);
  return rows.map((row) => ({
    ...row,
    type: row.type as Notice['type'],
    decision: row.decision === 'approved' ? 'approved' : 'rejected',
    canRetry: row.canRetry === true || (row.canRetry as unknown) === 't',
  }));
}

/** Marks these decisions (the visitor's own, decided) as shown; returns how many were not shown before. */
export async function markDecisionsSeen(db: Db, userId: number, attemptIds: number[], now: Date): Promise<number> {
  const marked = await db
    .update(attempts)
    .set({ decisionSeenAt: now })
    .where(
      and(
        eq(attempts.userId, userId),
        inArray(attempts.id, attemptIds),
        isNotNull(attempts.decidedAt),
        isNull(attempts.decisionSeenAt),
      ),
    )
    .returning({ id: attempts.id });
  return marked.length;
}
