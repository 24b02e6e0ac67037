// What a start says about the pack at CAMPAIGN when the database already holds a campaign (decision 026):
// every difference in short lines, nothing applied.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/env';
import { campaigns } from '../db/schema';
import { getTestContext, repoRoot, unique } from '../../test/helpers';
import { applyPack } from './load';
import { readPack } from './pack';
import { campaignAtStart, describeCampaignAtStart } from './startup';

const dirs: string[] = [];
const campaignId = unique('startup');

/** singapore-2025 as this file's campaign; `edit` rewrites its files' text. */
function pack(edit: (file: string, text: string) => string = (_f, t) => t): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-startup-'));
  dirs.push(dir);
  cpSync(path.join(repoRoot, 'campaigns/singapore-2025'), dir, { recursive: true });
  for (const file of ['campaign.yaml', 'checkpoints.yaml', 'rewards.yaml', 'translations.yaml']) {
    let text = readFileSync(path.join(dir, file), 'utf8');
    if (file === 'campaign.yaml') text = text.replace(/^id: .*$/m, `id: ${campaignId}`);
    writeFileSync(path.join(dir, file), edit(file, text));
  }
  return dir;
}

afterAll(async () => {
  const { app, database } = await getTestContext();
  await applyPack(database.db, readPack(path.join(repoRoot, 'campaigns/demo')));
  app.ctx.campaign.clear();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('a CAMPAIGN that names no folder', () => {
  it('is named in one line, a setting to fix, not a stack trace from reading it', async () => {
    const { database } = await getTestContext();
    const missing = path.join(os.tmpdir(), unique('no-such-pack'));
    await expect(campaignAtStart(database.db, missing)).rejects.toThrow(
      new ConfigError(`CAMPAIGN: there is no campaign pack folder at ${missing}`),
    );
  });
});

describe('a start on a database that holds a campaign', () => {
  it('lists what the pack on disk would change, applies none of it', async () => {
    const { database } = await getTestContext();
    await applyPack(database.db, readPack(pack()));
    const before = await database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));

    const same = await campaignAtStart(database.db, pack());
    expect(same).toMatchObject({ outcome: 'kept', campaignId, differences: [] });
    expect(describeCampaignAtStart(same).message).toContain('matches it');

    const edited = pack((file, text) => {
      if (file === 'campaign.yaml') return text.replace(/^name: .*$/m, 'name: Renamed').replace('2025-09-01', '2025-09-03');
      if (file === 'checkpoints.yaml')
        return text.replace('id: day-02-', 'id: day-02b-').replace('maxAttempts: 1\n  qrTexts', 'maxAttempts: 2\n  qrTexts');
      if (file === 'rewards.yaml') return text.replace('stock: 200', 'stock: 150').replace('price: 3\n', 'price: 4\n');
      // The translations follow the renamed checkpoint (a translation of an unknown id is a pack problem).
      if (file === 'translations.yaml') return text.replaceAll('day-02-lifeboat-drill:', 'day-02b-lifeboat-drill:');
      return text;
    });
    const result = await campaignAtStart(database.db, edited);
    expect(result.outcome).toBe('kept');
    const lines = result.outcome === 'kept' ? (result.differences ?? []) : [];
    // Exactly these: entries the date shift moves with day 1 are not listed one by one.
    expect(lines).toEqual([
      'dates: 2025-09-01 to 2025-09-14 → 2025-09-03 to 2025-09-16',
      'campaign changed: name, translations',
      'checkpoints added: day-02b-lifeboat-drill',
      'checkpoints changed: day-05-captains-table (maxAttempts)',
      'checkpoints removed: day-02-lifeboat-drill',
      'reward Draught Beer: stock 200 → 150',
      'reward Draught Beer: price 3 → 4',
    ]);
    const said = describeCampaignAtStart(result);
    expect(said.level).toBe('warn');
    expect(said.message).toContain(`npm run ops -- campaign:load ${edited}`);
    expect(await database.db.select().from(campaigns).where(eq(campaigns.id, campaignId))).toEqual(before);
  });

  it('with CAMPAIGN unset says nothing about a pack; a broken pack is reported, not read', async () => {
    const { database } = await getTestContext();
    expect(await campaignAtStart(database.db, undefined)).toEqual({ outcome: 'kept', campaignId });
    const broken = pack((file, text) =>
      file === 'campaign.yaml' ? text.replace(/^timeZone: .*$/m, 'timeZone: Mars/Base') : text,
    );
    expect(await campaignAtStart(database.db, broken)).toMatchObject({
      outcome: 'kept',
      problems: [expect.stringContaining('campaign.yaml: field "timeZone"')],
    });
  });
});
