import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { api, attempt, createUser, getTestContext, me, repoRoot, unique } from '../../test/helpers';
import { applyPack } from './load';
import { packDifferences } from './diff';
import { changeRewardStock, listRewardStock, rewardIdByItem } from '../rewards/stock';
import { readPack } from './pack';
import { PACK_TERMS } from '../../test/pack';

// This file makes its own campaign active, then puts the demo campaign back for the other test files.
const packDir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-reload-'));
const campaignId = unique('reload');

afterAll(async () => {
  const { app, database } = await getTestContext();
  await applyPack(database.db, readPack(path.join(repoRoot, 'campaigns/demo')));
  app.ctx.campaign.clear();
  rmSync(packDir, { recursive: true, force: true });
});

interface Version {
  noteTitle: string;
  beerStock: number;
  withQuiz: boolean;
  withBeer: boolean;
}

/** Writes the pack of `version` and loads it, or with `dryRun` only writes it. */
async function load(version: Version, options: { dryRun?: boolean } = {}) {
  const quiz = { id: 'quiz', day: 1, title: 'Lifeboat Drill', type: 'MCQ', maxAttempts: 1, choices: ['A', 'B'], answers: ['b'] };
  const note = { id: 'note', day: 1, title: version.noteTitle, type: 'Str', maxAttempts: 2 };
  const beer = { item: 'Reload Beer', price: 3, stock: version.beerStock, eligibility: 'everyone' };
  const wifi = { item: 'Reload Wifi', price: 5, stock: 10, eligibility: 'everyone' };
  writeFileSync(
    path.join(packDir, 'campaign.yaml'),
    stringify({
      id: campaignId,
      name: 'Reload Test',
      timeZone: 'Asia/Singapore',
      challengeStart: 'relative',
      todayIsDay: 1,
      challengeDays: 3,
      bookingUrl: 'https://example.com/book',
      operator: { name: 'Reload Voyages Ltd.' },
      terms: { ...PACK_TERMS },
      wheel: { weights: { 1: 35, 2: 25, 3: 20, 4: 12, 5: 8 } },
    }),
  );
  writeFileSync(path.join(packDir, 'checkpoints.yaml'), stringify(version.withQuiz ? [note, quiz] : [note]));
  writeFileSync(path.join(packDir, 'rewards.yaml'), stringify(version.withBeer ? [beer, wifi] : [wifi]));
  writeFileSync(path.join(packDir, 'terms.md'), 'Run by {{operator.name}}.\n');
  if (options.dryRun) return undefined;
  const { app, database } = await getTestContext();
  const summary = await applyPack(database.db, readPack(packDir));
  app.ctx.campaign.clear();
  return summary;
}

async function inventory(user: Awaited<ReturnType<typeof createUser>>) {
  const { body } = await api('GET', '/api/inventory', user);
  return Object.fromEntries((body.items as { item: string; quantity: number }[]).map((r) => [r.item, r.quantity]));
}

async function checkpointList(user: Awaited<ReturnType<typeof createUser>>) {
  const { body } = await api('GET', '/api/checkpoints', user);
  return body.data as { checkpointId: string; title: string; attempts: number }[];
}

