// What loading a pack would change in the database's campaign, as short lines for a person (decisions 026, 032).
// A server start logs them instead of applying the pack; campaign:load shows them, with the visitors' progress a
// change would orphan, and refuses a load that loses progress unless the operator confirms it. Nothing here writes.
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { attempts, campaigns, checkpoints, claims, rewards, spins } from '../db/schema';
import { DomainError } from '../domain/errors';
import { type Renames, campaignInfo, checkpointValues, stockChangedByReward } from './load';
import type { Pack } from './pack';
import { formatDay } from '../text/time';

/** Lines naming each difference between the pack and the active campaign; empty when loading would change nothing. */
export async function packDifferences(db: DbOrTx, pack: Pack): Promise<string[]> {
  return (await compare(db, pack, NO_RENAMES)).lines;
}

export const NO_RENAMES: Renames = { checkpoints: {}, rewards: {} };

interface Comparison {
  lines: string[];
  /** The active campaign's id, when there is one. */
  activeId?: string;
  /** Row ids of live checkpoints and rewards the pack leaves out (all of them for another campaign). */
  removedCheckpoints: { id: number; slug: string }[];
  removedRewards: { id: number; item: string }[];
  renamedCheckpoints: { id: number; from: string; to: string }[];
  renamedRewards: { id: number; from: string; to: string }[];
}

