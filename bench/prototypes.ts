// Prototypes measured next to the real endpoints, to size a fix before anyone makes it in the server.
// They are registered on the bench's app only; nothing in apps/server uses them.
import { messages } from '@quackquest/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../apps/server/src/context';
import { type Db, statement } from '../apps/server/src/db/client';
import { claims, rewards } from '../apps/server/src/db/schema';
import { conflict, forbidden, notFound } from '../apps/server/src/http/errors';
import { addLedgerRow, lockUser } from '../apps/server/src/ledger/ledger';
import { newVoucherCode } from '../apps/server/src/rewards/claim';
import { requireUserId } from '../apps/server/src/session/session';
import { chooseDucks } from '../apps/server/src/spin/wheel';

/**
 * POST /api/spin as ONE SQL statement (lock the user, take the oldest unspent spin, spend it, write the
 * ledger row and the cached balance), after a cached session lookup: one round trip instead of eight.
 * Same rows and same invariants as spin/spin.ts; answers 403 when there is nothing to spend.
 */
const spinStatement = statement<{ spun: string | number; needs_review: boolean | null }>(
  'bench_spin_one_statement',
  `with me as (select id from users where id = $1 for update),
   spin as (select s.id, s.needs_review from spins s join me on s.user_id = me.id
            where s.spent_at is null and s.voided_at is null order by s.id limit 1 for update of s),
   spent as (update spins set spent_at = now(), ducks = $2 from spin where spins.id = spin.id
             returning spins.id, spin.needs_review),
   entry as (insert into ledger (user_id, amount, posted, kind, spin_id, created_at)
           select $1, $2, not needs_review, 'spin', id, now() from spent returning posted),
   balance as (update users set
                 ducks = ducks + case when entry.posted then $2::int else 0 end,
                 pending_ducks = pending_ducks + case when entry.posted then 0 else $2::int end,
                 ducks_at = case when entry.posted then now() else ducks_at end
               from entry where users.id = $1 returning users.id)
   select (select count(*) from balance) as spun, (select needs_review from spent) as needs_review`,
);

/**
 * POST /api/claims with the reward's stock taken LAST, just before the commit: the reward row, which every
 * claim of that reward updates, is then locked for one round trip instead of four (insert the claim, the
 * ledger row, the balance, commit). Otherwise rewards/claim.ts, trimmed to what the bench exercises (a reward
 * without a window, per-user limit or eligibility rule; a new Idempotency-Key every time).
 */
async function claimStockLast(ctx: AppContext, userId: number, item: string, idempotencyKey: string) {
  const campaign = await ctx.campaign.get();
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw notFound('User not found.');
    const [reward] = await tx
      .select()
      .from(rewards)
      .where(and(eq(rewards.campaignId, campaign.id), eq(rewards.item, item), eq(rewards.removed, false)))
      .limit(1);
    if (!reward) throw notFound('Reward not found.');
    if (
      reward.startDate !== null ||
      reward.endDate !== null ||
      reward.perUserLimit !== null ||
      reward.eligibility !== 'everyone'
    ) {
      throw forbidden('The prototype handles plain rewards only.');
    }
    if (reward.stock <= 0) throw conflict(messages.rewardSoldOut);
    if (user.ducks < reward.price) throw conflict(messages.notEnoughDucks(reward.price, user.ducks));
    const at = new Date(ctx.now());
    const [claim] = await tx
      .insert(claims)
      .values({ userId, rewardId: reward.id, price: reward.price, voucherCode: newVoucherCode(), idempotencyKey, createdAt: at })
      .returning();
    await addLedgerRow(tx, { userId, amount: -reward.price, posted: true, kind: 'claim', claimId: claim!.id, at });
    const [taken] = await tx
      .update(rewards)
      .set({ stock: sql`${rewards.stock} - 1` })
      .where(and(eq(rewards.id, reward.id), gt(rewards.stock, 0)))
      .returning({ id: rewards.id });
    if (!taken) throw conflict(messages.rewardSoldOut); // rolls the claim and the debit back
    return { item, price: reward.price, voucherCode: claim!.voucherCode, duckPoints: user.ducks - reward.price };
  });
}

export function registerPrototypes(app: FastifyInstance, db: Db): void {
  app.post<{ Body: { item: string } }>('/bench/claim-stock-last', async (request, reply) => {
    const userId = await requireUserId(db, request);
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string') return reply.status(400).send({ message: 'The Idempotency-Key header is required.' });
    return reply.status(201).send(await claimStockLast(app.ctx, userId, request.body.item, key));
  });

  app.post('/bench/spin-one-statement', async (request, reply) => {
    const userId = await requireUserId(db, request);
    const campaign = await app.ctx.campaign.get();
    const ducks = chooseDucks(campaign.wheelWeights);
    const [row] = await spinStatement(db, [userId, ducks]);
    if (!row || Number(row.spun) !== 1)
      return reply.status(403).send({ message: 'You need to complete a checkpoint before spinning!' });
    return { duckPointsAwarded: ducks, pending: row.needs_review === true };
  });
}
