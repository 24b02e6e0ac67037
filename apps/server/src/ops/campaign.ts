// campaign:validate and campaign:load: read a pack (PackError names file, entry and field) and say what it holds.
import { createHash } from 'node:crypto';
import { CHECKPOINT_TYPES } from '@quackquest/contract';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit';
import { applyPack } from '../campaign/load';
import { type Pack, readPack } from '../campaign/pack';
import type { Db } from '../db/client';
import { campaigns } from '../db/schema';

export interface PackSummary {
  id: string;
  name: string;
  timeZone: string;
  /** ISO times of day 1 at 00:00 and the last challenge day's end, in UTC. */
  startsAt: string;
  endsAt: string;
  challengeDays: number;
  checkpoints: number;
  checkpointsByType: Record<string, number>;
  rewards: number;
}

function summarizePack(pack: Pack): PackSummary {
  const checkpointsByType: Record<string, number> = {};
  for (const type of CHECKPOINT_TYPES) {
    const n = pack.checkpoints.filter((c) => c.type === type).length;
    if (n) checkpointsByType[type] = n;
  }
  return {
    id: pack.campaign.id,
    name: pack.campaign.name,
    timeZone: pack.campaign.timeZone,
    startsAt: new Date(pack.startTime * 1000).toISOString(),
    endsAt: new Date(pack.endTime * 1000).toISOString(),
    challengeDays: pack.campaign.challengeDays,
    checkpoints: pack.checkpoints.length,
    checkpointsByType,
    rewards: pack.rewards.length,
  };
}

export function formatPackSummary(summary: PackSummary): string {
  const byType = Object.entries(summary.checkpointsByType)
    .map(([type, n]) => `${n} ${type}`)
    .join(', ');
  return [
    `Campaign ${summary.id}: ${summary.name}`,
    `  dates:       ${summary.startsAt} to ${summary.endsAt} (${summary.challengeDays} days, time zone ${summary.timeZone})`,
    `  checkpoints: ${summary.checkpoints}${byType ? ` (${byType})` : ''}`,
    `  rewards:     ${summary.rewards}`,
  ].join('\n');
}

/** Throws PackError listing every problem; changes nothing. */
export function validateCampaign(dir: string, now = new Date()): PackSummary {
  return summarizePack(readPack(dir, now));
}

/**
 * Validates, then loads the pack as the active campaign: content only, players' data is kept. The load is a row of
 * the audit trail (decision 019): the campaign that was active before, the one loaded and a hash of its content.
 */
export async function loadCampaign(db: Db, dir: string, now = new Date(), actor = 'cli'): Promise<PackSummary> {
  const pack = readPack(dir, now);
  const [before] = await db
    .select({ id: campaigns.id, loadedAt: campaigns.loadedAt })
    .from(campaigns)
    .where(eq(campaigns.active, true));
  await applyPack(db, pack);
  const summary = summarizePack(pack);
  await recordAudit(db, {
    actor,
    action: 'campaign.load',
    subject: summary.id,
    before: before ? { id: before.id, loadedAt: before.loadedAt.toISOString() } : null,
    after: { ...summary, contentHash: createHash('sha256').update(JSON.stringify(pack)).digest('hex') },
    at: new Date(),
  });
  return summary;
}
