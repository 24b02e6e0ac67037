// Applies a validated pack to the database: content only. Users, attempts, ledger and claims are kept.
// loaded_at is the database's clock, on the first load (its default) and on every reload alike.
// A server start only seeds an empty database (seedPack); loading over a campaign is campaign:load's (decision 026).
// Every load stores a version: the whole pack and its images (store.ts, decision 032).
import { and, count, eq, notInArray, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, type Tx, queryRows } from '../db/client';
import { campaigns, checkpoints, claims, rewards, stockChanges } from '../db/schema';
import type { CampaignScreens } from '@quackquest/contract';
import type { Pack } from './pack';
import { type PackImage, readPackImages, storeVersion } from './store';

export interface LoadSummary {
  campaignId: string;
  checkpoints: number;
  rewards: number;
  /** The campaign_versions row this load stored. */
  version: number;
  contentHash: string;
}

/** Renamed ids, old → new: the row keeps its id, so every attempt, spin and claim on it stays with it. */
export interface Renames {
  checkpoints: Record<string, string>;
  rewards: Record<string, string>;
}

export interface ApplyOptions {
  /** Who loads: an operator's e-mail, 'cli' (the default) or 'CAMPAIGN' (a server start). */
  loadedBy?: string;
  /** Where the pack came from (default: its folder). */
  source?: string;
  /** The images to store (default: read from the pack's folder). */
  images?: PackImage[];
  renames?: Renames;
  /** Runs under the loaders' lock before anything is written: throws to refuse the load (campaign:load's diff). */
  check?: (tx: Tx) => Promise<void>;
  /** Runs in the load's transaction once it is written: its audit row commits with it, or neither does. */
  written?: (tx: Tx, loaded: LoadSummary) => Promise<void>;
}

/** What GET /api/campaign serves from the campaigns row, as the pack gives it. */
export function campaignInfo(pack: Pack) {
  const { campaign } = pack;
  return {
    id: campaign.id,
    name: campaign.name,
    tagline: campaign.tagline,
    description: campaign.description,
    timeZone: campaign.timeZone,
    operatorName: campaign.operator.name,
    operatorEmails: campaign.operator.emails,
    winnerReplyDays: campaign.terms.winnerReplyDays,
    termsText: pack.termsText,
    bookingUrl: campaign.bookingUrl ?? '',
    challengeDays: campaign.challengeDays,
    startTime: pack.startTime,
    endTime: pack.endTime,
    collection: {
      start: campaign.terms.collectionStart,
      end: campaign.terms.collectionEnd,
      place: campaign.terms.collectionPlace ?? '',
    },
    screens: campaignScreens(pack),
    mail: campaign.mail,
    translations: pack.translations,
  };
}

/** Where the browser finds a pack image (`images/x.svg`), the same way as a checkpoint's. */
const imageUrl = (image: string) => `/api/campaign/images/${encodeURIComponent(image.replace(/^images\//, ''))}`;

/** The event's look and words, as the screens show them (decision 033). */
function campaignScreens(pack: Pack): CampaignScreens {
  const { look, prize, signup, texts, bookingLabel, name } = pack.campaign;
  return {
    logo: look.logo ? { url: imageUrl(look.logo), alt: look.logoAlt ?? name } : null,
    colours: look.colours,
    background: { image: look.background ? imageUrl(look.background) : null, videos: look.backgroundVideos.map(imageUrl) },
    prize: prize ? { title: prize.title, text: prize.text, image: prize.image ? imageUrl(prize.image) : null } : null,
    bookingLabel,
    signup: signup ?? null,
    ...texts,
    signupPhotos: texts.signupPhotos.map((p) => ({ url: imageUrl(p.image), alt: p.alt })),
    rewardsBanner: texts.rewardsBanner ? { url: imageUrl(texts.rewardsBanner.image), alt: texts.rewardsBanner.alt } : null,
  };
}

/** A checkpoint's row as the pack gives it. */
export function checkpointValues(c: Pack['checkpoints'][number]) {
  return {
    title: c.title,
    subtitle: c.subtitle,
    sequence: c.sequence,
    type: c.type,
    image: c.image ?? null,
    startTime: c.startTime,
    endTime: c.endTime,
    maxAttempts: c.maxAttempts,
    choices: c.choices ?? null,
    qrTexts: c.qrTexts?.map((t) => t.trim()) ?? null,
    mcqAnswers: c.answers ?? null,
    codePeriod: c.rotatingCode?.period ?? null,
  };
}

/** Loads the pack over whatever the database holds (campaign:load once its check passes). */
export async function applyPack(db: Db, pack: Pack, options: ApplyOptions = {}): Promise<LoadSummary> {
  const images = options.images ?? readPackImages(pack.contentDir);
  return db.transaction(async (tx) => {
    await lockCampaigns(tx);
    await options.check?.(tx);
    const loaded = await write(tx, pack, { ...options, images });
    await options.written?.(tx, loaded);
    return loaded;
  });
}

/**
 * Loads the pack only into a database that holds no campaign yet (a server start with CAMPAIGN). Instances
 * starting together on one empty database take turns: the first seeds, the others find it seeded.
 * Returns undefined when a campaign was there already.
 */
