// Kiosks (decision 083): a tablet at a booth showing a Scan checkpoint's rotating code. The console starts one for a
// checkpoint whose pack gives it a `rotatingCode`; the server keeps the kiosk's key to check its codes with, and
// the console revokes it (a tablet lost or taken). Starting and revoking are on the audit trail.
import { KIOSK_QUEUED_MAX_SEC } from '@quackquest/contract';
import { kioskCodeText, newKioskKey } from '@quackquest/contract/kiosk';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/audit';
import type { ActiveCampaign } from '../campaign/active';
import type { Db, DbOrTx } from '../db/client';
import { checkpoints, kiosks } from '../db/schema';
import { notFound } from '../domain/errors';

type CheckpointRow = typeof checkpoints.$inferSelect;

export interface StartedKiosk {
  id: number;
  name: string;
  key: string;
  period: number;
  checkpointId: string;
  checkpointTitle: string;
}

/** The rotating checkpoint of the active campaign with this id (its slug), or a 404 in words. */
async function rotatingCheckpoint(db: DbOrTx, campaign: ActiveCampaign, slug: string): Promise<CheckpointRow> {
  const [row] = await db
    .select()
    .from(checkpoints)
    .where(
      and(
        eq(checkpoints.campaignId, campaign.id),
        eq(checkpoints.slug, slug),
        eq(checkpoints.removed, false),
        isNotNull(checkpoints.codePeriod),
      ),
    )
    .limit(1);
  if (!row) throw notFound(`No checkpoint ${slug} shows a rotating code: the pack gives such a checkpoint a rotatingCode.`);
  return row;
}

export async function startKiosk(
  db: Db,
  campaign: ActiveCampaign,
  { checkpoint, name }: { checkpoint: string; name: string },
  { actor, now }: { actor: string; now: Date },
): Promise<StartedKiosk> {
  return db.transaction(async (tx) => {
    const row = await rotatingCheckpoint(tx, campaign, checkpoint);
    const key = newKioskKey();
    const [kiosk] = await tx
      .insert(kiosks)
      .values({ checkpointId: row.id, name, key, createdBy: actor, createdAt: now })
      .returning({ id: kiosks.id });
    await recordAudit(tx, {
      actor,
      action: 'kiosk.start',
      subject: `kiosk:${kiosk!.id}`,
      after: { checkpoint: row.slug, name },
      at: now,
    });
    return { id: kiosk!.id, name, key, period: row.codePeriod!, checkpointId: row.slug, checkpointTitle: row.title };
  });
}

/** Revokes a kiosk: its codes are refused from now on. A kiosk revoked already stays as it was. */
export async function revokeKiosk(db: Db, id: number, { actor, now }: { actor: string; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const [kiosk] = await tx.select().from(kiosks).where(eq(kiosks.id, id)).for('update').limit(1);
    if (!kiosk) throw notFound(`No kiosk has the number ${id}.`);
    if (kiosk.revokedAt) return;
    await tx.update(kiosks).set({ revokedAt: now, revokedBy: actor }).where(eq(kiosks.id, id));
    await recordAudit(tx, { actor, action: 'kiosk.revoke', subject: `kiosk:${id}`, before: { name: kiosk.name }, at: now });
  });
}

export interface KioskCheckpoint {
  id: string;
  title: string;
  period: number;
  kiosks: {
    id: number;
    name: string;
    createdBy: string;
    createdAt: string;
    revokedAt: string | null;
    revokedBy: string | null;
    lastSeenAt: string | null;
  }[];
}

