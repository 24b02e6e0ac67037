import {
  attemptBodySchema,
  attemptResultSchema,
  checkpointImageQuerySchema,
  checkpointImageSchema,
  checkpointListSchema,
  checkpointParamsSchema,
} from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { invalid } from '../domain/errors';
import { requestLanguage, translationsFor } from '../campaign/translations';
import { requireUserId, sessionEnded, sessionHash } from '../session/session';
import { submitAttemptOnce } from './attempt-keys';
import { checkpointImageUrl, checkpointListFor } from './queries';

export function checkpointRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/checkpoints',
      { config: { sessionInQuery: true }, schema: { response: { 200: checkpointListSchema } } },
      async (request, reply) => {
        const idHash = sessionHash(request);
        const campaign = await ctx.campaign.get();
        const data = await checkpointListFor(ctx)(campaign.id, idHash);
        if (!data) throw sessionEnded();
        // Titles and questions in the visitor's language, English where the pack has none (decision 037).
        const words = translationsFor(campaign.info.translations, requestLanguage(request))?.checkpoints;
        reply.header('vary', 'Accept-Language');
        if (!words) return { data };
        return {
          data: data.map((row) => {
            const own = words[row.checkpointId];
            return own ? { ...row, title: own.title ?? row.title, subtitle: own.subtitle ?? row.subtitle } : row;
          }),
        };
      },
    );

    app.get(
      '/api/checkpoint-image',
      { schema: { querystring: checkpointImageQuerySchema, response: { 200: checkpointImageSchema } } },
      async (request) => {
        await requireUserId(request);
        return { imageUrl: await checkpointImageUrl(ctx, request.query.img_id) };
      },
    );

    app.post(
      '/api/checkpoints/:id/attempts',
      { schema: { params: checkpointParamsSchema, body: attemptBodySchema, response: { 200: attemptResultSchema } } },
      async (request) => {
        const userId = await requireUserId(request);
        const key = request.headers['idempotency-key'];
        if (Array.isArray(key)) throw invalid('Send one Idempotency-Key header.');
        return submitAttemptOnce(ctx, userId, request.params.id, request.body, key);
      },
    );
  };
}
