// Photo uploads (decision 017): a short-lived URL signed for one visitor, checkpoint, content type and size,
// given only for an open Upload checkpoint with attempts left; a photo is stored once, used by one answer,
// and removed when no answer took it within its URL's life.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { UPLOAD_MAX_BYTES, said, type uploadUrlQuerySchema, type uploadUrlSchema } from '@quackquest/contract';
import { and, asc, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { checkAttemptsLeft, checkWindow } from '../checkpoints/eligibility';
import { findCheckpoint } from '../checkpoints/queries';
import type { AppContext } from '../context';
import { uploads } from '../db/schema';
import { DomainError, conflict, forbidden, invalid } from '../domain/errors';
import { detectImageType } from './image-type';
import { isStoreFailure } from './storage';

type UploadUrlQuery = z.infer<typeof uploadUrlQuerySchema>;
type UploadUrl = z.infer<typeof uploadUrlSchema>;
type Upload = typeof uploads.$inferSelect;

const URL_TTL_SEC = 15 * 60;
/**
 * An unused upload is removed this long after its URL was made: the URL's life plus time for a PUT started
 * just before expiry to finish (the body deadline for 10 MB is about 5 minutes, decision 017).
 */
const UNUSED_UPLOAD_LIFE_MS = (URL_TTL_SEC + 15 * 60) * 1000;
/**
 * Photos waiting for an answer, per visitor: a new URL removes the oldest beyond this. Three covers a retry
 * or two on a bad connection; one visitor can never hold more than 3 x 10 MB of unused photos.
 */
const MAX_UNUSED_UPLOADS = 3;
/** Expired unused uploads removed per URL request: the sweep stays short, and it runs on every request. */
const SWEEP_BATCH = 50;
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
};

function sign(secret: string, upload: Pick<Upload, 'key' | 'userId' | 'contentType' | 'size'>, expires: number): string {
  return createHmac('sha256', secret)
    .update(`${upload.key}\n${upload.userId}\n${upload.contentType}\n${upload.size}\n${expires}`)
    .digest('base64url');
}

/** A place for the visitor's photo of an open Upload checkpoint they may still answer, and the URL to send it to. */
export async function createUploadUrl(ctx: AppContext, userId: number, query: UploadUrlQuery): Promise<UploadUrl> {
  const campaign = await ctx.campaign.get();
  const checkpoint = await findCheckpoint(ctx, campaign, query.checkpointId);
  if (checkpoint.type !== 'Upload') throw invalid(said('uploadNotPhotoCheckpoint'));
  checkWindow(checkpoint, Math.floor(ctx.now() / 1000), query.answeredAt);
  await checkAttemptsLeft(ctx.db, userId, checkpoint);
  await removeExpiredUploads(ctx);
  await removeOldestUnused(ctx, userId);

  const contentType = query.filetype;
  const key = `${userId}-${checkpoint.slug}-${Math.floor(ctx.now() / 1000)}-${randomBytes(6).toString('hex')}.${EXTENSIONS[contentType]}`;
  const upload = { key, userId, checkpointId: checkpoint.id, contentType, size: query.filesize };
  await ctx.db.insert(uploads).values({ ...upload, createdAt: new Date(ctx.now()) });
  const expires = Math.floor(ctx.now() / 1000) + URL_TTL_SEC;
  const presigned = await ctx.storage.presignPut(key, contentType, query.filesize, URL_TTL_SEC);
  const signed = new URLSearchParams({ exp: String(expires), sig: sign(ctx.secret, upload, expires) });
  return {
    uploadUrl: presigned?.url ?? `/api/uploads/${key}?${signed.toString()}`,
    headers: presigned?.headers ?? { 'content-type': contentType },
    key,
    maxBytes: UPLOAD_MAX_BYTES,
  };
}

/**
 * Checks a PUT to an upload link before any byte of its body is read: the signature is the credential (not
 * a session), and the declared length must be the signed size.
 */
export async function checkUploadLink(
  ctx: AppContext,
  key: string,
  link: { exp: number; sig: string },
  contentType: string,
  contentLength: number | undefined,
): Promise<Upload> {
  const [upload] = await ctx.db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  if (!upload || !safeEqual(sign(ctx.secret, upload, link.exp), link.sig)) throw forbidden(said('uploadLinkInvalid'));
  if (link.exp < Math.floor(ctx.now() / 1000)) throw forbidden(said('uploadLinkExpired'));
  if (upload.storedAt || upload.usedAt) throw conflict(said('uploadReplaced'));
  if (contentType !== upload.contentType) throw invalid(said('uploadLinkType', { type: upload.contentType }));
  if (contentLength === undefined) throw invalid(said('uploadNoSize'));
  if (contentLength === 0) throw invalid(said('uploadEmpty'));
  if (contentLength !== upload.size) throw invalid(said('uploadSizeMismatch'));
  return upload;
}