async function compare(db: DbOrTx, pack: Pack, renames: Renames): Promise<Comparison> {
  const [active] = await db.select().from(campaigns).where(eq(campaigns.active, true)).limit(1);
  const none = { removedCheckpoints: [], removedRewards: [], renamedCheckpoints: [], renamedRewards: [] };
  if (!active) return { lines: [`the database holds no active campaign; the pack holds ${pack.campaign.id}`], ...none };
  const renaming = Object.keys(renames.checkpoints).length + Object.keys(renames.rewards).length > 0;
  if (active.id !== pack.campaign.id) {
    if (renaming)
      throw invalid(`--rename maps ids within one campaign; the pack holds ${pack.campaign.id}, the database runs ${active.id}.`);
    const liveCheckpoints = await db
      .select({ id: checkpoints.id, slug: checkpoints.slug, removed: checkpoints.removed })
      .from(checkpoints)
      .where(eq(checkpoints.campaignId, active.id));
    const liveRewards = await db
      .select({ id: rewards.id, item: rewards.item, removed: rewards.removed })
      .from(rewards)
      .where(eq(rewards.campaignId, active.id));
    return {
      lines: [`a different campaign: the pack holds ${pack.campaign.id}, the database runs ${active.id}`],
      activeId: active.id,
      ...none,
      removedCheckpoints: liveCheckpoints.filter((r) => !r.removed),
      removedRewards: liveRewards.filter((r) => !r.removed),
    };
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
  const renamedCheckpoints = checkRenames(
    'checkpoint',
    renames.checkpoints,
    live,
    new Set(cpRows.map((r) => r.slug)),
    new Set(pack.checkpoints.map((c) => c.id)),
  );
  const cpFrom = new Map(renamedCheckpoints.map((r) => [r.to, r.from]));
  const cp = { added: [] as string[], changed: [] as string[], removed: [] as string[] };
  for (const c of pack.checkpoints) {
    const was = cpFrom.get(c.id) ?? c.id;
    const row = live.get(was);
    live.delete(was);
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
  const removedCheckpoints = [...live.values()].map((r) => ({ id: r.id, slug: r.slug }));
  cp.removed.push(...live.keys());
  if (renamedCheckpoints.length)
    lines.push(`checkpoints renamed: ${renamedCheckpoints.map((r) => `${r.from} → ${r.to}`).join(', ')}`);
  lines.push(...summarize('checkpoints', cp));

  const rewardRows = await db.select().from(rewards).where(eq(rewards.campaignId, active.id));
  const changedStock = await stockChangedByReward(db, active.id);
  const offered = new Map(rewardRows.filter((r) => !r.removed).map((r) => [r.item, r]));
  const renamedRewards = checkRenames(
    'reward',
    renames.rewards,
    offered,
    new Set(rewardRows.map((r) => r.item)),
    new Set(pack.rewards.map((r) => r.item)),
  );
  const rwFrom = new Map(renamedRewards.map((r) => [r.to, r.from]));
  const rw = { added: [] as string[], changed: [] as string[], removed: [] as string[] };
  for (const r of pack.rewards) {
    const was = rwFrom.get(r.item) ?? r.item;
    const row = offered.get(was);
    offered.delete(was);
    if (!row) {
      rw.added.push(r.item);
      continue;
    }
    // Stock in a pack is the total ever offered: stock_loaded is that total as last loaded, with what the console
    // changed (decision 071), which a load keeps: when the pack's stock changes, the line says so too.
    const changedHere = changedStock.get(row.id) ?? 0;
    const total = Math.max(0, r.stock + changedHere);
    if (total !== row.stockLoaded) {
      const change = changedHere > 0 ? `+${changedHere} added` : `${-changedHere} taken away`;
      const kept = changedHere === 0 ? '' : ` (the pack's ${r.stock}; ${change} from the console stay)`;
      lines.push(`reward ${r.item}: stock ${row.stockLoaded} → ${total}${kept}`);
    }
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
  const removedRewards = [...offered.values()].map((r) => ({ id: r.id, item: r.item }));
  rw.removed.push(...offered.keys());
  if (renamedRewards.length) lines.push(`rewards renamed: ${renamedRewards.map((r) => `${r.from} → ${r.to}`).join(', ')}`);
  lines.push(...summarize('rewards', rw));
  return { lines, activeId: active.id, removedCheckpoints, removedRewards, renamedCheckpoints, renamedRewards };
}

const invalid = (message: string) => new DomainError('invalid', message);

/** Each rename names a live id of the campaign that the pack no longer holds, and a new id only the pack holds. */
function checkRenames<Row extends { id: number }>(
  kind: 'checkpoint' | 'reward',
  map: Record<string, string>,
  live: Map<string, Row>,
  everInDatabase: Set<string>,
  inPack: Set<string>,
): { id: number; from: string; to: string }[] {
  const targets = new Set<string>();
  return Object.entries(map).map(([from, to]) => {
    const flag = `--rename ${kind}:${from}=${to}`;
    const row = live.get(from);
    if (!row) throw invalid(`${flag}: the campaign has no ${kind} "${from}".`);
    if (!inPack.has(to)) throw invalid(`${flag}: the pack has no ${kind} "${to}".`);
    if (inPack.has(from))
      throw invalid(`${flag}: the pack still holds "${from}"; a rename moves it to "${to}", so "${from}" must be gone.`);
    if (everInDatabase.has(to)) {
      throw invalid(`${flag}: the campaign already has a ${kind} "${to}" (live or removed earlier); choose another new name.`);
    }
    if (targets.has(to)) throw invalid(`${flag}: two ${kind}s are renamed to "${to}".`);
    targets.add(to);
    return { id: row.id, from, to };
  });
}

export interface LoadPlan {
  campaignId: string;
  /** Every difference, then what each change would orphan or move, as lines for a person. */
  lines: string[];
  /** Why the load needs --confirm: each change that would leave visitors' progress behind. */
  losses: string[];
  /** Visitors' rows left on checkpoints and rewards the load takes away. */
  orphaned: { attempts: number; spins: number; claims: number; vouchers: number; visitors: number };
}

/** What loading `pack` would do, with the visitors' progress each removal would orphan, counted in the database. */
export async function planLoad(db: DbOrTx, pack: Pack, renames: Renames = NO_RENAMES): Promise<LoadPlan> {
  const found = await compare(db, pack, renames);
  const lines = [...found.lines];
  const losses: string[] = [];
  const orphaned = { attempts: 0, spins: 0, claims: 0, vouchers: 0, visitors: 0 };
  const cpCounts = await checkpointProgress(
    db,
    [...found.removedCheckpoints, ...found.renamedCheckpoints].map((r) => r.id),
  );
  const rwCounts = await rewardProgress(
    db,
    [...found.removedRewards, ...found.renamedRewards].map((r) => r.id),
  );
  for (const { id, slug } of found.removedCheckpoints) {
    const n = cpCounts.get(id);
    if (!n) continue;
    const line = `checkpoint ${slug} removed: ${n.attempts} attempt(s) and ${n.spins} spin(s) of ${n.visitors} visitor(s) would be orphaned`;
    lines.push(line);
    losses.push(line);
    orphaned.attempts += n.attempts;
    orphaned.spins += n.spins;
  }
  for (const { id, item } of found.removedRewards) {
    const n = rwCounts.get(id);
    if (!n) continue;
    const line = `reward ${item} removed: ${n.claims} claim(s) of ${n.visitors} visitor(s), ${n.vouchers} voucher(s) not yet redeemed, would be orphaned`;
    lines.push(line);
    losses.push(line);
    orphaned.claims += n.claims;
    orphaned.vouchers += n.vouchers;
  }
  orphaned.visitors = await visitorsWithProgress(
    db,
    found.removedCheckpoints.filter((r) => cpCounts.has(r.id)).map((r) => r.id),
    found.removedRewards.filter((r) => rwCounts.has(r.id)).map((r) => r.id),
  );
  for (const { id, from, to } of found.renamedCheckpoints) {
    const n = cpCounts.get(id);
    if (n)
      lines.push(
        `checkpoint ${from} → ${to}: ${n.attempts} attempt(s) and ${n.spins} spin(s) of ${n.visitors} visitor(s) move with it`,
      );
  }
  for (const { id, from, to } of found.renamedRewards) {
    const n = rwCounts.get(id);
    if (n) lines.push(`reward ${from} → ${to}: ${n.claims} claim(s) of ${n.visitors} visitor(s) and its stock move with it`);
  }
  return { campaignId: pack.campaign.id, lines, losses, orphaned };
}

interface Counts {
  visitors: number;
  attempts: number;
  spins: number;
  claims: number;
  vouchers: number;
}

async function checkpointProgress(db: DbOrTx, ids: number[]): Promise<Map<number, Counts>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: attempts.checkpointId,
      visitors: sql<number>`count(distinct ${attempts.userId})::int`,
      attempts: sql<number>`count(*)::int`,
      spins: sql<number>`count(${spins.id})::int`,
    })
    .from(attempts)
    .leftJoin(spins, eq(spins.attemptId, attempts.id))
    .where(inArray(attempts.checkpointId, ids))
    .groupBy(attempts.checkpointId);
  return new Map(rows.map((r) => [r.id, { ...r, claims: 0, vouchers: 0 }]));
}

