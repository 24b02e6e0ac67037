// qr:sheet: the QR codes to print and put up for the Scan and ScanNoSpin checkpoints, each with the
// checkpoint's title, day and sequence, and its text under it (so staff can check a poster by eye).
import { and, asc, eq, inArray } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../db/client';
import { campaigns, checkpoints } from '../db/schema';
import { DomainError, notFound } from '../domain/errors';

export interface QrSheetEntry {
  checkpointId: string;
  title: string;
  type: string;
  /** Challenge day the checkpoint opens, counted from the campaign's day 1. */
  day: number | null;
  sequence: number;
  text: string;
  /** 1-based, when the checkpoint accepts several texts (one poster each). */
  textNumber: number;
  textCount: number;
}

export interface QrSheet {
  campaignId: string;
  campaignName: string;
  entries: QrSheetEntry[];
}

const DAY = 86_400;

export async function getQrSheet(db: Db, campaignId?: string): Promise<QrSheet> {
  const [campaign] = await db
    .select()
    .from(campaigns)
    .where(campaignId ? eq(campaigns.id, campaignId) : eq(campaigns.active, true))
    .limit(1);
  if (!campaign) {
    throw campaignId
      ? notFound(`No campaign has the id ${campaignId}.`)
      : new DomainError('unavailable', 'No campaign is loaded: run campaign:load first.');
  }
  const info = campaign.info as { name?: string; startTime?: number };
  const rows = await db
    .select()
    .from(checkpoints)
    .where(
      and(
        eq(checkpoints.campaignId, campaign.id),
        eq(checkpoints.removed, false),
        inArray(checkpoints.type, ['Scan', 'ScanNoSpin']),
      ),
    )
    .orderBy(asc(checkpoints.sequence), asc(checkpoints.id));
  const entries = rows.flatMap((c) =>
    (c.qrTexts ?? []).map((text, i, all) => ({
      checkpointId: c.slug,
      title: c.title,
      type: c.type,
      day: typeof info.startTime === 'number' ? Math.floor((c.startTime - info.startTime) / DAY) + 1 : null,
      sequence: c.sequence,
      text,
      textNumber: i + 1,
      textCount: all.length,
    })),
  );
  if (entries.length === 0) {
    // A checkpoint with a rotatingCode has nothing to print: its code is shown on a kiosk (decision 083).
    throw notFound(`Campaign ${campaign.id} has no Scan or ScanNoSpin checkpoint with printed codes (qrTexts) to print.`);
  }
  return { campaignId: campaign.id, campaignName: info.name ?? campaign.id, entries };
}

export function entryLabel(entry: QrSheetEntry): string {
  const day = entry.day === null ? '' : `Day ${entry.day} · `;
  const code = entry.textCount > 1 ? ` · code ${entry.textNumber} of ${entry.textCount}` : '';
  return `${day}#${entry.sequence} · ${entry.type}${code}`;
}

/** Dark modules as horizontal runs, with the 4-module quiet zone scanners need around the code. */
export interface QrRuns {
  /** Width and height in modules, quiet zone included. */
  size: number;
  runs: { x: number; y: number; length: number }[];
}

const QUIET_ZONE = 4;

export function qrRuns(text: string): QrRuns {
  // Level Q survives a scuffed or glaring print; the texts are short, so the code stays small.
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'Q' });
  const runs: QrRuns['runs'] = [];
  for (let row = 0; row < modules.size; row++) {
    let start = -1;
    for (let col = 0; col <= modules.size; col++) {
      const dark = col < modules.size && modules.get(row, col) === 1;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        runs.push({ x: start + QUIET_ZONE, y: row + QUIET_ZONE, length: col - start });
        start = -1;
      }
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, runs };
}

/** Splits a title into at most `maxLines` lines of about `maxChars`, ending with "…" when cut. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const kept = lines.slice(0, maxLines).map((l) => (l.length > maxChars ? `${l.slice(0, maxChars - 1)}…` : l));
  if (lines.length > maxLines) kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, maxChars - 1)}…`;
  return kept;
}
