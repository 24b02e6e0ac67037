// A loaded pack lives in the database (decision 032): every load is a version holding the whole validated pack
// and its images' bytes, so every instance serves the same content and the pack's folder is not needed after.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { campaignImages, campaignVersionImages, campaignVersions, campaigns } from '../db/schema';
import { DomainError } from '../domain/errors';
import { IMAGE_PATH, VIDEO_PATH, imageProblem } from './images';
import { type Pack, PackError } from './pack';
import { campaignFileSchema } from './pack-schema';

export interface PackImage {
  /** The file's name in images/, e.g. day-01.svg. */
  name: string;
  contentType: string;
  sha256: string;
  bytes: Buffer;
}

/** An image over this size is refused: images are shown on phones, and every version keeps its bytes. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  webm: 'video/webm',
  mp4: 'video/mp4',
};

function contentTypeOf(name: string): string {
  return CONTENT_TYPES[path.extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/**
 * Every image of the pack's images/ folder, referenced or not (a logo named by a campaign.yaml field is stored
 * like a checkpoint's): files with an image's name whose content is what the name says. Other files are left out;
 * a referenced one that is wrong was refused by readPack already.
 */
export function readPackImages(contentDir: string): PackImage[] {
  const folder = path.join(contentDir, 'images');
  if (!existsSync(folder)) return [];
  const problems: string[] = [];
  const images: PackImage[] = [];
  for (const name of readdirSync(folder).sort()) {
    const image = `images/${name}`;
    // Background videos (look.backgroundVideos, decision 033) are stored like images.
    if (
      !(IMAGE_PATH.test(image) || VIDEO_PATH.test(image)) ||
      !statSync(path.join(folder, name)).isFile() ||
      imageProblem(contentDir, image)
    )
      continue;
    const bytes = readFileSync(path.join(folder, name));
    if (bytes.length > MAX_IMAGE_BYTES) {
      problems.push(`${image}: ${(bytes.length / 1024 / 1024).toFixed(1)} MB, over the 5 MB an image may have`);
      continue;
    }
    images.push({ name, contentType: contentTypeOf(name), sha256: sha256(bytes), bytes });
  }
  if (problems.length) throw new PackError(problems);
  return images;
}

/** The pack as stored: everything readPack validated except the folder it was read from. */
function storedPack(pack: Pack): Record<string, unknown> {
  const { contentDir: _folder, ...rest } = pack;
  return rest;
}

/** Keys sorted, undefined left out: the same content gives the same text, before and after jsonb. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** SHA-256 of the pack and its images: equal for a restored version and the version it restores. */
function contentHash(pack: Pack, images: PackImage[]): string {
  return sha256(canonicalJson({ pack: storedPack(pack), images: images.map((i) => [i.name, i.sha256]) }));
}

/** Stores a version of the pack with its images and makes it the campaign's (inside the load's transaction). */
export async function storeVersion(
  tx: DbOrTx,
  pack: Pack,
  images: PackImage[],
  by: { loadedBy: string; source: string },
): Promise<{ version: number; contentHash: string }> {
  const hash = contentHash(pack, images);
  const [row] = await tx
    .insert(campaignVersions)
    .values({ campaignId: pack.campaign.id, loadedBy: by.loadedBy, source: by.source, contentHash: hash, pack: storedPack(pack) })
    .returning({ version: campaignVersions.version });
  const version = row!.version;
  for (const image of images) {
    await tx.insert(campaignImages).values({ sha256: image.sha256, bytes: image.bytes }).onConflictDoNothing();
    await tx
      .insert(campaignVersionImages)
      .values({ version, name: image.name, contentType: image.contentType, sha256: image.sha256 });
  }
  await tx.update(campaigns).set({ version }).where(eq(campaigns.id, pack.campaign.id));
  return { version, contentHash: hash };
}

export interface VersionRow {
  version: number;
  campaignId: string;
  loadedAt: Date;
  loadedBy: string;
  source: string;
  contentHash: string;
  /** The version the active campaign runs. */
  active: boolean;
  name: string;
  checkpoints: number;
  rewards: number;
}

/** Every version, newest first. */
export async function listVersions(db: DbOrTx): Promise<VersionRow[]> {
  const [active] = await db.select({ version: campaigns.version }).from(campaigns).where(eq(campaigns.active, true));
  const rows = await db.select().from(campaignVersions).orderBy(desc(campaignVersions.version));
  return rows.map(({ pack, ...row }) => ({
    ...row,
    active: row.version === active?.version,
    name: (pack.campaign as { name?: string } | undefined)?.name ?? '',
    checkpoints: Array.isArray(pack.checkpoints) ? pack.checkpoints.length : 0,
    rewards: Array.isArray(pack.rewards) ? pack.rewards.length : 0,
  }));
}

/** A stored version as a pack to load again, with its images. campaign.yaml's fields get today's defaults. */
export async function readVersion(db: DbOrTx, version: number): Promise<{ pack: Pack; images: PackImage[] }> {
  const [row] = await db.select().from(campaignVersions).where(eq(campaignVersions.version, version));
  if (!row) throw new DomainError('not_found', `There is no campaign version ${version} (campaign:versions lists them).`);
  const stored = row.pack as unknown as Omit<Pack, 'contentDir'>;
  const campaign = campaignFileSchema.safeParse(stored.campaign);
  if (!campaign.success) {
    throw new PackError(campaign.error.issues.map((i) => `version ${version}: field "${i.path.join('.')}": ${i.message}`));
  }
  const images = await db
    .select({
      name: campaignVersionImages.name,
      contentType: campaignVersionImages.contentType,
      sha256: campaignVersionImages.sha256,
      bytes: campaignImages.bytes,
    })
    .from(campaignVersionImages)
    .innerJoin(campaignImages, eq(campaignImages.sha256, campaignVersionImages.sha256))
    .where(eq(campaignVersionImages.version, version))
    .orderBy(campaignVersionImages.name);
  return { pack: { ...stored, campaign: campaign.data, contentDir: '' }, images };
}

/** One image of a version, or undefined. */
export async function readImage(db: DbOrTx, version: number, name: string): Promise<PackImage | undefined> {
  const [row] = await db
    .select({
      name: campaignVersionImages.name,
      contentType: campaignVersionImages.contentType,
      sha256: campaignVersionImages.sha256,
      bytes: campaignImages.bytes,
    })
    .from(campaignVersionImages)
    .innerJoin(campaignImages, eq(campaignImages.sha256, campaignVersionImages.sha256))
    .where(and(eq(campaignVersionImages.version, version), eq(campaignVersionImages.name, name)));
  return row;
}
