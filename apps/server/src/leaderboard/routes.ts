// GET /api/me and GET /api/leaderboard: a visitor's standing (ducks, pending ducks, rank of how many) and the top
// of the board, both from the rank index (ranking.ts) in the same query that checks the session.
import { leaderboardSchema, meSchema } from '@quackquest/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { sessionEnded, sessionHash } from '../session/session';
import { rankIndexFor } from './ranking';

export function leaderboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The session is checked in the same query as the rank: no separate lookup, and a logout shows at once.
    async function standing(request: FastifyRequest) {
      const found = await rankIndexFor(ctx).standing(sessionHash(request), ctx.now());
      if (!found) throw sessionEnded();
      return found;
    }

    app.get('/api/me', { config: { sessionInQuery: true }, schema: { response: { 200: meSchema } } }, async (request) => {
      const me = await standing(request);
      return {
        duckPoints: me.ducks,
        pendingDuckPoints: me.pendingDucks,
        rank: me.rank,
        totalUsers: me.totalUsers,
        userName: me.fullName,
      };
    });

    app.get(
      '/api/leaderboard',
      { config: { sessionInQuery: true }, schema: { response: { 200: leaderboardSchema } } },
      async (request) => {
        const [me, top] = await Promise.all([standing(request), rankIndexFor(ctx).top()]);
        return {
          me: { rank: me.rank, totalUsers: me.totalUsers, duckPoints: me.ducks },
          // The cached top is everyone's: which row is this visitor's is decided per request, ids stay here.
          top: top.map(({ id, ...row }) => ({ ...row, you: id === me.id })),
        };
      },
    );
  };
}
