// Spending one spin entitlement: the server chooses the ducks and writes the ledger row at once.
import { type SpinResult, duckPointsText, messages } from '@quackquest/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { spinBodySchema, spinResultSchema } from '@quackquest/contract';
import type { AppContext } from '../context';
import { spins } from '../db/schema';
import { forbidden } from '../http/errors';
import { addLedgerRow, lockUser } from '../ledger/ledger';
import { requireUser } from '../session/session';
import { type RandomInt, chooseDucks } from './wheel';

export async function spinWheel(ctx: AppContext, userId: number, random?: RandomInt): Promise<SpinResult> {
  const campaign = await ctx.campaign.get();
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [spin] = await tx
      .select()
      .from(spins)
      .where(and(eq(spins.userId, userId), isNull(spins.spentAt), isNull(spins.voidedAt)))
      .orderBy(asc(spins.id))
      .limit(1);
    if (!spin) throw forbidden(messages.spinWithoutCheckpoint);
    const ducks = chooseDucks(campaign.wheelWeights, random);
    const at = new Date(ctx.now());
    await tx.update(spins).set({ spentAt: at, ducks }).where(eq(spins.id, spin.id));
    await addLedgerRow(tx, { userId, amount: ducks, posted: !spin.needsReview, kind: 'spin', spinId: spin.id, at });
    const message = spin.needsReview
      ? `You won ${duckPointsText(ducks)}! They will be added once your answer is approved.`
      : `You won ${duckPointsText(ducks)}!`;
    return { duckPointsAwarded: ducks, message, pending: spin.needsReview };
  });
}

export function spinRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/spin', { schema: { body: spinBodySchema, response: { 200: spinResultSchema } } }, async (request) => {
      const user = await requireUser(ctx.db, request);
      return spinWheel(ctx, user.id);
    });
  };
}
