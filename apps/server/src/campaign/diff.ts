// What loading a pack would change in the database's campaign, as short lines for a person (decision 026).
// A server start logs them instead of applying the pack; nothing here writes.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, checkpoints, rewards } from '../db/schema';
import { campaignInfo, checkpointValues } from './load';
import type { Pack } from './pack';
import { formatDay } from './time';

/** Lines naming each difference between the pack and the active campaign; empty when loading would change nothing. */
export async function packDifferences(db: Db, pack: Pack): Promise<string[]> {
  const [active] = await db.select().from(campaigns).where(eq(campaigns.active, true)).limit(1);
  if (!active) return [`the database holds no active campaign; the pack holds ${pack.campaign.id}`];
  if (active.id !== pack.campaign.id) {
    return [`a different campaign: the pack holds ${pack.campaign.id}, the database runs ${active.id}`];
  }
  const lines: string[] = [];
  const before = active.info as Record<string, unknown>;
  const after = campaignInfo(pack);
  if (before.startTime !== after.startTime || before.endTime !== after.endTime) {
    const zone = pack.campaign.timeZone;
    const days = (info: Record<string, unknown>) =>
      typeof info.startTime === 'number' && typeof info.endTime === 'number'
        ? `${formatDay(new Date(info.startTime * 1000), zone)} to ${formatDay(new Date(info.endTime * 1000), zone)}`
        : 'unknown';
    lines.push(`dates: ${days(before)} → ${days(after)}`);
  }
  const fields = Object.keys(after).filter(
    (key) => key !== 'startTime' && key !== 'endTime' && !same(before[key], (after as Record<string, unknown>)[key]),
  );
  if (!same(active.wheelWeights, pack.campaign.wheel.weights)) fields.push('wheel');
  if (fields.length) lines.push(`campaign changed: ${fields.join(', ')}`);

  // Times count from day 1: a pack whose dates moved (the "dates" line) does not change every entry with them.
  const times = new Set(['startTime', 'endTime', 'startDate', 'endDate']);
  const shift = {
    was: (t: unknown) => (typeof t === 'number' ? t - Number(before.startTime) : null),
    is: (t: unknown) => (typeof t === 'number' ? t - after.startTime : null),
  };
  const cpRows = await db.select().from(checkpoints).where(eq(checkpoints.campaignId, active.id));
  const live = new Map(cpRows.filter((r) => !r.removed).map((r) => [r.slug, r]));
  const cp = { added: [] as string[], changed: [] as string[], removed: [] as string[] };
  for (const c of pack.checkpoints) {
    const row = live.get(c.id);
    live.delete(c.id);
    if (!row) {
      cp.added.push(c.id);
      continue;
    }
    const values = checkpointValues(c) as Record<string, unknown>;
    const changed = Object.keys(values).filter((key) =>
      times.has(key)
        ? shift.was(row[key as 'startTime']) !== shift.is(values[key])
        : !same(row[key as keyof typeof row], values[key]),
    );
    if (changed.length) cp.changed.push(`${c.id} (${changed.join(', ')})`);
  }
  cp.removed.push(...live.keys());
  lines.push(...summarize('checkpoints', cp));

  const rewardRows = await db.select().from(rewards).where(eq(rewards.campaignId, active.id));
  const offered = new Map(rewardRows.filter((r) => !r.removed).map((r) => [r.item, r]));
  const rw = { added: [] as string[], changed: [] as string[], removed: [] as string[] };
  for (const r of pack.rewards) {
    const row = offered.get(r.item);
    offered.delete(r.item);
    if (!row) {
      rw.added.push(r.item);
      continue;
    }
    // Stock in a pack is the total ever offered: stock_loaded is that total as last loaded.
    if (row.stockLoaded !== r.stock) lines.push(`reward ${r.item}: stock ${row.stockLoaded} → ${r.stock}`);
    if (row.price !== r.price) lines.push(`reward ${r.item}: price ${row.price} → ${r.price}`);
    const values: Record<string, unknown> = {
      description: r.description,
      startDate: r.startDate,
      endDate: r.endDate,
      eligibility: r.eligibility,
      perUserLimit: r.perUserLimit ?? null,
      sequence: r.sequence,
    };
    const changed = Object.keys(values).filter((key) =>
      times.has(key)
        ? shift.was(row[key as 'startDate']) !== shift.is(values[key])
        : !same(row[key as keyof typeof row], values[key]),
    );
    if (changed.length) rw.changed.push(`${r.item} (${changed.join(', ')})`);
  }
  rw.removed.push(...offered.keys());
  lines.push(...summarize('rewards', rw));
  return lines;
}

function summarize(what: string, change: { added: string[]; changed: string[]; removed: string[] }): string[] {
  return (['added', 'changed', 'removed'] as const)
    .filter((kind) => change[kind].length > 0)
    .map((kind) => `${what} ${kind}: ${change[kind].join(', ')}`);
}

/** Equal as stored: numbers from bigint columns, arrays and JSON compare by value. */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalize(a)) === JSON.stringify(normalize(b));
}

function normalize(value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.map(normalize);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, normalize(v)]),
    );
  }
  return value;
}
