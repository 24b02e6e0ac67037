// kill -9 in the middle of a spin and claim storm, then a restart on the same database: everything the
// server acknowledged (201 claims with their vouchers, 200 spins with their ducks) is still there, the
// invariants hold, and a client retrying its claims is never charged twice.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyPack } from '../campaign/load';
import { readPack } from '../campaign/pack';
import { type Database, openDatabase } from '../db/client';
import { formatVerify, verifyInvariants } from '../db/invariants';
import { repoRoot, unique } from '../../test/helpers';
import { type CrashStormResult, type RetryResult, crashStorm, retryAfterRestart } from '../../test/resilience/crash';
import {
  type Client,
  type ScratchDatabase,
  type ServerProcess,
  createClient,
  createScratchDatabase,
  killAllServers,
  removeTempDirs,
  spawnServer,
  takePort,
  tempDir,
} from '../../test/resilience/harness';
import { type Visitor, missingAcknowledged, seedSpins, seedVisitors } from '../../test/resilience/seed';

const testDb = process.env.TEST_DB ?? 'pglite';
// A pack reward, as a real campaign's claims are (a restart keeps the campaign as the database holds it, decision 026).
const ITEM = 'Draught Beer'; // price 3, stock 200, everyone, 5 per visitor
// Three posted spins (Scan) and one pending (Str, awaiting review) per visitor.
const SPIN_SLUGS = ['day-01-gangway', 'day-07-lighthouse-lookout', 'day-10-engine-room', 'day-03-name-that-duck'];
const CLAIMS_PER_VISITOR = 2;

const randomBetween = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

async function seed(db: Database['db'], count: number): Promise<Visitor[]> {
  const tag = unique('crash');
  const visitors = await seedVisitors(db, { count, ducks: 30, tag });
  const spins = await seedSpins(db, { tag, campaignId: 'demo', slugs: SPIN_SLUGS });
  if (spins !== count * SPIN_SLUGS.length) throw new Error(`seeded ${spins} spins, expected ${count * SPIN_SLUGS.length}`);
  return visitors;
}

function expectStormSane(storm: CrashStormResult): void {
  expect(storm.unexpected).toEqual([]);
  expect(storm.inFlightAtKill).toBeGreaterThan(0);
  expect(storm.acks.claims.length).toBeGreaterThan(0);
  expect(storm.acks.spins.length).toBeGreaterThan(0);
}

function expectRetriesSane(retry: RetryResult, storm: CrashStormResult): void {
  expect(retry.replayProblems).toEqual([]);
  expect(retry.retryProblems).toEqual([]);
  expect(retry.committedBeforeCrash + retry.createdOnRetry + retry.soldOutOnRetry).toBe(storm.unanswered.length);
}

/** The check is not vacuous: an acknowledgement the database does not hold is reported. */
async function expectCheckerBites(db: Database['db'], storm: CrashStormResult): Promise<void> {
  const claim = storm.acks.claims[0]!;
  const spin = storm.acks.spins[0]!;
  const made = {
    claims: [{ ...claim, voucherCode: 'QQ-22222-22222' }],
    spins: [{ ...spin, ducks: 99 }],
  };
  expect(await missingAcknowledged(db, made)).toHaveLength(2);
}

function report(
  label: string,
  phases: { seededMs: number; first: ServerProcess; restarted: ServerProcess; killToHealthyMs: number; testMs: number },
  storm: CrashStormResult,
  retry: RetryResult,
) {
  const { seededMs, first, restarted, killToHealthyMs, testMs } = phases;
  console.info(
    `[resilience] crash on ${label}: seeded in ${seededMs} ms, first start-up ${first.startupMs} ms; ` +
      `${storm.acks.spins.length} spins + ${storm.acks.claims.length} claims acknowledged ` +
      `of ${storm.sent} sent; SIGKILL at ${storm.killedAtMs} ms with ${storm.inFlightAtKill} in flight; ` +
      `other answers ${JSON.stringify(storm.otherStatuses)}; unanswered claims retried: ${retry.committedBeforeCrash} had committed, ` +
      `${retry.createdOnRetry} created, ${retry.soldOutOnRetry} sold out; restart healthy in ${restarted.startupMs} ms ` +
      `(${killToHealthyMs} ms after the kill); test ${testMs} ms`,
  );
}

