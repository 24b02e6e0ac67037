// The console's campaign page (decision 032): admins only; the preview shows the CLI's diff and counts; a load that
// would orphan progress is refused by the route without `confirm`, changing nothing; a rename keeps the progress;
// a stored version is restored through the same route; each load is audited with the operator as actor.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, type TestOperator } from '../../test/console';
import { createUser, getTestContext, repoRoot, unique, writeClaim } from '../../test/helpers';
import { type PackEntries, writePack as writeTestPack } from '../../test/pack';
import { attempts, auditLog, checkpoints, claims, rewards } from '../db/schema';
import { loadCampaign } from './loading';
import { planLoad } from './diff';
import { applyPack } from './load';
import { readPack } from './pack';
import { listVersions } from './store';

let root: string;
let campaignId: string;
let savedCampaign: string | undefined;
let admin: TestOperator;

/** A pack named `name` in the test's campaigns folder: a note and a wifi reward, and the quiz and beer given. */
function writePack(name: string, entries: Pick<PackEntries, 'quiz' | 'beer' | 'beerStock'>): string {
  return writeTestPack(path.join(root, name), campaignId, { note: 'note', wifi: 'Wifi', ...entries });
}

beforeAll(async () => {
  const { app } = await getTestContext();
  root = mkdtempSync(path.join(os.tmpdir(), 'quackquest-console-packs-'));
  savedCampaign = app.ctx.env.CAMPAIGN;
  // The page lists the packs next to CAMPAIGN's: this test's folder.
  app.ctx.env.CAMPAIGN = path.join(root, 'full');
  admin = await createOperator('admin');
});

afterAll(async () => {
  const { app, database } = await getTestContext();
  app.ctx.env.CAMPAIGN = savedCampaign;
  await applyPack(database.db, readPack(path.join(repoRoot, 'campaigns/demo')));
  app.ctx.campaign.clear();
  rmSync(root, { recursive: true, force: true });
});

/** A fresh campaign from the `full` pack, with a visitor's attempt on quiz and a claim of Beer. */
async function start() {
  const { app, database } = await getTestContext();
  campaignId = unique('console-pack');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root);
  const full = writePack('full', { quiz: 'quiz', beer: 'Beer' });
  writePack('no-quiz', {});
  writePack('renamed', { quiz: 'lifeboat', beer: 'Cold Beer' });
  writePack('more-beer', { quiz: 'quiz', beer: 'Beer', beerStock: 9 });
  await applyPack(database.db, readPack(full));
  app.ctx.campaign.clear();
  const db = database.db;
  const [cp] = await db
    .select()
    .from(checkpoints)
    .where(and(eq(checkpoints.campaignId, campaignId), eq(checkpoints.slug, 'quiz')));
  const [rw] = await db
    .select()
    .from(rewards)
    .where(and(eq(rewards.campaignId, campaignId), eq(rewards.item, 'Beer')));
  const [a, b] = [await createUser(), await createUser()];
  await db.insert(attempts).values([
    { userId: a.id, checkpointId: cp!.id, answer: 'a', outcome: 'incorrect', counted: true },
    { userId: b.id, checkpointId: cp!.id, answer: 'b', outcome: 'correct', counted: true },
  ]);
  await writeClaim(db, { userId: b.id, rewardId: rw!.id, price: 3 });
  return { checkpointId: cp!.id, rewardId: rw!.id };
}

async function call(url: string, operator: TestOperator, body?: unknown) {
  const { app } = await getTestContext();
  const response = await app.inject({
    method: body === undefined ? 'GET' : 'POST',
    url,
    headers: { cookie: operator.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown> & { message?: string }>() };
}

const campaignLoads = async () => {
  const { database } = await getTestContext();
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'campaign.load'), eq(auditLog.subject, campaignId)))
    .orderBy(desc(auditLog.id));
};

