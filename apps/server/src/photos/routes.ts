// A visitor's own photos (decision 054): GET /api/photos/:attemptId?size=thumb|screen, for the visitor who
// answered with it only; anyone else is told there is no such photo. The console's reviewers have their own
// route (reviews/routes.ts), which also gives the original.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { notFound } from '../domain/errors';
import { requireUserId } from '../session/session';
import { findPhoto } from './find';
import { type PhotoBody, openPhoto } from './renditions';

export const NO_PHOTO = 'This answer has no photo.';

export const attemptParamsSchema = z.object({ attemptId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/**
 * Sends a photo for the browser to keep: what an attempt's URL names never changes (a photo is written once,
 * its renditions are made from it), so a year, immutable; private, since only this person may see it.
 */
export function sendPhoto(reply: FastifyReply, photo: PhotoBody): FastifyReply {
  if (Buffer.isBuffer(photo.body)) void reply.header('content-length', photo.body.length);
  return reply
    .header('content-type', photo.contentType)
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .send(photo.body);
}

export function photoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/photos/:attemptId',
      {
        schema: {
          params: attemptParamsSchema,
          querystring: z.object({ size: z.enum(['thumb', 'screen']).default('screen') }),
        },
      },
      async (request, reply) => {
        const userId = await requireUserId(request);
        const photo = await findPhoto(ctx.db, request.params.attemptId);
        // Another visitor's photo is not theirs to know of: the same answer as no photo at all.
        const opened = photo?.userId === userId ? await openPhoto(ctx.storage, photo, request.query.size) : undefined;
        if (!opened) throw notFound(NO_PHOTO);
        return sendPhoto(reply, opened);
      },
    );
  };
}
