import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { api, attempt, createUser, getTestContext, me, repoRoot, unique } from '../../test/helpers';
import { applyPack } from './load';
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

async function load(version: Version) {
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
});
