import type { Checkpoint } from '@quackquest/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { attempts, checkpoints, spins } from '../db/schema';
import { notFound } from '../http/errors';

export async function findCheckpoint(db: Db, campaignId: string, slug: string) {
  const [row] = await db
    .select()
    .from(checkpoints)
    .where(and(eq(checkpoints.campaignId, campaignId), eq(checkpoints.slug, slug), eq(checkpoints.removed, false)))
    .limit(1);
  if (!row) throw notFound('Checkpoint not found.');
  return row;
}

/** The campaign's checkpoints with this user's attempt counts. Secret fields are not selected. */
export async function listCheckpoints(db: Db, campaignId: string, userId: number): Promise<Checkpoint[]> {
  const rows = await db
    .select({
      checkpointId: checkpoints.slug,
      title: checkpoints.title,
      subtitle: checkpoints.subtitle,
      sequence: checkpoints.sequence,
      type: checkpoints.type,
      image: checkpoints.image,
      choices: checkpoints.choices,
      startTime: checkpoints.startTime,
      endTime: checkpoints.endTime,
      maxAttempts: checkpoints.maxAttempts,
      attempts: sql<number>`count(${attempts.id}) filter (where ${attempts.counted})`.mapWith(Number),
      completed:
        sql<boolean>`coalesce(bool_or(${attempts.counted} and (${attempts.outcome} = 'valid' or ${spins.id} is not null)), false)`.mapWith(
          (v) => v === true || v === 't',
        ),
    })
    .from(checkpoints)
    .leftJoin(attempts, and(eq(attempts.checkpointId, checkpoints.id), eq(attempts.userId, userId)))
    .leftJoin(spins, eq(spins.attemptId, attempts.id))
    .where(and(eq(checkpoints.campaignId, campaignId), eq(checkpoints.removed, false)))
    .groupBy(checkpoints.id)
    .orderBy(asc(checkpoints.sequence));
  return rows.map(({ image, choices, ...row }) => ({
    ...row,
    type: row.type as Checkpoint['type'],
    imgId: imageId(image),
    mcqChoices: choices ? choices.join('_') : null,
  }));
}

/** "images/day-01.svg" -> "day-01.svg": the id the browser asks GET /api/checkpoint-image for. */
export function imageId(image: string | null): string | null {
  return image ? image.replace(/^images\//, '') : null;
}
