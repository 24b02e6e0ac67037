// Loading is explicit and shows what it will do (decision 032): the diff counts the visitors' progress a change
// would orphan, a rename needs a mapping and keeps every visitor's progress, and a stored version can be restored.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  api,
  attempt,
  createUser,
  getTestContext,
  me,
  repoRoot,
  spin,
  unique,
  writeClaim,
  writeSpin,
  type TestUser,
} from '../../test/helpers';
import { PACK_PNG, PACK_SVG, type PackEntries, writePack as writeTestPack } from '../../test/pack';
import { attempts, campaigns, checkpoints, claims, ledger, rewards, spins, users } from '../db/schema';
import { parseRenames } from '../ops/campaign';
import { LoadRefused, loadCampaign, restoreCampaign } from './loading';
import { planLoad } from './diff';
import { applyPack } from './load';
import { readPack } from './pack';
import { listVersions } from './store';

// This file makes its own campaigns active, then puts the demo campaign back for the other test files.
const dirs: string[] = [];
afterAll(async () => {
  const { app, database } = await getTestContext();
  await applyPack(database.db, readPack(path.join(repoRoot, 'campaigns/demo')));
  app.ctx.campaign.clear();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A pack for campaign `id` in a folder of its own, removed after the file's tests. */
function writePack(id: string, entries: PackEntries): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-versions-'));
  dirs.push(dir);
  return writeTestPack(dir, id, entries);
}

const FULL: PackEntries = { quiz: 'quiz', note: 'note', beer: 'Beer', wifi: 'Wifi' };

async function start(id: string): Promise<string> {
  const { app, database } = await getTestContext();
  const dir = writePack(id, FULL);
  // Over the shared demo campaign, which other files' tests played: loaded as a test set-up, not as an operator.
  await applyPack(database.db, readPack(dir));
  app.ctx.campaign.clear();
  return dir;
}

async function load(dir: string, options: Parameters<typeof loadCampaign>[2] = {}) {
  const { app, database } = await getTestContext();
  try {
    return await loadCampaign(database.db, dir, options);
  } finally {
    app.ctx.campaign.clear();
  }
}

const ids = async (campaignId: string) => {
  const { database } = await getTestContext();
  const cps = await database.db.select().from(checkpoints).where(eq(checkpoints.campaignId, campaignId));
  const rws = await database.db.select().from(rewards).where(eq(rewards.campaignId, campaignId));
  return {
    checkpoint: (slug: string) => cps.find((c) => c.slug === slug)!.id,
    reward: (item: string) => rws.find((r) => r.item === item)!.id,
  };
};

describe('the diff counts the progress a change would orphan', () => {
  let campaignId: string;
  beforeEach(async () => {
    campaignId = unique('orphans');
    await start(campaignId);
  });

  it('names each removal with its attempts, spins, claims and vouchers, counted in the database', async () => {
    const { database } = await getTestContext();
    const db = database.db;
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    const id = await ids(campaignId);
    // quiz: a has 2 attempts (1 earned a spin), b has 1 with a spin. note: c has 1 attempt, no spin.
    const rows = await db
      .insert(attempts)
      .values([
        { userId: a.id, checkpointId: id.checkpoint('quiz'), answer: 'a', outcome: 'incorrect', counted: true },
        { userId: a.id, checkpointId: id.checkpoint('quiz'), answer: 'b', outcome: 'correct', counted: true },
        { userId: b.id, checkpointId: id.checkpoint('quiz'), answer: 'b', outcome: 'correct', counted: true },
        { userId: c.id, checkpointId: id.checkpoint('note'), answer: 'Quackers', outcome: 'submitted', counted: true },
      ])
      .returning({ id: attempts.id });
    await writeSpin(db, { userId: a.id, attemptId: rows[1]!.id });
    await writeSpin(db, { userId: b.id, attemptId: rows[2]!.id, ducks: 3 });
    // Beer: 3 claims by 2 visitors, one redeemed. Wifi: none.
    const claim = (user: TestUser, redeemed: boolean) =>
      writeClaim(db, { userId: user.id, rewardId: id.reward('Beer'), price: 3, redeemedAt: redeemed ? new Date() : null });
    await claim(a, true);
    await claim(a, false);
    await claim(b, false);

    const dir = writePack(campaignId, { note: 'note', wifi: 'Wifi' });
    const plan = await planLoad(db, readPack(dir));
    expect(plan.orphaned).toEqual({ attempts: 3, spins: 2, claims: 3, vouchers: 2, visitors: 2 });
    expect(plan.losses).toEqual([
      'checkpoint quiz removed: 3 attempt(s) and 2 spin(s) of 2 visitor(s) would be orphaned',
      'reward Beer removed: 3 claim(s) of 2 visitor(s), 2 voucher(s) not yet redeemed, would be orphaned',
    ]);
    expect(plan.lines).toEqual(expect.arrayContaining(['checkpoints removed: quiz', 'rewards removed: Beer']));

    // Without --confirm nothing is written; with it the entries go and the rows stay where they were.
    await expect(load(dir)).rejects.toBeInstanceOf(LoadRefused);
    expect(
      (
        await db
          .select()
          .from(checkpoints)
          .where(eq(checkpoints.id, id.checkpoint('quiz')))
      )[0]!.removed,
    ).toBe(false);
    const confirmed = await load(dir, { confirm: true });
    expect(confirmed.plan.orphaned).toEqual({ attempts: 3, spins: 2, claims: 3, vouchers: 2, visitors: 2 });
    expect(
      (
        await db
          .select()
          .from(checkpoints)
          .where(eq(checkpoints.id, id.checkpoint('quiz')))
      )[0]!.removed,
    ).toBe(true);
    expect(
      await db
        .select()
        .from(claims)
        .where(eq(claims.rewardId, id.reward('Beer'))),
    ).toHaveLength(3);
  });

  it('a removal nobody played and a stock change load without --confirm', async () => {
    const dir = writePack(campaignId, { ...FULL, quiz: undefined, beerStock: 8 });
    const { plan, version } = await load(dir);
    expect(version).toBeGreaterThan(0);
    expect(plan.losses).toEqual([]);
    expect(plan.lines).toEqual(expect.arrayContaining(['checkpoints removed: quiz', 'reward Beer: stock 5 → 8']));
  });
});

describe('a renamed checkpoint or reward', () => {
  it('is refused without a mapping; with one, every visitor keeps attempts, spins, claims, vouchers, ducks and rank', async () => {
    const campaignId = unique('rename');
    await start(campaignId);
    const { database } = await getTestContext();
    const db = database.db;
    // Three visitors play: the quiz (a correct answer earns a spin, spun), a note awaiting review, a claim.
    const players = [await createUser({ ducks: 10 }), await createUser({ ducks: 4 }), await createUser({ ducks: 7 })];
    for (const [i, player] of players.entries()) {
      expect((await attempt(player, 'quiz', i === 2 ? ['a'] : ['b'])).status).toBe(200);
      if (i < 2) expect((await spin(player)).status).toBe(200);
      expect((await attempt(player, 'note', `Duck ${i}`)).status).toBe(200);
      if (i !== 1) {
        const claim = await api('POST', '/api/claims', player, { item: 'Beer' }, { 'idempotency-key': unique('claim') });
        expect(claim.status, JSON.stringify(claim.body)).toBe(201);
      }
    }
    const snapshot = async (quiz: string, beer: string) => {
      const userIds = players.map((p) => p.id);
      return {
        users: await db
          .select({ id: users.id, ducks: users.ducks, pending: users.pendingDucks, ducksAt: users.ducksAt })
          .from(users)
          .where(inArray(users.id, userIds))
          .orderBy(asc(users.id)),
        ledger: await db.select().from(ledger).where(inArray(ledger.userId, userIds)).orderBy(asc(ledger.id)),
        attempts: await db.select().from(attempts).where(inArray(attempts.userId, userIds)).orderBy(asc(attempts.id)),
        spins: await db.select().from(spins).where(inArray(spins.userId, userIds)).orderBy(asc(spins.id)),
        claims: await db.select().from(claims).where(inArray(claims.userId, userIds)).orderBy(asc(claims.id)),
        ranks: await Promise.all(players.map(async (p) => (await me(p)).rank)),
        quiz: await Promise.all(
          players.map(async (p) => {
            const list = (await api('GET', '/api/checkpoints', p)).body.data as {
              checkpointId: string;
              attempts: number;
              completed: boolean;
            }[];
            const { attempts: n, completed } = list.find((c) => c.checkpointId === quiz)!;
            return { attempts: n, completed };
          }),
        ),
        vouchers: await Promise.all(
          players.map(async (p) =>
            ((await api('GET', '/api/profile', p)).body.claimed as { item: string; voucherCode: string }[]).map((c) => [
              c.item,
              c.voucherCode,
            ]),
          ),
        ),
        beerStock: (
          await db
            .select({ stock: rewards.stock, stockLoaded: rewards.stockLoaded })
            .from(rewards)
            .where(and(eq(rewards.campaignId, campaignId), eq(rewards.item, beer)))
        )[0],
      };
    };
    const before = await snapshot('quiz', 'Beer');
    expect(before.beerStock).toEqual({ stock: 3, stockLoaded: 5 });
    expect(before.claims).toHaveLength(2);
    expect(before.spins.filter((s) => s.spentAt)).toHaveLength(2);
    expect(before.quiz).toEqual([
      { attempts: 1, completed: true },
      { attempts: 1, completed: true },
      { attempts: 1, completed: false },
    ]);

    const renamed = writePack(campaignId, { ...FULL, quiz: 'lifeboat-quiz', beer: 'Lager' });
    // No mapping: the progress would be orphaned and the "new" reward would start with its whole stock.
    const refusal = await load(renamed).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(LoadRefused);
    expect((refusal as LoadRefused).message).toContain(
      'checkpoint quiz removed: 3 attempt(s) and 2 spin(s) of 3 visitor(s) would be orphaned',
    );
    expect((refusal as LoadRefused).message).toContain('--rename checkpoint:OLD=NEW');
    expect(await snapshot('quiz', 'Beer')).toEqual(before);

    // A mapping that does not fit the pack is refused with a message, before anything is written.
    await expect(load(renamed, { renames: parseRenames(['checkpoint:quiz=quiz-2']) })).rejects.toThrow(
      '--rename checkpoint:quiz=quiz-2: the pack has no checkpoint "quiz-2".',
    );

    const { plan } = await load(renamed, { renames: parseRenames(['checkpoint:quiz=lifeboat-quiz', 'reward:Beer=Lager']) });
    expect(plan.losses).toEqual([]);
    expect(plan.lines).toEqual(
      expect.arrayContaining([
        'checkpoints renamed: quiz → lifeboat-quiz',
        'rewards renamed: Beer → Lager',
        'checkpoint quiz → lifeboat-quiz: 3 attempt(s) and 2 spin(s) of 3 visitor(s) move with it',
        'reward Beer → Lager: 2 claim(s) of 2 visitor(s) and its stock move with it',
      ]),
    );
    const after = await snapshot('lifeboat-quiz', 'Lager');
    expect(after).toEqual({ ...before, vouchers: before.vouchers.map((list) => list.map(([, code]) => ['Lager', code])) });
  });
});

describe('versions', () => {
  it('every load is a version; restoring one brings back its content through the same diff', async () => {
    const campaignId = unique('restore');
    const first = await start(campaignId);
    const { database } = await getTestContext();
    const db = database.db;
    const [v1] = await listVersions(db);
    expect(v1).toMatchObject({ campaignId, active: true, checkpoints: 2, rewards: 2, source: first });

    const second = writePack(campaignId, { ...FULL, note: undefined, beerStock: 9 });
    const loaded = await load(second, { actor: 'admin@example.com' });
    const versions = await listVersions(db);
    expect(versions[0]).toMatchObject({ version: loaded.version, active: true, loadedBy: 'admin@example.com', checkpoints: 1 });
    expect(versions[1]).toMatchObject({ version: v1!.version, active: false });

    // The folders are gone: a restore needs only the database.
    rmSync(first, { recursive: true, force: true });
    rmSync(second, { recursive: true, force: true });
    const restored = await restoreCampaign(db, v1!.version, { actor: 'admin@example.com' });
    expect(restored.plan.lines).toEqual(expect.arrayContaining(['checkpoints added: note', 'reward Beer: stock 9 → 5']));
    const [latest] = await listVersions(db);
    expect(latest).toMatchObject({ active: true, source: `version ${v1!.version}`, contentHash: v1!.contentHash });
    const user = await createUser();
    const list = (await api('GET', '/api/checkpoints', user)).body.data as { checkpointId: string }[];
    expect(list.map((c) => c.checkpointId)).toEqual(['quiz', 'note']);
    const [active] = await db.select().from(campaigns).where(eq(campaigns.active, true));
    expect(active).toMatchObject({ id: campaignId, version: latest!.version });

    // Its images come from the database, the same bytes, with the type their name says.
    const { app } = await getTestContext();
    const png = await app.inject({ method: 'GET', url: '/api/campaign/images/logo.png' });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.equals(PACK_PNG)).toBe(true);
    const svg = await app.inject({ method: 'GET', url: '/api/campaign/images/quiz.svg' });
    expect(svg.body).toBe(PACK_SVG);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    // An SVG opened on its own runs nothing: sandboxed, no script, no requests.
    expect(svg.headers['content-security-policy']).toContain('sandbox');
    expect(svg.headers['content-security-policy']).toContain("default-src 'none'");
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
    const cached = await app.inject({
      method: 'GET',
      url: '/api/campaign/images/quiz.svg',
      headers: { 'if-none-match': String(svg.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
    expect((await app.inject({ method: 'GET', url: '/api/campaign/images/nothing.svg' })).statusCode).toBe(404);

    await expect(restoreCampaign(db, 999_999)).rejects.toThrow('There is no campaign version 999999');
  });
});
