// Photo uploads: a short-lived URL signed for one user, checkpoint, content type and size limit.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { UPLOAD_MAX_BYTES, messages, uploadUrlQuerySchema, uploadUrlSchema } from '@quackquest/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { uploads } from '../db/schema';
import { badRequest, forbidden } from '../http/errors';
import { findCheckpoint } from '../checkpoints/queries';
import { requireUserId } from '../session/session';
import { detectImageType } from './image-type';

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

export function uploadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/uploads/url',
      { schema: { querystring: uploadUrlQuerySchema, response: { 200: uploadUrlSchema } } },
      async (request) => {
        const userId = await requireUserId(ctx.db, request);
        const campaign = await ctx.campaign.get();
        const checkpoint = await findCheckpoint(ctx.db, campaign.id, request.query.checkpointId);
        if (checkpoint.type !== 'Upload') throw badRequest('This checkpoint does not take a photo.');
        const contentType = request.query.filetype;
        const key = `${userId}-${checkpoint.slug}-${Math.floor(ctx.now() / 1000)}-${randomBytes(6).toString('hex')}.${EXTENSIONS[contentType]}`;
        await ctx.db.insert(uploads).values({ key, userId, checkpointId: checkpoint.id, contentType, size: 0 });
        const expires = Math.floor(ctx.now() / 1000) + URL_TTL_SEC;
        const presigned = await ctx.storage.presignPut(key, contentType, undefined, URL_TTL_SEC);
        const query = new URLSearchParams({ exp: String(expires), sig: sign(ctx.secret, key, userId, contentType, expires) });
        return { uploadUrl: presigned ?? `/api/uploads/${key}?${query.toString()}`, key, maxBytes: UPLOAD_MAX_BYTES };
      },
    );

    app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES }, (_request, body, done) => {
      done(null, body);
    });
    app.put(
      '/api/uploads/:key',
      {
        bodyLimit: UPLOAD_MAX_BYTES,
        schema: {
          params: z.object({ key: z.string().regex(/^[\w.-]{1,200}$/, 'not an upload key') }),
          querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().max(100) }),
        },
      },
      async (request, reply) => {
        const { key } = request.params;
        const [upload] = await ctx.db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
        const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim();
        const expected = upload ? sign(ctx.secret, key, upload.userId, upload.contentType, request.query.exp) : '';
        if (!upload || !safeEqual(expected, request.query.sig)) throw forbidden('This upload link is not valid.');
        if (request.query.exp < Math.floor(ctx.now() / 1000)) throw forbidden('This upload link has expired. Please try again.');
        if (contentType !== upload.contentType) throw badRequest(`This link takes only ${upload.contentType} files.`);
        const bytes = request.body;
        if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw badRequest('The photo is empty.');
        if (detectImageType(bytes.subarray(0, 32)) !== upload.contentType) {
          throw badRequest('This file is not a valid image. Please choose a photo.');
        }
        await ctx.storage.put(key, bytes, contentType);
        await ctx.db.update(uploads).set({ size: bytes.length }).where(eq(uploads.key, key));
        return reply.status(200).send({ key });
      },
    );
  };
}

/** Checks that an answer's upload key is this user's photo for this checkpoint, and really an image. */
export async function checkUpload(ctx: AppContext, userId: number, checkpointId: number, key: string): Promise<void> {
  const [upload] = await ctx.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.userId, userId), eq(uploads.checkpointId, checkpointId)))
    .limit(1);
  if (!upload) throw badRequest('This photo was not found. Please upload it again.');
  const stored = await ctx.storage.inspect(key);
  if (!stored) throw badRequest('The photo has not finished uploading. Please upload it again.');
  if (stored.size > UPLOAD_MAX_BYTES) throw badRequest(messages.uploadTooLarge);
  if (detectImageType(stored.head) !== upload.contentType)
    throw badRequest('This file is not a valid image. Please choose a photo.');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
