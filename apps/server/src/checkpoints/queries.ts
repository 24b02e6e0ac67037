import { type Checkpoint, said } from '@quackquest/contract';
import { and, asc, eq } from 'drizzle-orm';
import { perApp } from '../cache/per-app';
import { type Refreshing, refreshing } from '../cache/refreshing';
import type { ActiveCampaign } from '../campaign/active';
import type { AppContext } from '../context';
import { batcher } from '../db/batch';
import { type Db, statement } from '../db/client';
import { checkpoints } from '../db/schema';
import { notFound } from '../domain/errors';
import { type ProgressFacts, checkpointResult } from './result';

type CheckpointRow = typeof checkpoints.$inferSelect;

/** A checkpoint of the campaign by its id, with its answers and codes (never sent to a browser): for grading. */
export async function findCheckpoint(ctx: AppContext, campaign: ActiveCampaign, slug: string): Promise<CheckpointRow> {
  const row = await checkpointOf(ctx, campaign, slug);
  if (!row) throw notFound(said('checkpointNotFound'));
  return row;
}

/** The same, or undefined when the campaign has no such checkpoint (any more). */
export async function checkpointOf(ctx: AppContext, campaign: ActiveCampaign, slug: string): Promise<CheckpointRow | undefined> {
  return (await checkpointRows(ctx)(campaign)).get(slug);
}

/**
 * The campaign's checkpoint rows by id, read once per stored version of the campaign (issue 18, decision 046):
 * checkpoints are written only by a load, and every load stores a new version (decision 032), so the rows kept are
 * exactly those of the version the campaign cache holds. Read on every answer for a campaign loaded before versions,
 * and with checkpointsTtlMs 0 (the tests, which change rows directly).
 */
function checkpointRows(ctx: AppContext) {
  return perApp(ctx, 'checkpoint-rows', (settings) => {
    let kept: { key: string; rows: Promise<Map<string, CheckpointRow>> } | undefined;
    return (campaign: ActiveCampaign): Promise<Map<string, CheckpointRow>> => {
      if (settings.checkpointsTtlMs <= 0 || campaign.version === null) return readCheckpointRows(ctx.db, campaign.id);
      const key = `${campaign.id}:${campaign.version}`;
      if (kept?.key !== key) {
        const rows = readCheckpointRows(ctx.db, campaign.id);
        kept = { key, rows };
        // A failed read is not kept: the next answer reads again.
        rows.catch(() => {
          if (kept?.rows === rows) kept = undefined;
        });
      }
      return kept.rows;
    };
  });
}

async function readCheckpointRows(db: Db, campaignId: string): Promise<Map<string, CheckpointRow>> {
  const rows = await db
    .select()
    .from(checkpoints)
    .where(and(eq(checkpoints.campaignId, campaignId), eq(checkpoints.removed, false)));
  return new Map(rows.map((row) => [row.slug, row]));
}

/** The URL of a checkpoint's image, when a checkpoint of the active campaign shows it (`imgId` as imageId gives). */
export async function checkpointImageUrl(ctx: AppContext, imgId: string): Promise<string> {
  const campaign = await ctx.campaign.get();
  const [row] = await ctx.db
    .select({ id: checkpoints.id })
    .from(checkpoints)
    .where(and(eq(checkpoints.campaignId, campaign.id), eq(checkpoints.image, `images/${imgId}`), eq(checkpoints.removed, false)))
    .limit(1);
  if (!row) throw notFound(said('imageNotFound'));
  return `/api/campaign/images/${encodeURIComponent(imgId)}`;
}

/** A checkpoint as every visitor sees it, and its row id (which the browser never sees). */
interface CheckpointContent {
  id: number;
  open: Omit<Checkpoint, 'attempts' | 'completed' | 'result' | 'reviewReason' | 'ducks'>;
}

/** The campaign's open list (secret fields are not selected): the same for every visitor. */
async function readCheckpointContent(db: Db, campaignId: string): Promise<CheckpointContent[]> {
  const rows = await db
    .select({
      id: checkpoints.id,
      checkpointId: checkpoints.slug,
      title: checkpoints.title,
      subtitle: checkpoints.subtitle,
      sequence: checkpoints.sequence,
      type: checkpoints.type,
      image: checkpoints.image,
      choices: checkpoints.choices,
      startTime: checkpoints.startTime,
      endTime: checkpoints.endTime,
      maxAttempts: checkpoints.maxAttempts,
    })
    .from(checkpoints)
    .where(and(eq(checkpoints.campaignId, campaignId), eq(checkpoints.removed, false)))
    .orderBy(asc(checkpoints.sequence), asc(checkpoints.id));
  return rows.map(({ id, image, choices, ...row }) => ({
    id,
    open: { ...row, type: row.type as Checkpoint['type'], imgId: imageId(image), mcqChoices: choices ? choices.join('_') : null },
  }));
}