describe('the campaign page', () => {
  it('is refused to reviewers and staff, and lists the versions and the packs next to CAMPAIGN for an admin', async () => {
    await start();
    for (const role of ['reviewer', 'staff'] as const) {
      const operator = await createOperator(role);
      expect((await call('/api/console/campaign', operator)).status).toBe(403);
      expect((await call('/api/console/campaign/preview', operator, { source: { pack: 'no-quiz' } })).status).toBe(403);
      const load = await call('/api/console/campaign/load', operator, { source: { pack: 'no-quiz' }, confirm: true });
      expect(load.status).toBe(403);
    }
    const { database } = await getTestContext();
    const [quiz] = await database.db
      .select()
      .from(checkpoints)
      .where(and(eq(checkpoints.campaignId, campaignId), eq(checkpoints.slug, 'quiz')));
    expect(quiz!.removed).toBe(false);

    const page = await call('/api/console/campaign', admin);
    expect(page.status).toBe(200);
    expect(page.body.packs).toEqual(['full', 'more-beer', 'no-quiz', 'renamed']);
    const versions = page.body.versions as { campaignId: string; active: boolean; contentHash: string }[];
    expect(versions[0]).toMatchObject({ campaignId, active: true });
    expect(versions[0]!.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('takes only a pack name it listed, never a path', async () => {
    for (const pack of ['../full', '/etc', 'demo', 'full/..']) {
      const { status, body } = await call('/api/console/campaign/preview', admin, { source: { pack } });
      expect([pack, status, body.message]).toEqual([
        pack,
        400,
        `There is no pack "${pack}" on the server; choose one of the list.`,
      ]);
    }
  });

  it('answers a version no column can hold with 404 or 400, never a 5xx', async () => {
    for (const version of [2 ** 31 - 1, 2 ** 31, Number.MAX_SAFE_INTEGER]) {
      const { status } = await call('/api/console/campaign/preview', admin, { source: { version } });
      expect([version, status]).toEqual([version, version < 2 ** 31 ? 404 : 400]);
    }
  });

  it("previews the diff and the orphaned progress exactly as campaign:load's plan counts them", async () => {
    await start();
    const { database } = await getTestContext();
    const cli = await planLoad(database.db, readPack(path.join(root, 'no-quiz')));
    const { status, body } = await call('/api/console/campaign/preview', admin, { source: { pack: 'no-quiz' } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ lines: cli.lines, losses: cli.losses, orphaned: cli.orphaned });
    expect(body.orphaned).toEqual({ attempts: 2, spins: 0, claims: 1, vouchers: 1, visitors: 2 });
    expect(body.lines).toEqual(expect.arrayContaining(['checkpoints removed: quiz', 'rewards removed: Beer']));
  });

  it('refuses a load that would orphan progress without confirm and changes nothing; with confirm it loads', async () => {
    await start();
    const before = await listVersions((await getTestContext()).database.db);
    const auditsBefore = await campaignLoads();
    const refused = await call('/api/console/campaign/load', admin, { source: { pack: 'no-quiz' } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("Refused: this load would leave visitors' progress behind:");
    expect(refused.body.message).toContain(
      'checkpoint quiz removed: 2 attempt(s) and 0 spin(s) of 2 visitor(s) would be orphaned',
    );
    const { database } = await getTestContext();
    expect(await listVersions(database.db)).toEqual(before);
    expect(await campaignLoads()).toEqual(auditsBefore);
    const live = await database.db.select().from(checkpoints).where(eq(checkpoints.campaignId, campaignId));
    expect(live.find((c) => c.slug === 'quiz')!.removed).toBe(false);

    const loaded = await call('/api/console/campaign/load', admin, { source: { pack: 'no-quiz' }, confirm: true });
    expect(loaded.status).toBe(200);
    expect(loaded.body.version).toBe(before[0]!.version + 1);
    const [audit] = await campaignLoads();
    expect(audit).toMatchObject({ actor: admin.email, action: 'campaign.load' });
    expect(audit!.after).toMatchObject({ version: loaded.body.version, confirmed: true });
  });

  it('loads a rename with its mapping and every visitor keeps their progress', async () => {
    const { checkpointId, rewardId } = await start();
    const { database } = await getTestContext();
    const renames = { checkpoints: { quiz: 'lifeboat' }, rewards: { Beer: 'Cold Beer' } };
    const preview = await call('/api/console/campaign/preview', admin, { source: { pack: 'renamed' }, renames });
    expect(preview.body.losses).toEqual([]);
    expect(preview.body.lines).toEqual(
      expect.arrayContaining(['checkpoint quiz → lifeboat: 2 attempt(s) and 0 spin(s) of 2 visitor(s) move with it']),
    );
    const loaded = await call('/api/console/campaign/load', admin, { source: { pack: 'renamed' }, renames, confirm: true });
    expect(loaded.status).toBe(200);
    const [cp] = await database.db.select().from(checkpoints).where(eq(checkpoints.id, checkpointId));
    const [rw] = await database.db.select().from(rewards).where(eq(rewards.id, rewardId));
    expect([cp!.slug, cp!.removed, rw!.item, rw!.removed]).toEqual(['lifeboat', false, 'Cold Beer', false]);
    expect(await database.db.select().from(attempts).where(eq(attempts.checkpointId, checkpointId))).toHaveLength(2);
    expect(await database.db.select().from(claims).where(eq(claims.rewardId, rewardId))).toHaveLength(1);
    const [audit] = await campaignLoads();
    expect(audit!.after).toMatchObject({ renames, confirmed: false });

    // A mapping naming an id the campaign does not have is refused in the console's words.
    const wrong = await call('/api/console/campaign/preview', admin, {
      source: { pack: 'renamed' },
      renames: { checkpoints: { nope: 'lifeboat' } },
    });
    expect([wrong.status, wrong.body.message]).toEqual([
      400,
      'Rename checkpoint:nope=lifeboat: the campaign has no checkpoint "nope".',
    ]);
  });

  it('restores a previous version through the same preview and load', async () => {
    const { rewardId } = await start();
    const { database } = await getTestContext();
    const [first] = await listVersions(database.db);
    expect((await call('/api/console/campaign/load', admin, { source: { pack: 'more-beer' } })).status).toBe(200);
    const preview = await call('/api/console/campaign/preview', admin, { source: { version: first!.version } });
    expect(preview.body.lines).toEqual(['reward Beer: stock 9 → 5']);
    const restored = await call('/api/console/campaign/load', admin, { source: { version: first!.version } });
    expect(restored.status).toBe(200);
    const [now] = await listVersions(database.db);
    expect(now).toMatchObject({
      version: restored.body.version,
      active: true,
      contentHash: first!.contentHash,
      loadedBy: admin.email,
    });
    const [rw] = await database.db.select().from(rewards).where(eq(rewards.id, rewardId));
    expect(rw!.stockLoaded).toBe(5);
    expect((await call('/api/console/campaign/preview', admin, { source: { version: 2_000_000_000 } })).status).toBe(404);
    // The CLI's loader sees the same database: loading the same pack again from it changes nothing.
    expect((await loadCampaign(database.db, path.join(root, 'full'), { dryRun: true })).plan.lines).toEqual([]);
  });
});
