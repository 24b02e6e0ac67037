// Photo uploads: a short-lived URL signed for one user, checkpoint, content type and size limit.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { UPLOAD_MAX_BYTES, messages, type uploadUrlQuerySchema, type uploadUrlSchema } from '@quackquest/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { findCheckpoint } from '../checkpoints/queries';
import type { AppContext } from '../context';
import { uploads } from '../db/schema';
import { forbidden, invalid } from '../domain/errors';
import { detectImageType } from './image-type';

type UploadUrlQuery = z.infer<typeof uploadUrlQuerySchema>;
type UploadUrl = z.infer<typeof uploadUrlSchema>;

const URL_TTL_SEC = 15 * 60;
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
};

function sign(secret: string, key: string, userId: number, contentType: string, expires: number): string {
  return createHmac('sha256', secret).update(`${key}\n${userId}\n${contentType}\n${expires}`).digest('base64url');
}

/** A place for the user's photo of an Upload checkpoint, and the URL to send it to. */
export async function createUploadUrl(ctx: AppContext, userId: number, query: UploadUrlQuery): Promise<UploadUrl> {
  const campaign = await ctx.campaign.get();
  const checkpoint = await findCheckpoint(ctx.db, campaign.id, query.checkpointId);
  if (checkpoint.type !== 'Upload') throw invalid('This checkpoint does not take a photo.');
  const contentType = query.filetype;
  const key = `${userId}-${checkpoint.slug}-${Math.floor(ctx.now() / 1000)}-${randomBytes(6).toString('hex')}.${EXTENSIONS[contentType]}`;
  await ctx.db.insert(uploads).values({ key, userId, checkpointId: checkpoint.id, contentType, size: 0 });
  const expires = Math.floor(ctx.now() / 1000) + URL_TTL_SEC;
  const presigned = await ctx.storage.presignPut(key, contentType, undefined, URL_TTL_SEC);
  const signed = new URLSearchParams({ exp: String(expires), sig: sign(ctx.secret, key, userId, contentType, expires) });
  return { uploadUrl: presigned ?? `/api/uploads/${key}?${signed.toString()}`, key, maxBytes: UPLOAD_MAX_BYTES };
}

/** Stores a photo sent to a signed upload URL: the signature is the credential, not a session. */
export async function storeUpload(
  ctx: AppContext,
  key: string,
  link: { exp: number; sig: string },
  contentType: string,
  bytes: unknown,
): Promise<void> {
  const [upload] = await ctx.db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  const expected = upload ? sign(ctx.secret, key, upload.userId, upload.contentType, link.exp) : '';
  if (!upload || !safeEqual(expected, link.sig)) throw forbidden('This upload link is not valid.');
  if (link.exp < Math.floor(ctx.now() / 1000)) throw forbidden('This upload link has expired. Please try again.');
  if (contentType !== upload.contentType) throw invalid(`This link takes only ${upload.contentType} files.`);
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw invalid('The photo is empty.');
  if (detectImageType(bytes.subarray(0, 32)) !== upload.contentType) {
    throw invalid('This file is not a valid image. Please choose a photo.');
  }
  await ctx.storage.put(key, bytes, contentType);
  await ctx.db.update(uploads).set({ size: bytes.length }).where(eq(uploads.key, key));
}

/** Checks that an answer's upload key is this user's photo for this checkpoint, and really an image. */
export async function checkUpload(ctx: AppContext, userId: number, checkpointId: number, key: string): Promise<void> {
  const [upload] = await ctx.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.userId, userId), eq(uploads.checkpointId, checkpointId)))
    .limit(1);
  if (!upload) throw invalid('This photo was not found. Please upload it again.');
  const stored = await ctx.storage.inspect(key);
  if (!stored) throw invalid('The photo has not finished uploading. Please upload it again.');
  if (stored.size > UPLOAD_MAX_BYTES) throw invalid(messages.uploadTooLarge);
  if (detectImageType(stored.head) !== upload.contentType)
    throw invalid('This file is not a valid image. Please choose a photo.');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