// The session is checked in the same query ($1 the cookies' hashes, $2 now), for a batch of visitors: one row
// per (visitor, checkpoint attempted), one row with a null checkpoint for a visitor with no attempts, no row
// for a hash without a valid session. `review`, `reason`: the latest reviewed answer's; `ducks`: the latest
// spin's (null before it is spun).
const progressQuery = statement<{
  id_hash: string;
  checkpoint_id: number | null;
  attempts: string | number;
  completed: boolean | string;
  review: string | null;
  reason: string | null;
  ducks: number | null;
}>(
  'qq_checkpoint_progress_batch',
  `select s.id_hash, a.checkpoint_id, count(a.id) filter (where a.counted) as attempts,
          coalesce(bool_or(a.counted and (a.outcome = 'valid' or sp.id is not null)), false) as completed,
          (array_agg(a.review order by a.id desc) filter (where a.review is not null))[1] as review,
          (array_agg(a.review_reason order by a.id desc) filter (where a.review is not null))[1] as reason,
          (array_agg(sp.ducks order by a.id desc) filter (where sp.id is not null))[1] as ducks
   from sessions s
   left join attempts a on a.user_id = s.user_id
   left join spins sp on sp.attempt_id = a.id
   where s.id_hash = any($1::text[]) and s.expires_at > $2::timestamptz
   group by s.id_hash, a.checkpoint_id`,
);

interface CheckpointProgress extends ProgressFacts {
  reason: string | null;
  ducks: number | null;
}
type Progress = Map<number, CheckpointProgress>;

/** A progress loader: the visitors asking at about the same time share one query (db/batch.ts). */
function progressLoader(db: Db, now: () => number) {
  return batcher<string, Progress>(
    async (hashes) => {
      const byHash = new Map<string, Progress>();
      for (const r of await progressQuery(db, [hashes, new Date(now()).toISOString()])) {
        let progress = byHash.get(r.id_hash);
        if (!progress) byHash.set(r.id_hash, (progress = new Map() as Progress));
        if (r.checkpoint_id === null) continue;
        progress.set(Number(r.checkpoint_id), {
          attempts: Number(r.attempts),
          completed: r.completed === true || r.completed === 't',
          review: (r.review as ProgressFacts['review']) ?? null,
          reason: r.reason,
          ducks: r.ducks === null ? null : Number(r.ducks),
        });
      }
      return byHash;
    },
    { name: 'checkpoint_progress', max: 200, parallel: 2 },
  );
}

/**
 * This app instance's checkpoint list: `(campaignId, idHash)` gives the campaign's checkpoints with the attempt
 * counts of the session's user, or undefined without a valid session. Secret fields are never selected. The
 * content is the same for everyone and kept for a few seconds (a pack reload shows within that time); only
 * the progress is read per visitor, batched with other visitors' (never cached).
 */
export function checkpointListFor(ctx: AppContext) {
  return perApp(ctx, 'checkpoints', (settings) => {
    const byCampaign = new Map<string, Refreshing<CheckpointContent[]>>();
    const content = (campaignId: string) => {
      let entry = byCampaign.get(campaignId);
      if (!entry) {
        entry = refreshing(() => readCheckpointContent(ctx.db, campaignId), { intervalMs: settings.checkpointsTtlMs });
        byCampaign.set(campaignId, entry);
      }
      return entry.get();
    };
    const loadProgress = progressLoader(ctx.db, () => ctx.now());
    return async (campaignId: string, idHash: string): Promise<Checkpoint[] | undefined> => {
      const [list, progress] = await Promise.all([content(campaignId), loadProgress(idHash)]);
      if (!progress) return undefined;
      return list.map(({ id, open }) => {
        const mine = progress.get(id) ?? { attempts: 0, completed: false, review: null, reason: null, ducks: null };
        const result = checkpointResult(mine, open.maxAttempts);
        return {
          ...open,
          attempts: mine.attempts,
          completed: mine.completed,
          result,
          reviewReason: result === 'rejected' ? mine.reason : null,
          ducks: result === 'rejected' ? null : mine.ducks,
        };
      });
    };
  });
}

/** "images/day-01.svg" -> "day-01.svg": the id the browser asks GET /api/checkpoint-image for. */
function imageId(image: string | null): string | null {
  return image ? image.replace(/^images\//, '') : null;
}