describe.skipIf(testDb !== 'postgres')('kill -9 during a storm, on PostgreSQL', () => {
  let scratch: ScratchDatabase | undefined;
  let database: Database | undefined;
  let client: Client | undefined;

  afterAll(async () => {
    client?.destroy();
    await killAllServers();
    await database?.close();
    await scratch?.drop();
    removeTempDirs();
  });

  it('every acknowledged spin and claim survives, the invariants hold', { timeout: 120_000 }, async () => {
    const testStarted = Date.now();
    scratch = await createScratchDatabase();
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: tempDir('crash-pg') });
    const db = database.db;
    await applyPack(db, readPack(path.join(repoRoot, 'campaigns/demo')));
    const visitors = await seed(db, 300);
    const seededMs = Date.now() - testStarted;
    const port = await takePort();
    const server = await spawnServer({ name: 'pg-1', port, dataDir: tempDir('crash-pg-1'), databaseUrl: scratch.url });

    client = createClient(100);
    const storm = await crashStorm({
      server,
      client,
      visitors,
      spinsPerVisitor: SPIN_SLUGS.length,
      claimsPerVisitor: CLAIMS_PER_VISITOR,
      item: ITEM,
      concurrency: 100,
      killAfter: randomBetween(150, 400),
    });
    const killedAt = Date.now();
    expectStormSane(storm);

    // Same database, same port: the new process must bind it again and find everything committed.
    const restarted = await spawnServer({ name: 'pg-2', port, dataDir: tempDir('crash-pg-2'), databaseUrl: scratch.url });
    const killToHealthyMs = Date.now() - killedAt;
    expect(await missingAcknowledged(db, storm.acks)).toEqual([]);
    const retry = await retryAfterRestart(client, restarted, ITEM, storm, new Map(visitors.map((v) => [v.id, v])));
    expectRetriesSane(retry, storm);
    expect(await missingAcknowledged(db, storm.acks)).toEqual([]);
    await expectCheckerBites(db, storm);
    const verify = await verifyInvariants(db);
    expect(verify.ok, formatVerify(verify)).toBe(true);
    report('PostgreSQL', { seededMs, first: server, restarted, killToHealthyMs, testMs: Date.now() - testStarted }, storm, retry);
  });
});

describe.skipIf(testDb === 'postgres')('kill -9 during a storm, on PGlite (DATA_DIR)', () => {
  let database: Database | undefined;
  let client: Client | undefined;

  afterAll(async () => {
    client?.destroy();
    await killAllServers();
    await database?.close();
    removeTempDirs();
  });

  it(
    'PGlite recovers its files; every acknowledged spin and claim survives, the invariants hold',
    { timeout: 120_000 },
    async () => {
      const testStarted = Date.now();
      const dataDir = tempDir('crash-pglite');
      // Seeded before the server starts: only one process may open the PGlite folder at a time.
      database = await openDatabase({ dataDir });
      await applyPack(database.db, readPack(path.join(repoRoot, 'campaigns/demo')));
      const visitors = await seed(database.db, 150);
      await database.close();
      database = undefined;
      const seededMs = Date.now() - testStarted;

      const port = await takePort();
      const server = await spawnServer({ name: 'pglite-1', port, dataDir });
      client = createClient(50);
      const storm = await crashStorm({
        server,
        client,
        visitors,
        spinsPerVisitor: SPIN_SLUGS.length,
        claimsPerVisitor: CLAIMS_PER_VISITOR,
        item: ITEM,
        concurrency: 50,
        killAfter: randomBetween(80, 200),
      });
      const killedAt = Date.now();
      expectStormSane(storm);

      const restarted = await spawnServer({ name: 'pglite-2', port, dataDir });
      const killToHealthyMs = Date.now() - killedAt;
      const retry = await retryAfterRestart(client, restarted, ITEM, storm, new Map(visitors.map((v) => [v.id, v])));
      expectRetriesSane(retry, storm);
      // The database itself is read once the server has closed it.
      await restarted.stop();
      expect(restarted.child.exitCode, restarted.output()).toBe(0);
      database = await openDatabase({ dataDir });
      expect(await missingAcknowledged(database.db, storm.acks)).toEqual([]);
      await expectCheckerBites(database.db, storm);
      const verify = await verifyInvariants(database.db);
      expect(verify.ok, formatVerify(verify)).toBe(true);
      report('PGlite', { seededMs, first: server, restarted, killToHealthyMs, testMs: Date.now() - testStarted }, storm, retry);
    },
  );
});
