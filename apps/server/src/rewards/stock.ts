// Stock from the console (issue 32 part 2, decision 071): an admin adds stock to a reward (a sold-out reward opens
// again) or takes some away, with a reason, audited. Each change is a record of its own (`stock_changes`): loading
// or restoring a campaign version adds the changes to the pack's stock again (campaign/load.ts), so a restock is
// never silently undone. The console (rewards/console-routes.ts) and the CLI (`ops reward:stock`) call these.
import { STOCK_CHANGE_MAX, said } from '@quackquest/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit';
import { readActiveCampaign } from '../campaign/active';
import { stockChangedByReward } from '../campaign/load';
import { type Db, queryRows } from '../db/client';
import { rewards, stockChanges } from '../db/schema';
import { conflict, invalid, notFound } from '../domain/errors';

export interface RewardStock {
  rewardId: number;
  item: string;
  /** Left to claim now. */
  left: number;
  /** Offered in all: the pack's stock plus what the console added. */
  offered: number;
  claimed: number;
  /** Added (or, negative, taken away) from the console or the CLI, over all changes. */
  changed: number;
  /** The newest change first, at most five. */
  changes: { amount: number; reason: string; actor: string; at: Date }[];
}

/** The active campaign's rewards (not removed), in the pack's order, with their stock and its changes. */
export async function listRewardStock(db: Db): Promise<RewardStock[]> {
  const { id: campaignId } = await readActiveCampaign(db);
  const rows = await db
    .select()
    .from(rewards)
    .where(and(eq(rewards.campaignId, campaignId), eq(rewards.removed, false)))
    .orderBy(asc(rewards.sequence));
  const changes = await queryRows<{ reward_id: number; amount: number; reason: string; actor: string; at: Date | string }>(
    db,
    sql`select reward_id, amount, reason, actor, at from (
          select s.*, row_number() over (partition by s.reward_id order by s.id desc) as n
          from ${stockChanges} s join ${rewards} r on r.id = s.reward_id where r.campaign_id = ${campaignId}
        ) newest where n <= 5 order by id desc`,
  );
  const changed = await stockChangedByReward(db, campaignId);
  return rows.map((r) => ({
    rewardId: r.id,
    item: r.item,
    left: r.stock,
    offered: r.stockLoaded,
    claimed: r.stockLoaded - r.stock,
    changed: changed.get(r.id) ?? 0,
    changes: changes
      .filter((c) => Number(c.reward_id) === r.id)
      .map((c) => ({ amount: c.amount, reason: c.reason, actor: c.actor, at: new Date(c.at) })),
  }));
}

/** The active campaign's reward named `item` (as the CLI names it), or not found. */
export async function rewardIdByItem(db: Db, item: string): Promise<number> {
  const { id: campaignId } = await readActiveCampaign(db);
  const [row] = await db
    .select({ id: rewards.id })
    .from(rewards)
    .where(and(eq(rewards.campaignId, campaignId), eq(rewards.item, item), eq(rewards.removed, false)));
  if (!row) throw notFound(said('rewardNotFound'));
  return row.id;
}

/**
 * Adds `amount` units to the reward's stock (negative: takes them away), with the reason, audited. The stock left
 * and the stock offered move together, in one statement that also keeps the stock left from going below zero, so a
 * claim committing meanwhile is either counted before the change or finds the new stock.
 */
export async function changeRewardStock(
  db: Db,
  rewardId: number,
  input: { amount: number; reason: string; actor: string; now: Date },
): Promise<RewardStock> {
  const reason = input.reason.trim();
  if (!reason) throw invalid(said('reasonRequired'));
  if (!Number.isInteger(input.amount) || input.amount === 0 || Math.abs(input.amount) > STOCK_CHANGE_MAX) {
    throw invalid(said('stockAmount'));
  }
  const { id: campaignId } = await readActiveCampaign(db);
  await db.transaction(async (tx) => {
    const [reward] = await tx
      .select()
      .from(rewards)
      .where(and(eq(rewards.id, rewardId), eq(rewards.campaignId, campaignId), eq(rewards.removed, false)))
      .for('update');
    if (!reward) throw notFound(said('rewardNotFound'));
    if (reward.stock + input.amount < 0) throw conflict(said('stockBelowZero', { left: reward.stock }));
    await tx
      .update(rewards)
      .set({ stock: sql`${rewards.stock} + ${input.amount}`, stockLoaded: sql`${rewards.stockLoaded} + ${input.amount}` })
      .where(eq(rewards.id, rewardId));
    await tx.insert(stockChanges).values({ rewardId, amount: input.amount, reason, actor: input.actor, at: input.now });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'reward.stock',
      subject: `reward:${rewardId}`,
      before: { item: reward.item, left: reward.stock, offered: reward.stockLoaded },
      after: { left: reward.stock + input.amount, offered: reward.stockLoaded + input.amount, amount: input.amount, reason },
      at: input.now,
    });
  });
  const stock = (await listRewardStock(db)).find((r) => r.rewardId === rewardId);
  if (!stock) throw notFound(said('rewardNotFound'));
  return stock;
}
