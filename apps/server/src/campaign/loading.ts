// Loading a campaign pack, from a folder or a stored version, and validating one: the service that the CLI
// (campaign:validate, campaign:load, campaign:restore) and the console's campaign page (console-routes.ts) both call.
// A pack is read (PackError names file, entry and field), summarised, planned and loaded under the loaders' lock.
import { CHECKPOINT_TYPES } from '@quackquest/contract';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit';
import type { Db } from '../db/client';
import { campaigns } from '../db/schema';
import { DomainError } from '../domain/errors';
import { NO_RENAMES, type LoadPlan, planLoad } from './diff';
import { type Renames, applyPack } from './load';
import { type Pack, readPack } from './pack';
import { type PackImage, readVersion } from './store';

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

export interface LoadOptions {
  now?: Date;
  /** Who loads: an operator's e-mail, or 'cli'. */
  actor?: string;
  /** Load even though visitors' progress would be left on removed checkpoints or rewards. */
  confirm?: boolean;
  renames?: Renames;
  /** Show the plan only. */
  dryRun?: boolean;
}

export interface LoadOutcome {
  summary: PackSummary;
  plan: LoadPlan;
  /** The version stored; undefined for a dry run. */
  version?: number;
}

/** A load that would leave visitors' progress behind, refused for want of --confirm or --rename. */
export class LoadRefused extends DomainError {
  constructor(
    readonly plan: LoadPlan,
    summary: PackSummary,
  ) {
    super(
      'conflict',
      [
        formatPackSummary(summary),
        formatPlan(plan),
        "Refused: this load would leave visitors' progress behind:",
        ...plan.losses.map((l) => `  - ${l}`),
        'If an id was renamed, name it and the progress moves with it (the visitors keep it, a reward keeps its stock):',
        '  --rename checkpoint:OLD=NEW   --rename "reward:Old Item=New Item"',
        'To load anyway and leave that progress on the removed entries: --confirm',
      ].join('\n'),
    );
  }
}

export function formatPlan(plan: LoadPlan): string {
  return plan.lines.length
    ? ['Changes:', ...plan.lines.map((l) => `  - ${l}`)].join('\n')
    : 'Changes: none (the same content again).';
}

/**
 * Validates, then loads the pack as the active campaign: content only, players' data is kept. The plan (diff and
 * the progress it orphans) is computed under the loaders' lock; a load that loses progress needs `confirm`.
 */
export async function loadCampaign(db: Db, dir: string, options: LoadOptions = {}): Promise<LoadOutcome> {
  const pack = readPack(dir, options.now ?? new Date());
  return loadChecked(db, pack, undefined, dir, options);
}

/** Loads a stored version again, through the same plan and confirmation as a pack from a folder. */
export async function restoreCampaign(db: Db, version: number, options: LoadOptions = {}): Promise<LoadOutcome> {
  const { pack, images } = await readVersion(db, version);
  return loadChecked(db, pack, images, `version ${version}`, options);
}

async function loadChecked(
  db: Db,
  pack: Pack,
  images: PackImage[] | undefined,
  source: string,
  options: LoadOptions,
): Promise<LoadOutcome> {
  const summary = summarizePack(pack);
  const renames = options.renames ?? NO_RENAMES;
  if (options.dryRun) return { summary, plan: await planLoad(db, pack, renames) };
  const [before] = await db
    .select({ id: campaigns.id, loadedAt: campaigns.loadedAt, version: campaigns.version, info: campaigns.info })
    .from(campaigns)
    .where(eq(campaigns.active, true));
  // The pack's operator e-mails are admins (operators/roles.ts): who they were and are goes on the record.
  const adminsBefore = (before?.info as { operatorEmails?: string[] } | undefined)?.operatorEmails ?? [];
  let plan: LoadPlan | undefined;
  const actor = options.actor ?? 'cli';
  const loaded = await applyPack(db, pack, {
    images,
    renames,
    loadedBy: actor,
    source,
    check: async (tx) => {
      plan = await planLoad(tx, pack, renames);
      if (plan.losses.length && !options.confirm) throw new LoadRefused(plan, summary);
    },
    // In the load's own transaction (issue 29 part 4): a load is never on the record without having happened, nor
    // the other way round.
    written: (tx, written) =>
      recordAudit(tx, {
        actor,
        action: 'campaign.load',
        subject: summary.id,
        before: before
          ? { id: before.id, loadedAt: before.loadedAt.toISOString(), version: before.version, packAdmins: adminsBefore }
          : null,
        after: {
          ...summary,
          packAdmins: pack.campaign.operator.emails,
          version: written.version,
          source,
          contentHash: written.contentHash,
          renames,
          confirmed: Boolean(options.confirm && plan!.losses.length),
        },
        at: new Date(),
      }),
  });
  return { summary, plan: plan!, version: loaded.version };
}
