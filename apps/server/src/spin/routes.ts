import {
  spinBodySchema,
  spinResultSchema,
  spinStatusSchema,
  wheelDaysSchema,
  wheelSeedBodySchema,
  wheelSpinsSchema,
} from '@quackquest/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { requireUserId } from '../session/session';
import { spinStatus, spinWheel } from './spin';
import { chooseWheelSeed, wheelSpins } from './wheel';
import { wheelDays } from './wheel-days';

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

    // Public: each day's commitment and odds are published before the day, for anyone to keep (decision 082).
    app.get('/api/wheel/days', { config: { public: true }, schema: { response: { 200: wheelDaysSchema } } }, async () => {
      const campaign = await ctx.campaign.get();
      return { days: await wheelDays(ctx, campaign), timeZone: campaign.info.timeZone };
    });

    app.get('/api/wheel/spins', { schema: { response: { 200: wheelSpinsSchema } } }, async (request) => {
      const userId = await requireUserId(request);
      return wheelSpins(ctx, userId);
    });

    app.put(
      '/api/wheel/seed',
      { schema: { body: wheelSeedBodySchema, response: { 200: z.object({ visitorSeed: z.string() }) } } },
      async (request) => {
        const userId = await requireUserId(request);
        return chooseWheelSeed(ctx, userId, request.body.seed);
      },
    );
  };
}
