import { claimBodySchema, claimResultSchema, inventorySchema, profileSchema, type Reward } from '@quackquest/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { claims, rewards, users } from '../db/schema';
import { invalid } from '../domain/errors';
import { requestLanguage, translationsFor } from '../campaign/translations';
import { requireUserId } from '../session/session';
import { claimReward } from './claim';

export function rewardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/inventory', { schema: { response: { 200: inventorySchema } } }, async (request, reply) => {
      await requireUserId(request);
      const campaign = await ctx.campaign.get();
      // Descriptions in the visitor's language, English where the pack has none (decision 037); names stay English.
      const words = translationsFor(campaign.info.translations, requestLanguage(request))?.rewards;
      reply.header('vary', 'Accept-Language');
      const rows = await ctx.db
        .select()
        .from(rewards)
        .where(and(eq(rewards.campaignId, campaign.id), eq(rewards.removed, false)))
        .orderBy(asc(rewards.sequence));
      const items = rows.map((r): Reward => ({
        item: r.item,
        price: r.price,
        quantity: r.stock,
        description: words?.[r.item]?.description ?? r.description,
        startDate: r.startDate,
        endDate: r.endDate,
        eligibility: r.eligibility as Reward['eligibility'],
        perUserLimit: r.perUserLimit,
      }));
      return { items };
    });

    app.get('/api/profile', { schema: { response: { 200: profileSchema } } }, async (request) => {
      const userId = await requireUserId(request);
      const [[visitor], rows] = await Promise.all([
        ctx.db.select({ cabinOwner: users.cabinOwner }).from(users).where(eq(users.id, userId)),
        ctx.db
          .select({
            item: rewards.item,
            createdAt: claims.createdAt,
            voucherCode: claims.voucherCode,
            redeemedAt: claims.redeemedAt,
          })
          .from(claims)
          .innerJoin(rewards, eq(rewards.id, claims.rewardId))
          .where(eq(claims.userId, userId))
          .orderBy(asc(claims.id)),
      ]);
      const claimed = rows.map((r) => ({
        item: r.item,
        quantity: 1,
        timestamp: Math.floor(r.createdAt.getTime() / 1000),
        voucherCode: r.voucherCode,
        redeemed: r.redeemedAt !== null,
      }));
      return { claimed, eligibleAs: visitor?.cabinOwner ? ('owners' as const) : ('non-owners' as const) };
    });

    app.post(
      '/api/claims',
      { schema: { body: claimBodySchema, response: { 200: claimResultSchema, 201: claimResultSchema } } },
      async (request, reply) => {
        const userId = await requireUserId(request);
        const key = request.headers['idempotency-key'];
        if (typeof key !== 'string') throw invalid('The Idempotency-Key header is required.');
        const { created, claim } = await claimReward(ctx, userId, request.body.item, key, requestLanguage(request));
        return reply.status(created ? 201 : 200).send(claim);
      },
    );
  };
}
