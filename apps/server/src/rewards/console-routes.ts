// Stock from the console (docs/product.md §15, issue 32 part 2, decision 071; admin only): the active campaign's
// rewards with their stock, and a change of one reward's stock with a reason. The same functions as `ops reward:stock`.
import {
  PG_INTEGER_MAX,
  rewardStockListSchema,
  rewardStockSchema,
  stockChangeBodySchema,
  type RewardStock,
} from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireOperator } from '../operators/console-session';
import { type RewardStock as Stock, changeRewardStock, listRewardStock } from './stock';

const admin = { roles: ['admin'] as const };
const params = z.object({ rewardId: z.coerce.number().int().min(1).max(PG_INTEGER_MAX) });

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function toStock(r: Stock): RewardStock {
  return { ...r, changes: r.changes.map((c) => ({ ...c, at: seconds(c.at) })) };
}

export function rewardStockRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/console/rewards', { config: admin, schema: { response: { 200: rewardStockListSchema } } }, async () => ({
      items: (await listRewardStock(ctx.db)).map(toStock),
    }));

    app.post(
      '/api/console/rewards/:rewardId/stock',
      { config: admin, schema: { params, body: stockChangeBodySchema, response: { 200: rewardStockSchema } } },
      async (request) => {
        const { email } = await requireOperator(request);
        const input = { ...request.body, actor: email, now: new Date(ctx.now()) };
        const stock = await changeRewardStock(ctx.db, request.params.rewardId, input);
        return toStock(stock);
      },
    );
  };
}