describe('reloading a campaign pack', () => {
  it('updates content and keeps users, attempts, ducks and claims; stock is what was loaded minus what was claimed', async () => {
    const first = { noteTitle: 'Name That Duck', beerStock: 5, withQuiz: true, withBeer: true };
    expect(await load(first)).toMatchObject({ campaignId, checkpoints: 2, rewards: 2 });
    expect((await api('GET', '/api/campaign')).body).toMatchObject({ id: campaignId, name: 'Reload Test' });

    const user = await createUser({ ducks: 10 });
    expect((await attempt(user, 'note', 'Quackers')).body).toMatchObject({ outcome: 'submitted', attempts: 1 });
    const claim = await api('POST', '/api/claims', user, { item: 'Reload Beer' }, { 'idempotency-key': unique('claim') });
    expect(claim.status).toBe(201);
    expect(await inventory(user)).toEqual({ 'Reload Beer': 4, 'Reload Wifi': 10 });

    // The same pack again: nothing is reset.
    await load(first);
    expect(await inventory(user)).toEqual({ 'Reload Beer': 4, 'Reload Wifi': 10 });
    expect((await me(user)).duckPoints).toBe(7);
    expect((await checkpointList(user)).find((c) => c.checkpointId === 'note')?.attempts).toBe(1);
    const profile = await api('GET', '/api/profile', user);
    expect(profile.body.claimed).toEqual([expect.objectContaining({ item: 'Reload Beer', voucherCode: claim.body.voucherCode })]);

    // New content: a new title and more stock, with the claimed one still taken off.
    await load({ ...first, noteTitle: 'Name That Mascot', beerStock: 12 });
    expect(await inventory(user)).toEqual({ 'Reload Beer': 11, 'Reload Wifi': 10 });
    expect((await checkpointList(user)).find((c) => c.checkpointId === 'note')).toMatchObject({
      title: 'Name That Mascot',
      attempts: 1,
    });

    // Removed from the pack: gone from the lists, while the visitor's claim and attempt stay.
    await load({ ...first, withQuiz: false, withBeer: false });
    expect(await inventory(user)).toEqual({ 'Reload Wifi': 10 });
    expect((await checkpointList(user)).map((c) => c.checkpointId)).toEqual(['note']);
    expect((await api('GET', '/api/profile', user)).body.claimed).toHaveLength(1);
    expect((await me(user)).duckPoints).toBe(7);

    // Back in the pack: it returns with its stock still reduced by the claim.
    await load(first);
    expect(await inventory(user)).toEqual({ 'Reload Beer': 4, 'Reload Wifi': 10 });
    expect((await checkpointList(user)).map((c) => c.checkpointId)).toEqual(['note', 'quiz']);
  });

  it("keeps stock an admin added (or took away) from the console on top of the pack's, and the diff says so", async () => {
    const first = { noteTitle: 'Name That Duck', beerStock: 5, withQuiz: true, withBeer: true };
    await load(first);
    const user = await createUser({ ducks: 10 });
    const before = (await inventory(user))['Reload Beer']!;
    const { database } = await getTestContext();
    const beer = await rewardIdByItem(database.db, 'Reload Beer');
    await changeRewardStock(database.db, beer, {
      amount: 200,
      reason: 'second keg',
      actor: 'admin@crew.example.com',
      now: new Date(),
    });
    await changeRewardStock(database.db, beer, { amount: -3, reason: 'spilled', actor: 'cli', now: new Date() });
    expect(await inventory(user)).toMatchObject({ 'Reload Beer': before + 197 });

    // The same pack: nothing to change, and the console's stock stays.
    expect(await packDifferences(database.db, readPack(packDir))).toEqual([]);
    await load(first);
    expect(await inventory(user)).toMatchObject({ 'Reload Beer': before + 197 });
    // More stock in the pack: the console's changes stay on top of it, and the diff says so before the load.
    await load({ ...first, beerStock: 8 }, { dryRun: true });
    expect(await packDifferences(database.db, readPack(packDir))).toEqual([
      "reward Reload Beer: stock 202 → 205 (the pack's 8; +197 added from the console stay)",
    ]);
    await load({ ...first, beerStock: 8 });
    expect(await inventory(user)).toMatchObject({ 'Reload Beer': before + 200 });
    const [stock] = (await listRewardStock(database.db)).filter((r) => r.item === 'Reload Beer');
    expect(stock).toMatchObject({ offered: 205, changed: 197, left: before + 200 });
    expect(stock!.changes.map((c) => [c.amount, c.reason])).toEqual([
      [-3, 'spilled'],
      [200, 'second keg'],
    ]);
  });
});
