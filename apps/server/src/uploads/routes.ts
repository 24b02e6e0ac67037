import { UPLOAD_MAX_BYTES, uploadUrlQuerySchema, uploadUrlSchema } from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireUserId } from '../session/session';
import { createUploadUrl, storeUpload } from './uploads';

export function uploadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/uploads/url',
      { schema: { querystring: uploadUrlQuerySchema, response: { 200: uploadUrlSchema } } },
      async (request) => createUploadUrl(ctx, await requireUserId(request), request.query),
    );

    app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES }, (_request, body, done) => {
      done(null, body);
    });
    app.put(
      '/api/uploads/:key',
      {
        // Public: the signed URL is the credential (a browser sends it to S3 the same way, without cookies).
        config: { public: true },
        bodyLimit: UPLOAD_MAX_BYTES,
        schema: {
          params: z.object({ key: z.string().regex(/^[\w.-]{1,200}$/, 'not an upload key') }),
          querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().max(100) }),
        },
      },
      async (request, reply) => {
        const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim();
        await storeUpload(ctx, request.params.key, request.query, contentType, request.body);
        return reply.status(200).send({ key: request.params.key });
      },
    );
  };
}
