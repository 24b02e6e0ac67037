import { spinBodySchema, spinResultSchema, spinStatusSchema } from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { requireUserId } from '../session/session';
import { spinStatus, spinWheel } from './spin';

export function spinRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/spin', { schema: { response: { 200: spinStatusSchema } } }, async (request) => {
      const userId = await requireUserId(request);
      return spinStatus(ctx, userId);
    });

    app.post('/api/spin', { schema: { body: spinBodySchema, response: { 200: spinResultSchema } } }, async (request) => {
      const userId = await requireUserId(request);
      return spinWheel(ctx, userId);
    });
  };
}