/** Distinct visitors with an attempt on any of the checkpoints or a claim of any of the rewards. */
async function visitorsWithProgress(db: DbOrTx, checkpointIds: number[], rewardIds: number[]): Promise<number> {
  const users = new Set<number>();
  if (checkpointIds.length) {
    const rows = await db
      .selectDistinct({ userId: attempts.userId })
      .from(attempts)
      .where(inArray(attempts.checkpointId, checkpointIds));
    for (const r of rows) users.add(r.userId);
  }
  if (rewardIds.length) {
    const rows = await db.selectDistinct({ userId: claims.userId }).from(claims).where(inArray(claims.rewardId, rewardIds));
    for (const r of rows) users.add(r.userId);
  }
  return users.size;
}

async function rewardProgress(db: DbOrTx, ids: number[]): Promise<Map<number, Counts>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: claims.rewardId,
      visitors: sql<number>`count(distinct ${claims.userId})::int`,
      claims: sql<number>`count(*)::int`,
      vouchers: sql<number>`(count(*) filter (where ${claims.redeemedAt} is null))::int`,
    })
    .from(claims)
    .where(inArray(claims.rewardId, ids))
    .groupBy(claims.rewardId);
  return new Map(rows.map((r) => [r.id, { ...r, attempts: 0, spins: 0 }]));
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