/** The active campaign's rotating checkpoints, in the challenge's order, each with its kiosks, newest first. */
export async function listKiosks(db: Db, campaign: ActiveCampaign): Promise<KioskCheckpoint[]> {
  const rows = await db
    .select({ checkpoint: checkpoints, kiosk: kiosks })
    .from(checkpoints)
    .leftJoin(kiosks, eq(kiosks.checkpointId, checkpoints.id))
    .where(and(eq(checkpoints.campaignId, campaign.id), eq(checkpoints.removed, false), isNotNull(checkpoints.codePeriod)))
    .orderBy(asc(checkpoints.sequence), asc(checkpoints.id));
  const byCheckpoint = new Map<number, KioskCheckpoint>();
  for (const { checkpoint, kiosk } of rows) {
    let entry = byCheckpoint.get(checkpoint.id);
    if (!entry) {
      entry = { id: checkpoint.slug, title: checkpoint.title, period: checkpoint.codePeriod!, kiosks: [] };
      byCheckpoint.set(checkpoint.id, entry);
    }
    if (kiosk) {
      entry.kiosks.push({
        id: kiosk.id,
        name: kiosk.name,
        createdBy: kiosk.createdBy,
        createdAt: kiosk.createdAt.toISOString(),
        revokedAt: kiosk.revokedAt?.toISOString() ?? null,
        revokedBy: kiosk.revokedBy,
        lastSeenAt: kiosk.lastSeenAt?.toISOString() ?? null,
      });
    }
  }
  for (const entry of byCheckpoint.values()) entry.kiosks.sort((a, b) => b.id - a.id);
  return [...byCheckpoint.values()];
}

/** A tablet in touch is marked seen at most this often, so its asks every 30 s write a row a minute at most. */
const SEEN_EVERY_MS = 45_000;

/**
 * What a kiosk asks while it has a signal: whether it is still on, and the server's clock to keep its codes in time.
 * With `code`, the code it shows now: when that is this kiosk's code of this window or the one before, the tablet
 * holds the key, and the kiosk is marked seen (the console shows which tablet went quiet). Anyone may ask; only the
 * tablet can mark it seen.
 */
export async function kioskState(db: Db, id: number, code: string | undefined, nowMs: number): Promise<'on' | 'revoked' | null> {
  const [kiosk] = await db
    .select({ revokedAt: kiosks.revokedAt, key: kiosks.key, period: checkpoints.codePeriod, lastSeenAt: kiosks.lastSeenAt })
    .from(kiosks)
    .innerJoin(checkpoints, eq(checkpoints.id, kiosks.checkpointId))
    .where(eq(kiosks.id, id))
    .limit(1);
  if (!kiosk) return null;
  if (kiosk.revokedAt) return 'revoked';
  const period = kiosk.period;
  const holdsKey =
    code !== undefined &&
    period !== null &&
    [nowMs, nowMs - period * 1000].some((at) => kioskCodeText(id, kiosk.key, period, at) === code);
  if (holdsKey && (kiosk.lastSeenAt === null || nowMs - kiosk.lastSeenAt.getTime() >= SEEN_EVERY_MS)) {
    await db
      .update(kiosks)
      .set({ lastSeenAt: new Date(nowMs) })
      .where(eq(kiosks.id, id));
  }
  return 'on';
}

/**
 * The texts a scan of a rotating checkpoint may hold when judged at `atMs`: each of its kiosks' codes of that window
 * and the one before (a code read just as it changed still counts; two windows on it does not).
 */
export async function rotatingTexts(db: DbOrTx, checkpoint: CheckpointRow, atMs: number): Promise<string[]> {
  const period = checkpoint.codePeriod;
  if (period === null) return [];
  const rows = await db
    .select({ id: kiosks.id, key: kiosks.key })
    .from(kiosks)
    .where(and(eq(kiosks.checkpointId, checkpoint.id), isNull(kiosks.revokedAt)));
  return rows.flatMap(({ id, key }) => [
    kioskCodeText(id, key, period, atMs),
    kioskCodeText(id, key, period, atMs - period * 1000),
  ]);
}

/**
 * When a scan is judged (decision 083): when it reaches the server, or, for an answer kept on the phone while offline,
 * when it was scanned: the server's now less the age the phone gives it (sent minus scanned, both by the phone's own
 * clock, so its error cancels), when that age is at most KIOSK_QUEUED_MAX_SEC.
 */
export function judgedAt(nowMs: number, answeredAtMs?: number, sentAtMs?: number): number {
  if (answeredAtMs === undefined || sentAtMs === undefined) return nowMs;
  const age = sentAtMs - answeredAtMs;
  return age > 0 && age <= KIOSK_QUEUED_MAX_SEC * 1000 ? nowMs - age : nowMs;
}
