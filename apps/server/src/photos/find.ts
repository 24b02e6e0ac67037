import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { attempts, checkpoints, uploads } from '../db/schema';

export interface StoredPhoto {
  key: string;
  contentType: string;
  /** Whose photo it is: the visitor who answered with it. */
  userId: number;
}

/** The stored photo of an Upload attempt: its key in Storage, the content type it was uploaded as, its owner. */
export async function findPhoto(db: Db, attemptId: number): Promise<StoredPhoto | undefined> {
  const [row] = await db
    .select({ key: uploads.key, contentType: uploads.contentType, userId: uploads.userId })
    .from(attempts)
    .innerJoin(checkpoints, eq(checkpoints.id, attempts.checkpointId))
    .innerJoin(uploads, and(eq(uploads.key, attempts.answer), eq(uploads.userId, attempts.userId), isNotNull(uploads.storedAt)))
    .where(and(eq(attempts.id, attemptId), eq(checkpoints.type, 'Upload')));
  return row;
}
