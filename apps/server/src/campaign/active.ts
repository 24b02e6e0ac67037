// The active campaign, cached briefly per instance so hot reads do not look it up on every request.
import { eq } from 'drizzle-orm';
import type { Campaign } from '@quackquest/contract';
import type { Db } from '../db/client';
import { campaigns } from '../db/schema';
import { DomainError } from '../domain/errors';
import type { PackTranslations } from './translations';

export interface ActiveCampaign {
  id: string;
  info: Omit<Campaign, 'wheel' | 'collection'> & {
    collection?: Campaign['collection'];
    operatorEmails: string[];
    /** terms.winnerReplyDays; absent in a campaign loaded before winner notices (reload its pack). */
    winnerReplyDays?: number;
    /** campaign.yaml mail (sender name, subjects); absent in a campaign loaded before it existed. */
    mail?: { senderName: string; signInSubject: string; signUpSubject: string; winnerAsks?: string[] };
    /** translations.yaml (decision 037); absent in a campaign loaded before it existed. */
    translations?: PackTranslations;
  };
  wheelWeights: Record<string, number>;
  sourceDir: string;
  /** The stored version whose images are served; null for a campaign loaded before versions (decision 032). */
  version: number | null;
}

/** The active campaign, read now (the CLI's way; the server reads it through the cache below). */
export async function readActiveCampaign(db: Db): Promise<ActiveCampaign> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.active, true)).limit(1);
  if (!row) throw new DomainError('unavailable', 'No campaign is loaded yet.');
  return {
    id: row.id,
    info: row.info as ActiveCampaign['info'],
    wheelWeights: row.wheelWeights,
    sourceDir: row.sourceDir,
    version: row.version,
  };
}

/** `ttlMs` gives cache/settings.ts's campaignTtlMs; `now` is the app's clock. */
export function createCampaignCache(db: Db, ttlMs: () => number, now: () => number) {
  let cached: { value: ActiveCampaign; at: number } | undefined;
  return {
    async get(): Promise<ActiveCampaign> {
      if (cached && now() - cached.at < ttlMs()) return cached.value;
      const value = await readActiveCampaign(db);
      cached = { value, at: now() };
      return value;
    },
    clear(): void {
      cached = undefined;
    },
  };
}
export type CampaignCache = ReturnType<typeof createCampaignCache>;
