import { UPLOAD_MAX_BYTES, said, uploadUrlQuerySchema, uploadUrlSchema } from '@quackquest/contract';
import { errorCodes } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { invalid } from '../domain/errors';
import { requireUserId } from '../session/session';
import { checkUploadLink, createUploadUrl, storeUpload } from './uploads';

const keySchema = z.string().regex(/^[\w.-]{1,200}$/);
const linkSchema = z.object({ exp: z.coerce.number().int(), sig: z.string().max(100) });

export function uploadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/uploads/url',
      { schema: { querystring: uploadUrlQuerySchema, response: { 200: uploadUrlSchema } } },
      async (request) => createUploadUrl(ctx, await requireUserId(request), request.query),
    );

    // The body is not parsed: the handler streams it to storage once the link was checked (decision 017).
    app.addContentTypeParser(/^image\//, (_request, _payload, done) => done(null));
    app.put<{ Params: { key: string }; Querystring: { exp: number; sig: string } }>(
      '/api/uploads/:key',
      {
        // Public: the signed URL is the credential (a browser sends it to S3 the same way, without cookies).
        config: { public: true },
        // Before any body byte is read: a bad link or length is refused at once, and the connection closed
        // so the refused body is never received.
        onRequest: async (request, reply) => {
          try {
            const key = keySchema.safeParse((request.params as { key?: unknown }).key);
            const link = linkSchema.safeParse(request.query);
            if (!key.success || !link.success) throw invalid(said('uploadLinkInvalid'));
            const declared = request.headers['content-length'];
            const length = declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined;
            if (length !== undefined && length > UPLOAD_MAX_BYTES) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
            const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim();
            request.upload = await checkUploadLink(ctx, key.data, link.data, contentType, length);
          } catch (error) {
            void reply.header('connection', 'close');
            throw error;
          }
        },
      },
      async (request, reply) => {
        try {
          await storeUpload(ctx, request.upload!, request.raw);
        } catch (error) {
          void reply.header('connection', 'close');
          throw error;
        }
        return reply.status(200).send({ key: request.params.key });
      },
    );
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The upload a checked link points to (PUT /api/uploads/:key). */
    upload?: Awaited<ReturnType<typeof checkUploadLink>>;
  }
}
