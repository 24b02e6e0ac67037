import {
  attemptBodySchema,
  attemptResultSchema,
  checkpointImageQuerySchema,
  checkpointImageSchema,
  checkpointListSchema,
  checkpointParamsSchema,
} from '@quackquest/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { checkpoints } from '../db/schema';
import { notFound } from '../http/errors';
import { requireUserId, sessionEnded, sessionHash } from '../session/session';
import { submitAttempt } from './attempts';
import { checkpointListFor } from './queries';

export function checkpointRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/checkpoints', { schema: { response: { 200: checkpointListSchema } } }, async (request) => {
      const idHash = sessionHash(request);
      const campaign = await ctx.campaign.get();
      const data = await checkpointListFor(ctx)(campaign.id, idHash);
      if (!data) throw sessionEnded();
      return { data };
    });

    app.get(
      '/api/checkpoint-image',
      { schema: { querystring: checkpointImageQuerySchema, response: { 200: checkpointImageSchema } } },
      async (request) => {
        await requireUserId(ctx.db, request);
        const campaign = await ctx.campaign.get();
        const image = `images/${request.query.img_id}`;
        const [row] = await ctx.db
          .select({ id: checkpoints.id })
          .from(checkpoints)
          .where(and(eq(checkpoints.campaignId, campaign.id), eq(checkpoints.image, image), eq(checkpoints.removed, false)))
          .limit(1);
        if (!row) throw notFound('Image not found.');
        return { imageUrl: `/api/campaign/images/${encodeURIComponent(request.query.img_id)}` };
      },
    );

    app.post(
      '/api/checkpoints/:id/attempts',
      { schema: { params: checkpointParamsSchema, body: attemptBodySchema, response: { 200: attemptResultSchema } } },
      async (request) => {
        const userId = await requireUserId(ctx.db, request);
        return submitAttempt(ctx, userId, request.params.id, request.body);
      },
    );
  };
}
