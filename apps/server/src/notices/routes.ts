import { noticeListSchema, noticesSeenBodySchema, noticesSeenSchema } from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { requireUserId } from '../session/session';
import { markDecisionsSeen, unseenDecisions } from './notices';

export function noticeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/notices', { schema: { response: { 200: noticeListSchema } } }, async (request) => {
      const userId = await requireUserId(request);
      return { notices: await unseenDecisions(ctx.db, userId, Math.floor(ctx.now() / 1000)) };
    });

    app.post(
      '/api/notices/seen',
      { schema: { body: noticesSeenBodySchema, response: { 200: noticesSeenSchema } } },
      async (request) => {
        const userId = await requireUserId(request);
        return { seen: await markDecisionsSeen(ctx.db, userId, request.body.attemptIds, new Date(ctx.now())) };
      },
    );
  };
}