export async function seedPack(db: Db, pack: Pack): Promise<LoadSummary | undefined> {
  const images = readPackImages(pack.contentDir);
  return db.transaction(async (tx) => {
    await lockCampaigns(tx);
    const [any] = await tx.select({ id: campaigns.id }).from(campaigns).limit(1);
    return any ? undefined : write(tx, pack, { images, loadedBy: 'CAMPAIGN' });
  });
}

/** One loader at a time, across instances and the CLI, until the transaction ends. */
async function lockCampaigns(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CAMPAIGN_LOCK})`);
}
const CAMPAIGN_LOCK = 26_026;

async function write(tx: Tx, pack: Pack, options: ApplyOptions & { images: PackImage[] }): Promise<LoadSummary> {
  const { campaign } = pack;
  const info = campaignInfo(pack);
  const sourceDir = options.source ?? pack.contentDir;
  // A renamed id is the same row under its new name: its attempts, spins, claims and stock stay on it.
  for (const [from, to] of Object.entries(options.renames?.checkpoints ?? {})) {
    await tx
      .update(checkpoints)
      .set({ slug: to })
      .where(and(eq(checkpoints.campaignId, campaign.id), eq(checkpoints.slug, from)));
  }
  for (const [from, to] of Object.entries(options.renames?.rewards ?? {})) {
    await tx
      .update(rewards)
      .set({ item: to })
      .where(and(eq(rewards.campaignId, campaign.id), eq(rewards.item, from)));
  }
  await tx
    .update(campaigns)
    .set({ active: false })
    .where(sql`${campaigns.id} <> ${campaign.id}`);
  await tx
    .insert(campaigns)
    .values({ id: campaign.id, info, wheelWeights: campaign.wheel.weights, sourceDir, active: true })
    .onConflictDoUpdate({
      target: campaigns.id,
      set: { info, wheelWeights: campaign.wheel.weights, sourceDir, active: true, loadedAt: sql`now()` },
    });

  for (const c of pack.checkpoints) {
    const values = { ...checkpointValues(c), removed: false };
    await tx
      .insert(checkpoints)
      .values({ campaignId: campaign.id, slug: c.id, ...values })
      .onConflictDoUpdate({ target: [checkpoints.campaignId, checkpoints.slug], set: values });
  }
  const slugs = pack.checkpoints.map((c) => c.id);
  await tx
    .update(checkpoints)
    .set({ removed: true })
    .where(and(eq(checkpoints.campaignId, campaign.id), slugs.length ? notInArray(checkpoints.slug, slugs) : undefined));

  // Stock added or taken away from the console stays on top of the pack's (decision 071).
  const changedStock = await stockChangedByReward(tx, campaign.id);
  for (const r of pack.rewards) {
    // Locked: a claim committing meanwhile on another instance cannot be counted out of the stock.
    const [existing] = await tx
      .select({ id: rewards.id })
      .from(rewards)
      .where(and(eq(rewards.campaignId, campaign.id), eq(rewards.item, r.item)))
      .for('update');
    const [claimedRow] = existing ? await tx.select({ n: count() }).from(claims).where(eq(claims.rewardId, existing.id)) : [];
    // Stock in the pack is the total ever offered, with what the console changed: what was claimed is taken off it.
    const claimed = claimedRow?.n ?? 0;
    const offered = Math.max(0, r.stock + (existing ? (changedStock.get(existing.id) ?? 0) : 0));
    const values = {
      price: r.price,
      stock: Math.max(0, offered - claimed),
      stockLoaded: Math.max(offered, claimed),
      description: r.description,
      startDate: r.startDate,
      endDate: r.endDate,
      eligibility: r.eligibility,
      perUserLimit: r.perUserLimit ?? null,
      sequence: r.sequence,
      removed: false,
    };
    if (existing) await tx.update(rewards).set(values).where(eq(rewards.id, existing.id));
    else await tx.insert(rewards).values({ campaignId: campaign.id, item: r.item, ...values });
  }
  const items = pack.rewards.map((r) => r.item);
  await tx
    .update(rewards)
    .set({ removed: true })
    .where(and(eq(rewards.campaignId, campaign.id), items.length ? notInArray(rewards.item, items) : undefined));
  const stored = await storeVersion(tx, pack, options.images, { loadedBy: options.loadedBy ?? 'cli', source: sourceDir });
  return { campaignId: campaign.id, checkpoints: pack.checkpoints.length, rewards: pack.rewards.length, ...stored };
}

/**
 * Units added (or taken away) per reward of the campaign from the console or the CLI (rewards/stock.ts, decision
 * 071): a load adds them again to the pack's stock, and the diff says so.
 */
export async function stockChangedByReward(db: DbOrTx, campaignId: string): Promise<Map<number, number>> {
  const rows = await queryRows<{ reward_id: number; changed: string | number }>(
    db,
    sql`select s.reward_id, sum(s.amount) as changed from ${stockChanges} s join ${rewards} r on r.id = s.reward_id
        where r.campaign_id = ${campaignId} group by s.reward_id`,
  );
  return new Map(rows.map((row) => [Number(row.reward_id), Number(row.changed)]));
}