/** Streams a checked link's photo to storage: the bytes must be the signed size and an image of the signed type. */
export async function storeUpload(ctx: AppContext, upload: Upload, body: Readable): Promise<void> {
  let stored: boolean;
  try {
    stored = await ctx.storage.put(upload.key, body, (received) => {
      if (received.size !== upload.size) throw invalid(said('uploadInterrupted'));
      if (detectImageType(received.head) !== upload.contentType) throw invalid(said('uploadNotImage'));
    });
  } catch (error) {
    // The store failed (a full disk): a 503 the log and qq_photo_store_errors_total show, not "interrupted".
    if (isStoreFailure(error)) throw new DomainError('unavailable', said('serverError'), { cause: error });
    // The sender went away mid-body: nothing was stored.
    if (!(error instanceof DomainError) && body.destroyed) {
      throw invalid(said('uploadInterrupted'));
    }
    throw error;
  }
  if (!stored) throw conflict(said('uploadReplaced'));
  const [row] = await ctx.db
    .update(uploads)
    .set({ storedAt: new Date(ctx.now()) })
    .where(and(eq(uploads.key, upload.key), isNull(uploads.storedAt)))
    .returning({ key: uploads.key });
  if (!row) {
    // The upload was removed while its bytes arrived (the visitor asked for newer URLs): keep nothing.
    await ctx.storage.remove(upload.key);
    throw forbidden(said('uploadLinkInvalid'));
  }
}

/** Checks that an answer's upload key is this user's photo for this checkpoint, and really an image. */
export async function checkUpload(ctx: AppContext, userId: number, checkpointId: number, key: string): Promise<void> {
  const [upload] = await ctx.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.userId, userId), eq(uploads.checkpointId, checkpointId)))
    .limit(1);
  if (!upload) throw invalid(said('uploadNotFound'));
  const stored = await ctx.storage.inspect(key);
  if (!stored) throw invalid(said('uploadNotFinished'));
  if (stored.size > UPLOAD_MAX_BYTES) throw invalid(said('uploadTooLarge'));
  if (detectImageType(stored.head) !== upload.contentType) throw invalid(said('uploadNotImage'));
  if (!upload.sha256) await hashUpload(ctx, key);
}

/**
 * Keeps the SHA-256 of a photo given as an answer, read once from the store (server-side, never over the ship's
 * link): the review queue flags a photo another visitor already sent (issue 28 part 4, reviews/review.ts).
 */
async function hashUpload(ctx: AppContext, key: string): Promise<void> {
  const body = await ctx.storage.read(key);
  if (!body) return;
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  await ctx.db
    .update(uploads)
    .set({ sha256: hash.digest('hex') })
    .where(eq(uploads.key, key));
}

/** Removes unused uploads whose URL's life is over, a batch at a time (each URL request runs it first). */
async function removeExpiredUploads(ctx: AppContext): Promise<void> {
  const expired = await ctx.db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(isNull(uploads.usedAt), lt(uploads.createdAt, new Date(ctx.now() - UNUSED_UPLOAD_LIFE_MS))))
    .orderBy(asc(uploads.createdAt))
    .limit(SWEEP_BATCH);
  await removeUnused(
    ctx,
    expired.map((row) => row.key),
  );
}

/** Keeps the visitor's newest unused uploads below the cap, making room for one more. */
async function removeOldestUnused(ctx: AppContext, userId: number): Promise<void> {
  const unused = await ctx.db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), isNull(uploads.usedAt)))
    .orderBy(desc(uploads.createdAt), desc(uploads.key));
  await removeUnused(
    ctx,
    unused.slice(MAX_UNUSED_UPLOADS - 1).map((row) => row.key),
  );
}

async function removeUnused(ctx: AppContext, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  // The row first, and only while unused: an answer taking the photo at this moment keeps it.
  const removed = await ctx.db
    .delete(uploads)
    .where(and(inArray(uploads.key, keys), isNull(uploads.usedAt)))
    .returning({ key: uploads.key });
  // A file that cannot be removed now stays (no row points to it); an S3 lifecycle rule is the backstop.
  await Promise.all(removed.map((row) => ctx.storage.remove(row.key).catch(() => undefined)));
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
