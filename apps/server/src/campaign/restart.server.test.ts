// A restart never changes the campaign (decision 026): the real server, started three times on one database.
// CAMPAIGN seeds the empty database; a start with a changed pack, or with CAMPAIGN unset (the demo outside
// production), keeps the campaign and its stock after a claim, and only logs how the pack on disk differs.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { campaigns, rewards } from '../db/schema';
import { runCli as runBuiltCli } from '../../test/built-server';
import { repoRoot } from '../../test/helpers';
import {
  type ScratchDatabase,
  createClient,
  createScratchDatabase,
  killAllServers,
  newKey,
  removeTempDirs,
  spawnServer,
  takePort,
  tempDir,
} from '../../test/resilience/harness';
import { seedVisitors } from '../../test/resilience/seed';

const testDb = process.env.TEST_DB ?? 'pglite';
const ITEM = 'Draught Beer'; // price 3, stock 200 in singapore-2025

/** singapore-2025 as campaign restart-test, today on day 4; `edit` changes its files' text. */
function writePack(edit: { name: string; stock?: number }): string {
  const dir = tempDir('restart-pack');
  cpSync(path.join(repoRoot, 'campaigns/singapore-2025'), dir, { recursive: true });
  const campaignYaml = readFileSync(path.join(dir, 'campaign.yaml'), 'utf8')
    .replace(/^id: .*$/m, 'id: restart-test')
    .replace(/^name: .*$/m, `name: ${edit.name}`)
    .replace(/^challengeStart: .*$/m, 'challengeStart: relative\ntodayIsDay: 4');
  writeFileSync(path.join(dir, 'campaign.yaml'), campaignYaml);
  if (edit.stock !== undefined) {
    const rewardsYaml = readFileSync(path.join(dir, 'rewards.yaml'), 'utf8').replace(/stock: \d+/g, `stock: ${edit.stock}`);
    writeFileSync(path.join(dir, 'rewards.yaml'), rewardsYaml);
  }
  return dir;
}

function runCli(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stderr: string }> {
  return runBuiltCli(args, { ...process.env, NODE_ENV: 'test', INIT_CWD: repoRoot, ...env });
}

async function scratchRows(url: string): Promise<unknown[]> {
  const pgClient = new pg.Client({ connectionString: url });
  await pgClient.connect();
  try {
    const result = await pgClient.query<{ stock: number; stock_loaded: number }>(
      'select stock, stock_loaded from rewards where campaign_id = $1 and item = $2',
      ['restart-test', ITEM],
    );
    return result.rows;
  } finally {
    await pgClient.end();
  }
}

describe('a server restart and the campaign', () => {
  let scratch: ScratchDatabase | undefined;
  let database: Database | undefined;
  const client = createClient(4);

  afterAll(async () => {
    client.destroy();
    await killAllServers();
    await database?.close();
    await scratch?.drop();
    removeTempDirs();
  });

  it(
    'CAMPAIGN seeds an empty database; a later start with another pack or none keeps the campaign and its stock',
    { timeout: 180_000 },
    async () => {
      const first = writePack({ name: 'Restart Test' });
      const changed = writePack({ name: 'Restart Test Renamed', stock: 5 });
      if (testDb === 'postgres') scratch = await createScratchDatabase();
      const dataDir = tempDir('restart-data');
      const where = { dataDir, ...(scratch ? { databaseUrl: scratch.url } : {}) };
      const port = await takePort();
      // PGlite is one process at a time: the test opens the database only while no server runs.
      const withDatabase = async <T>(work: (db: Database['db']) => Promise<T>): Promise<T> => {
        database = await openDatabase({ databaseUrl: scratch?.url, dataDir });
        try {
          return await work(database.db);
        } finally {
          await database.close();
          database = undefined;
        }
      };
      const campaignName = async (baseUrl: string) => (await client.request(baseUrl, 'GET', '/api/campaign')).body.name;

      // 1. Empty database: CAMPAIGN seeds it.
      const seeding = await spawnServer({ name: 'seed', port, ...where, env: { CAMPAIGN: first, LOG_LEVEL: 'info' } });
      expect(await campaignName(seeding.baseUrl)).toBe('Restart Test');
      await seeding.stop();
      const [visitor] = await withDatabase((db) => seedVisitors(db, { count: 1, ducks: 30, tag: `restart-${port}` }));

      // 2. A changed pack (other name, other stock): started with it, claimed on it, never applied.
      const edited = await spawnServer({ name: 'edited', port, ...where, env: { CAMPAIGN: changed, LOG_LEVEL: 'info' } });
      const claim = await client.request(edited.baseUrl, 'POST', '/api/claims', {
        cookie: visitor!.cookie,
        body: { item: ITEM },
        headers: { 'idempotency-key': newKey() },
      });
      expect(claim.status, JSON.stringify(claim.body)).toBe(201);
      expect(await campaignName(edited.baseUrl)).toBe('Restart Test');
      await edited.stop();

      // 3. CAMPAIGN unset: outside production that names the demo pack, another campaign altogether.
      const unset = await spawnServer({ name: 'unset', port, ...where, env: { CAMPAIGN: '', LOG_LEVEL: 'info' } });
      expect(await campaignName(unset.baseUrl)).toBe('Restart Test');
      // PostgreSQL: the server keeps running while campaign:load applies the pack below.
      if (!scratch) await unset.stop();

      const after = await withDatabase(async (db) => ({
        campaigns: await db.select({ id: campaigns.id, active: campaigns.active }).from(campaigns),
        beer: (
          await db
            .select({ stock: rewards.stock, stockLoaded: rewards.stockLoaded, removed: rewards.removed })
            .from(rewards)
            .where(and(eq(rewards.campaignId, 'restart-test'), eq(rewards.item, ITEM)))
        )[0],
      }));
      expect(after.campaigns).toEqual([{ id: 'restart-test', active: true }]);
      expect(after.beer).toEqual({ stock: 199, stockLoaded: 200, removed: false });

      if (scratch) {
        // Loading is explicit: campaign:load applies the changed pack while the server runs on PostgreSQL.
        const load = await runCli({ DATABASE_URL: scratch.url, DATA_DIR: dataDir, PORT: String(port) }, 'campaign:load', changed);
        expect(load.code, load.stderr).toBe(0);
        await expect.poll(() => campaignName(unset.baseUrl), { timeout: 30_000 }).toBe('Restart Test Renamed');
        const [beer] = await scratchRows(scratch.url);
        expect(beer).toEqual({ stock: 4, stock_loaded: 5 }); // 5 offered in all, 1 claimed already
        await unset.stop();
      }

      // What each start said: seeded; the differences, not applied; the other campaign, not applied.
      expect(seeding.output()).toContain('campaign seeded');
      expect(edited.output()).toContain('was NOT applied');
      expect(edited.output()).toContain(`reward ${ITEM}: stock 200 → 5`);
      expect(edited.output()).toContain('campaign changed: name');
      expect(unset.output()).toContain('a different campaign: the pack holds demo, the database runs restart-test');
    },
  );
});
