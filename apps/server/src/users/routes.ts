import { leaderboardSchema, meSchema } from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { requireUser } from '../session/session';
import { getRank, getTop, getTotalUsers } from './ranking';

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/me', { schema: { response: { 200: meSchema } } }, async (request) => {
      const user = await requireUser(ctx.db, request);
      const [rank, totalUsers] = await Promise.all([getRank(ctx.db, user.id), getTotalUsers(ctx.db)]);
      return { duckPoints: user.ducks, pendingDuckPoints: user.pendingDucks, rank, totalUsers, userName: user.fullName };
    });

    app.get('/api/leaderboard', { schema: { response: { 200: leaderboardSchema } } }, async (request) => {
      const user = await requireUser(ctx.db, request);
      const [rank, totalUsers, top] = await Promise.all([getRank(ctx.db, user.id), getTotalUsers(ctx.db), getTop(ctx.db)]);
      return { me: { rank, totalUsers, duckPoints: user.ducks }, top };
    });
  };
}
