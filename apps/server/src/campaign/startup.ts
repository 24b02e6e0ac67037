// What a server start does with CAMPAIGN (decision 026): it seeds an empty database and never changes a campaign
// the database already holds; it only says how the pack on disk differs from it. Loading is campaign:load's.
import { statSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { ConfigError } from '../config/env';
import type { Db } from '../db/client';
import { campaigns } from '../db/schema';
import { packDifferences } from './diff';
import { type LoadSummary, seedPack } from './load';
import { PackError, readPack } from './pack';

export type CampaignAtStart =
  | { outcome: 'seeded'; pack: string; summary: LoadSummary }
  /** `differences` and `problems` only when CAMPAIGN names a pack: how it differs, or why it cannot be read. */
  | { outcome: 'kept'; campaignId: string; pack?: string; differences?: string[]; problems?: string[] };

export async function campaignAtStart(db: Db, packDir: string | undefined, now = new Date()): Promise<CampaignAtStart> {
  // A mistyped folder is a setting to fix, named in one line, not a stack trace from reading it.
  if (packDir && !statSync(packDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ConfigError(`CAMPAIGN: there is no campaign pack folder at ${packDir}`);
  }
  if (!(await holdsCampaign(db))) {
    if (!packDir) {
      throw new ConfigError(
        'Unsafe production configuration:\n  CAMPAIGN: required when NODE_ENV=production and the database holds no campaign yet',
      );
    }
    // A broken pack stops the start here: an empty database has nothing else to serve.
    const summary = await seedPack(db, readPack(packDir, now));
    if (summary) return { outcome: 'seeded', pack: packDir, summary };
    // Another instance seeded it meanwhile: keep that, like any later start.
  }
  const [active] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.active, true)).limit(1);
  const campaignId = active?.id ?? '(none active)';
  if (!packDir) return { outcome: 'kept', campaignId };
  try {
    return { outcome: 'kept', campaignId, pack: packDir, differences: await packDifferences(db, readPack(packDir, now)) };
  } catch (error) {
    if (error instanceof PackError) return { outcome: 'kept', campaignId, pack: packDir, problems: error.problems };
    throw error;
  }
}

async function holdsCampaign(db: Db): Promise<boolean> {
  return (await db.select({ id: campaigns.id }).from(campaigns).limit(1)).length > 0;
}

/** The log line for a start: a level, the fields and the message (server.ts writes it once the logger exists). */
export function describeCampaignAtStart(result: CampaignAtStart): { level: 'info' | 'warn'; fields: object; message: string } {
  if (result.outcome === 'seeded') {
    return {
      level: 'info',
      fields: { ...result.summary, pack: result.pack },
      message: 'campaign seeded: the database held none',
    };
  }
  const fields = { campaignId: result.campaignId, pack: result.pack };
  const load = `to apply it: npm run ops -- campaign:load ${result.pack}`;
  if (result.problems) {
    return {
      level: 'warn',
      fields: { ...fields, problems: result.problems },
      message: `campaign kept as the database holds it; the pack at CAMPAIGN has problems and was not read`,
    };
  }
  if (result.differences?.length) {
    return {
      level: 'warn',
      fields: { ...fields, differences: result.differences },
      message: `campaign kept as the database holds it; the pack at CAMPAIGN differs and was NOT applied (${load})`,
    };
  }
  if (result.pack)
    return { level: 'info', fields, message: 'campaign kept as the database holds it; the pack at CAMPAIGN matches it' };
  return { level: 'info', fields, message: 'campaign kept as the database holds it (CAMPAIGN not set)' };
}
