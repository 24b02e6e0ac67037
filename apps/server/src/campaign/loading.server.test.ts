// campaign:validate and campaign:load through the service (loading.ts): a good pack summarised without loading, a broken
// one listing every problem, a load that visitors see at once and that the audit trail records.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { applyPack } from './load';
import { PackError, readPack } from './pack';
import { auditLog, campaigns } from '../db/schema';
import { api, createUser, getTestContext, repoRoot } from '../../test/helpers';
import { scratchDir } from '../../test/scratch';
import { formatPackSummary, loadCampaign, validateCampaign } from './loading';

async function activeCampaignIds() {
  const { database } = await getTestContext();
  return (await database.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.active, true))).map((c) => c.id);
}

describe('campaign:validate', () => {
  it('summarises a good pack (dates in ISO, checkpoints by type) and loads nothing', async () => {
    const before = await activeCampaignIds();
    const summary = validateCampaign(path.join(repoRoot, 'campaigns/singapore-2025'));
    expect(summary).toEqual({
      id: 'singapore-2025',
      name: 'QuackQuest Singapore 2025',
      timeZone: 'Asia/Singapore',
      startsAt: '2025-08-31T16:00:00.000Z',
      endsAt: '2025-09-14T15:59:59.000Z',
      challengeDays: 14,
      checkpoints: 14,
      checkpointsByType: { Scan: 4, ScanNoSpin: 2, MCQ: 4, Str: 2, Upload: 2 },
      rewards: 12,
    });
    expect(formatPackSummary(summary)).toContain('checkpoints: 14 (4 Scan, 2 ScanNoSpin, 4 MCQ, 2 Str, 2 Upload)');
    expect(await activeCampaignIds()).toEqual(before);
  });

  it('lists every problem of a broken pack with its file, entry and field', () => {
    const dir = scratchDir('quackquest-pack');
    writeFileSync(
      path.join(dir, 'campaign.yaml'),
      `basedOn: ${path.join(repoRoot, 'campaigns/singapore-2025')}\nbookingUrl: not-a-url\nchallengeDays: 0\n`,
    );
    let error: unknown;
    try {
      validateCampaign(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PackError);
    const { problems } = error as PackError;
    expect(problems).toHaveLength(2);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^campaign\.yaml: field "challengeDays": /),
        expect.stringMatching(/^campaign\.yaml: field "bookingUrl": /),
      ]),
    );
  });
});

describe('campaign:load', () => {
  it('makes the pack the active campaign that visitors see, keeping their ducks', async () => {
    const { campaignId } = await getTestContext();
    const visitor = await createUser({ ducks: 4 });
    // Other files' tests played checkpoints they added to the demo campaign: the pack leaves them out.
    const { summary } = await loadCampaign((await getTestContext()).database.db, path.join(repoRoot, 'campaigns/demo'), {
      confirm: true,
    });
    expect(summary).toMatchObject({ id: campaignId, name: 'QuackQuest Demo', checkpoints: 14, rewards: 12 });
    expect(await activeCampaignIds()).toEqual([campaignId]);
    expect((await api('GET', '/api/campaign')).body).toMatchObject({ name: 'QuackQuest Demo' });
    expect((await api('GET', '/api/me', visitor)).body).toMatchObject({ duckPoints: 4 });
  });

  it('is recorded in the audit trail: who, the campaign before and after, and a hash of the content', async () => {
    const db = (await getTestContext()).database.db;
    const { campaignId } = await getTestContext();
    const { version } = await loadCampaign(db, path.join(repoRoot, 'campaigns/demo'), { confirm: true });
    const [row] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'campaign.load'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ actor: 'cli', subject: campaignId, before: { id: campaignId } });
    const after = row!.after as { id: string; checkpoints: number; rewards: number; contentHash: string };
    expect(after).toMatchObject({ id: campaignId, checkpoints: 14, rewards: 12 });
    expect(after.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(after).toMatchObject({ version, source: path.join(repoRoot, 'campaigns/demo') });
    // Who the pack makes admin, before and after (operators/roles.ts): a load that changes it is on the record.
    expect(row!.before).toMatchObject({ packAdmins: expect.any(Array) as unknown });
    expect(after).toMatchObject({ packAdmins: ['ops@example.com'] });
  });

  it("writes its audit row in the load's own transaction: a load whose record fails is not applied", async () => {
    const db = (await getTestContext()).database.db;
    const active = async () => (await db.select().from(campaigns).where(eq(campaigns.active, true)))[0]!;
    const before = await active();
    const written = vi.fn(async () => {
      throw new Error('the audit trail refused the row');
    });
    await expect(applyPack(db, readPack(path.join(repoRoot, 'campaigns/demo')), { written })).rejects.toThrow(
      'the audit trail refused the row',
    );
    expect(written).toHaveBeenCalledOnce();
    expect(await active()).toMatchObject({ id: before.id, version: before.version, loadedAt: before.loadedAt });
  });
});
