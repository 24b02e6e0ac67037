// API load benchmark: `npm run bench` (full) or `npm run bench -- --quick` (under 2 minutes).
//
// For each database (PGlite in a temporary DATA_DIR; PostgreSQL in a database created here and dropped
// afterwards) and each size, it seeds visitors with ledgers and sessions, starts the real app (buildApp
// and listen on a loopback port, logger off) and loads it with autocannon from a separate process:
// a trivial endpoint of the same app as the baseline (and a plain Fastify app once per run), a
// one-primary-key-query endpoint (the floor for any per-visitor read), the three hot reads, then
// spins, a prototype spin in one statement (bench/prototypes.ts), attempt+spin pairs and claims.
// After every database it runs the invariant checker (`ops verify`) and prints its result.
// The table is printed and recorded in bench/RESULTS.md; raw JSON goes to bench/out/ (not in git).
//
// Options: --quick, --db pglite,postgres, --users 10000,100000, --duration <s>, --connections <n>,
//          --rounds <n> (of the baseline and hot reads; 3, or 1 with --quick), --reads-only, --writes-only, --no-caches,
//          --instances <n> (on PostgreSQL, also rows with the load split over n server instances),
//          --label <text>, --no-record,
//          --rank-slices <n,m> (rows of /api/me and /api/leaderboard for each rankSliceRows setting, 0 = one statement;
//          the others left out; decision 039),
//          --data-cache <dir> (PGlite: keep each seeded database in <dir>/pglite-<users> and start later runs from a
//          copy of it; seeding 1M users takes minutes. Reads only: the write fixtures are not cached),
//          --profile (a V8 CPU profile of the server during each row, in bench/out/*.cpuprofile, summarised
//          by `tsx bench/profile-summary.ts FILE`; profiling slows the server, so such a run is not recorded).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { hasExited, waitForHealth } from '../apps/server/test/wait-for-health';
import { buildApp } from '../apps/server/src/app';
import { overrideCacheSettings } from '../apps/server/src/cache/per-app';
import { NO_CACHES, cacheSettings } from '../apps/server/src/cache/settings';
import { applyPack } from '../apps/server/src/campaign/load';
import { readPack } from '../apps/server/src/campaign/pack';
import { rankIndexFor } from '../apps/server/src/leaderboard/ranking';
import { parseEnv } from '../apps/server/src/config/env';
import { type Database, openDatabase, statement } from '../apps/server/src/db/client';
import { formatVerify, verifyInvariants } from '../apps/server/src/db/invariants';
import type { LoadConfig, LoadPlan, LoadResult } from './load';
import { cpuSince, processCpuMs } from './proc-cpu';
import { createPostgresDatabase } from './scratch-db';
import { describeMachine, untilServerIdle } from './machine';
import { registerPrototypes } from './prototypes';
import { type Row, formatTable, recordResults } from './report';
import { type Seeded, type WriteFixtures, seedUsers, seedWrites } from './seed';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');

interface Options {
  quick: boolean;
  dbs: ('pglite' | 'postgres')[];
  sizes: Record<'pglite' | 'postgres', number[]>;
  durationSec: number;
  connections: number;
  readsOnly: boolean;
  writesOnly: boolean;
  /** Every per-instance cache off (as in the tests): what the caches are worth. */
  noCaches: boolean;
  label?: string;
  record: boolean;
  profile: boolean;
  /** Rounds of (trivial, the three hot reads): each read's ratio is to its own round's trivial. */
  rounds: number;
  /** On PostgreSQL, also load this many server instances at once (this process's app and real servers). */
  instances: number;
  adminUrl: string;
  /** PGlite: where seeded databases are kept between runs. */
  dataCache?: string;
  /** Rank snapshot settings to compare (rankSliceRows), each with its own rows of the rank reads. */
  rankSlices?: number[];
}

function parseOptions(argv: string[]): Options {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const quick = argv.includes('--quick');
  const list = (name: string) =>
    value(name)
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const users = list('--users')?.map(Number);
  const dbs = (list('--db') ?? ['pglite', 'postgres']) as Options['dbs'];
  return {
    quick,
    dbs,
    sizes: {
      pglite: users ?? (quick ? [10_000] : [10_000, 100_000, 1_000_000]),
      postgres: users ?? (quick ? [100_000] : [10_000, 100_000, 1_000_000]),
    },
    durationSec: Number(value('--duration') ?? (quick ? 3 : 5)),
    rounds: Number(value('--rounds') ?? (quick ? 1 : 3)),
    instances: Number(value('--instances') ?? 1),
    connections: Number(value('--connections') ?? 100),
    readsOnly: argv.includes('--reads-only'),
    writesOnly: argv.includes('--writes-only'),
    noCaches: argv.includes('--no-caches'),
    label: value('--label'),
    record: !argv.includes('--no-record') && !argv.includes('--profile'),
    profile: argv.includes('--profile'),
    adminUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    dataCache: value('--data-cache'),
    rankSlices: list('--rank-slices')?.map(Number),
  };
}

const outDir = path.join(benchDir, 'out');
/** What Chromium sends: the reads measured "(br)" get the answer a phone gets. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
let lastLoad1 = 0;

/**
 * `count` more server instances on the same PostgreSQL: the real server (`apps/server/src/server.ts`) in its
 * own process each, production settings, loopback ports. Resolves once each answers /healthz.
 */
/**
 * Production as a deployer runs it (decision 024 names what it insists on): no mail is sent by the benchmark, so
 * the SMTP address only has to be explicit; photos are not measured here.
 */
const BENCH_PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PUBLIC_URL: 'https://quackquest.example',
  MAIL_FROM: 'QuackQuest <no-reply@quackquest.example>',
  VAPID_PUBLIC_KEY: 'BOKEXLypUiwig0lZlE7yr0fShY7Y-csXRbMV8KxjzLOxA79us5PuNkd5rCrtHLBheUhgVMfZNfKD4wqftPgaNRY',
  VAPID_PRIVATE_KEY: 't2Vw_x3l_biga8UmJa-BZEtFcEaztlt5mu8s2WZvSTU',
  ALLOW_EMBEDDED_DATABASE: '1',
  ALLOW_LOCAL_PHOTOS: '1',
} as const;

async function startInstances(count: number, env: { DATABASE_URL: string; SESSION_SECRET: string }, dataDir: string) {
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/server.ts')], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        ...env,
        ...BENCH_PRODUCTION,
        CAMPAIGN: path.join(repoRoot, 'campaigns/demo'),
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: path.join(dataDir, `instance-${i}`),
      },
    });
    children.push(child);
    urls.push(`http://127.0.0.1:${port}`);
  }
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    for (const url of urls) {
      await waitForHealth(`${url}/healthz`, {
        timeoutMs: 60_000,
        exited: () => children.some(hasExited),
        what: 'a server instance',
      });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { urls, pids: children.map((c) => c.pid!), stop };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface CpuShares {
  /** % of one core over the run: this process (the server), the load generator, every PostgreSQL process. */
  server: number;
  generator: number;
  postgres?: number;
}
let lastCpu: CpuShares | undefined;

let profiler: Session | undefined;

async function load(
  url: string | string[],
  plan: LoadPlan,
  options: Options,
  durationSec = options.durationSec,
): Promise<LoadResult> {
  if (options.profile) {
    if (!profiler) {
      profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
    }
    await profiler.post('Profiler.start');
    try {
      return await loadOnce(url, plan, options, durationSec);
    } finally {
      const { profile } = await profiler.post('Profiler.stop');
      const name = `${(('path' in plan && plan.path) || plan.kind).replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${Date.now()}.cpuprofile`;
      mkdirSync(outDir, { recursive: true });
      writeFileSync(path.join(outDir, name), JSON.stringify(profile));
      console.log(`profile: bench/out/${name}`);
    }
  }
  return loadOnce(url, plan, options, durationSec);
}

/** The other server instances' processes, whose CPU counts as the server's. */
let instancePids: number[] = [];

async function loadOnce(url: string | string[], plan: LoadPlan, options: Options, durationSec: number): Promise<LoadResult> {
  lastLoad1 = os.loadavg()[0]!;
  const serverBefore = process.cpuUsage();
  // PostgreSQL's processes one by one from now (cpuSince): a backend that ends during the row no longer takes its
  // whole past off the sum, as a difference of two totals did; what it spent in the row is missed, a little low then.
  const postgresMs = cpuSince('postgres');
  const started = performance.now();
  mkdirSync(outDir, { recursive: true });
  const configPath = path.join(outDir, `load-${process.pid}.json`);
  const urls = Array.isArray(url) ? url : [url];
  const config: LoadConfig = { url: urls[0]!, urls, connections: options.connections, durationSec, plan };
  const instancesBefore = processCpuMs(instancePids);
  writeFileSync(configPath, JSON.stringify(config));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(benchDir, 'load.ts'), configPath], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  rmSync(configPath, { force: true });
  if (code !== 0) throw new Error(`load generator exited with ${code}`);
  const result = JSON.parse(stdout.trim().split('\n').pop()!) as LoadResult;
  // Over the child's whole life (start-up included): a little low, but the same for every row.
  const elapsed = (performance.now() - started) / 1000;
  const server = process.cpuUsage(serverBefore);
  const instancesMs = processCpuMs(instancePids) - instancesBefore;
  const postgres = postgresMs();
  lastCpu = {
    server: Math.round(((server.user + server.system) / 1e3 + instancesMs) / 10 / elapsed),
    generator: result.generatorCpu,
    ...(postgres !== undefined ? { postgres: Math.round(postgres / 10 / elapsed) } : {}),
  };
  return result;
}

/** A plain Fastify app with one JSON route: what "a trivial Fastify endpoint" means with no plugins at all. */
async function plainFastify() {
  const app = Fastify({ logger: false });
  app.get('/bench/plain', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, url: `http://127.0.0.1:${address.port}` };
}

/** The next row must not pay for what the previous one left queued (machine.ts). */
async function drain(url: string): Promise<void> {
  if (!(await untilServerIdle(url, 200, 300_000))) throw new Error('the server did not become idle within 5 minutes');
}

async function warmUp(url: string, paths: string[], cookies: string[]) {
  for (let i = 0; i < 300; i++) {
    const response = await fetch(`${url}${paths[i % paths.length]}`, { headers: { cookie: cookies[i % cookies.length]! } });
    await response.arrayBuffer();
  }
}

async function benchOne(kind: 'pglite' | 'postgres', users: number, options: Options, rows: Row[]): Promise<boolean> {
  let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>>;
  if (kind === 'postgres') {
    pgDb = await createPostgresDatabase(options.adminUrl);
    if (!pgDb) return true;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-bench-'));
  let database: Database | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let others: Awaited<ReturnType<typeof startInstances>> | undefined;
  const label = `${kind} ${users.toLocaleString('en')} users`;
  try {
    const env = parseEnv({
      ...BENCH_PRODUCTION,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    });
    let t = performance.now();
    const open = () => openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, poolSize: env.DATABASE_POOL_SIZE });
    const cached = kind === 'pglite' && options.dataCache ? path.join(options.dataCache, `pglite-${users}`) : undefined;
    const seededFile = cached && path.join(cached, 'seeded.json');
    let seeded: Seeded;
    if (seededFile && existsSync(seededFile)) {
      cpSync(path.join(cached, 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
      seeded = JSON.parse(readFileSync(seededFile, 'utf8')) as Seeded;
      database = await open();
      console.log(`[${label}] database copied from ${cached} and opened in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    } else {
      database = await open();
      await applyPack(database.db, readPack(path.join(repoRoot, 'campaigns/demo')));
      const sessions = Math.min(users, 20_000);
      seeded = await seedUsers(database.db, users, sessions);
      console.log(
        `[${label}] database opened and seeded in ${((performance.now() - t) / 1000).toFixed(1)} s ` +
          `(${seeded.ledgerRows.toLocaleString('en')} ledger rows, ${seeded.cookies.length.toLocaleString('en')} sessions)`,
      );
      if (cached) {
        await database.close();
        rmSync(cached, { recursive: true, force: true });
        mkdirSync(cached, { recursive: true });
        cpSync(path.join(dataDir, 'pgdata'), path.join(cached, 'pgdata'), { recursive: true });
        writeFileSync(seededFile!, JSON.stringify(seeded));
        database = await open();
        console.log(`[${label}] kept in ${cached} for later runs`);
      }
    }

    // The database is seeded above, so these instances start with its campaign and never apply CAMPAIGN
    // (decision 026); the write fixtures added below stay as they are.
    if (options.instances > 1 && pgDb) {
      others = await startInstances(
        options.instances - 1,
        { DATABASE_URL: pgDb.url, SESSION_SECRET: env.SESSION_SECRET! },
        dataDir,
      );
    }
    app = await buildApp({ env, database, logger: false });
    if (options.noCaches) overrideCacheSettings(app.ctx, NO_CACHES);
    registerPrototypes(app, database.db);
    app.get('/bench/trivial', async () => ({ hello: 'world' }));
    // The floor for any per-visitor read: one prepared primary-key query and nothing else.
    const oneRow = statement<{ ducks: number }>('bench_one_row', 'select ducks from users where id = $1');
    let nextId = 0;
    app.get('/bench/one-query', async () => {
      const [row] = await oneRow(database!.db, [1 + (nextId++ % users)]);
      return { ducks: row?.ducks ?? 0 };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const url = `http://127.0.0.1:${address.port}`;
    const reads = ['/api/me', '/api/leaderboard', '/api/checkpoints'];
    const compressedReads = ['/api/leaderboard', '/api/checkpoints'];
    let fixtures: WriteFixtures | undefined;
    let claimsUsed = 0;
    await warmUp(url, ['/bench/trivial', ...reads], seeded.cookies);

    /** The row of a load just run, once the server has worked off what it left queued. */
    const measured = async (endpoint: string, result: LoadResult, opsPerRequest = 1): Promise<Row> => {
      await drain(url);
      return { endpoint, db: kind, users, result, opsPerSec: result.reqPerSec * opsPerRequest, load1: lastLoad1, cpu: lastCpu };
    };
    const record = async (endpoint: string, result: LoadResult, opsPerRequest = 1) => {
      const row = await measured(endpoint, result, opsPerRequest);
      rows.push(row);
      console.log(formatTable([row], rows).split('\n')[2]);
    };

    if (!options.writesOnly) {
      // The baseline and the hot reads in rounds (trivial, me, leaderboard, checkpoints; again...): each read's
      // ratio is to the trivial endpoint of its own round, and the row shows the round with the median ratio.
      // Other work on a shared machine comes and goes within minutes; a ratio of neighbours is steadier.
      // With --rank-slices: the rank reads once per setting, each after its own caches were made and warmed.
      const rankSettings = (sliceRows: number) => async () => {
        const base = options.noCaches ? NO_CACHES : cacheSettings(env);
        overrideCacheSettings(app!.ctx, { ...base, rankSliceRows: sliceRows });
        await warmUp(url, ['/api/me'], seeded.cookies);
      };
      const plans: [string, LoadPlan, (() => Promise<void>)?][] = options.rankSlices
        ? [
            ['trivial (same app)', { kind: 'get', path: '/bench/trivial', cookies: seeded.cookies }],
            ...options.rankSlices.flatMap((sliceRows) =>
              ['/api/me', '/api/leaderboard'].map((read): [string, LoadPlan, () => Promise<void>] => [
                `GET ${read} (rank slices ${sliceRows})`,
                { kind: 'get', path: read, cookies: seeded.cookies },
                rankSettings(sliceRows),
              ]),
            ),
          ]
        : [
            ['trivial (same app)', { kind: 'get', path: '/bench/trivial', cookies: seeded.cookies }],
            ...reads.map((read): [string, LoadPlan] => [`GET ${read}`, { kind: 'get', path: read, cookies: seeded.cookies }]),
            // The same reads as a browser asks for them (decision 034): answers of 1 kB or more come back compressed.
            ...compressedReads.map((read): [string, LoadPlan] => [
              `GET ${read} (br)`,
              { kind: 'get', path: read, cookies: seeded.cookies, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } },
            ]),
          ];
      const samples = new Map<string, Row[]>(plans.map(([name]) => [name, []]));
      for (let round = 0; round < options.rounds; round++) {
        for (const [name, plan, setup] of plans) {
          await setup?.();
          const snapshotsBefore = rankIndexFor(app.ctx).snapshotReads();
          const result = await load(url, plan, options);
          if (setup)
            console.log(
              `  ${name}: ${rankIndexFor(app.ctx).snapshotReads() - snapshotsBefore} rank snapshots read during the row`,
            );
          samples.get(name)!.push(await measured(name, result));
          console.log(
            `  round ${round + 1}/${options.rounds} ${name}: ${Math.round(result.reqPerSec).toLocaleString('en')} req/s`,
          );
        }
      }
      const trivialRounds = samples.get('trivial (same app)')!;
      for (const [name] of plans) {
        const rounds = samples.get(name)!;
        const ratios = rounds.map((sample, i) => sample.result.reqPerSec / trivialRounds[i]!.result.reqPerSec);
        const byRatio = rounds
          .map((_, i) => i)
          .sort((a, b) => ratios[a]! - ratios[b]! || rounds[a]!.opsPerSec - rounds[b]!.opsPerSec);
        const median = byRatio[Math.floor((byRatio.length - 1) / 2)]!;
        const row: Row = {
          ...rounds[median]!,
          rounds: rounds.map((r) => r.result.reqPerSec),
          roundRatios: ratios,
          baselineReqPerSec: trivialRounds[median]!.result.reqPerSec,
        };
        rows.push(row);
        console.log(formatTable([row], rows).split('\n')[2]);
      }
      if (!options.rankSlices) {
        await record('one-query floor', await load(url, { kind: 'get', path: '/bench/one-query', cookies: [] }, options));
      }
    }

    if (!options.readsOnly) {
      t = performance.now();
      // Enough earned spins for both spin rows at a few thousand per second: about 80,000.
      // Enough for both spin rows (and the several-instance one) at a few thousand per second.
      fixtures = await seedWrites(
        database.db,
        seeded,
        Math.ceil((options.instances > 1 ? 120_000 : 80_000) / seeded.cookies.length),
      );
      console.log(`[${label}] write fixtures in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      await record('POST /api/spin', await load(url, { kind: 'spin', cookies: fixtures.spinCookies }, options));
      await record(
        'prototype: spin as one statement',
        await load(url, { kind: 'spin', cookies: fixtures.spinCookies, path: '/bench/spin-one-statement' }, options),
      );
      await record(
        'attempt+spin pair',
        await load(url, { kind: 'attempt-spin', cookies: seeded.cookies, checkpoints: fixtures.pairCheckpoints }, options),
        0.5,
      );
      const claims = await load(url, { kind: 'claim', cookies: fixtures.claimCookies, item: fixtures.claimItem }, options);
      claimsUsed = claims.requests;
      await record('POST /api/claims', claims);
    }

    if (others) {
      // The same load split over several instances on this one PostgreSQL: this app and real servers.
      const urls = [url, ...others.urls];
      const n = ` (${options.instances} instances)`;
      instancePids = others.pids;
      try {
        await warmUp(others.urls[0]!, reads, seeded.cookies);
        for (const read of options.writesOnly ? [] : reads)
          await record(`GET ${read}${n}`, await load(urls, { kind: 'get', path: read, cookies: seeded.cookies }, options));
        if (fixtures) {
          await record(`POST /api/spin${n}`, await load(urls, { kind: 'spin', cookies: fixtures.spinCookies }, options));
          // The other pair checkpoints first: the single-instance row used the first one.
          const checkpoints = [...fixtures.pairCheckpoints].reverse();
          await record(
            `attempt+spin pair${n}`,
            await load(urls, { kind: 'attempt-spin', cookies: seeded.cookies, checkpoints }, options),
            0.5,
          );
          const cookies = fixtures.claimCookies.slice(claimsUsed);
          await record(`POST /api/claims${n}`, await load(urls, { kind: 'claim', cookies, item: fixtures.claimItem }, options));
        }
      } finally {
        instancePids = [];
        await others.stop();
        others = undefined;
      }
    }

    await app.close();
    app = undefined;
    t = performance.now();
    const verdict = await verifyInvariants(database.db);
    console.log(`[${label}] ops verify (${((performance.now() - t) / 1000).toFixed(1)} s):\n${formatVerify(verdict)}`);
    for (const row of rows) if (row.db === kind && row.users === users) row.verified = verdict.ok;
    return verdict.ok;
  } finally {
    await others?.stop();
    await app?.close();
    await database?.close();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const machine = describeMachine();
  if (options.dbs.includes('postgres')) {
    try {
      machine.postgres = execFileSync('psql', [options.adminUrl, '-Atc', 'show server_version'], { encoding: 'utf8' }).trim();
    } catch {
      machine.postgres = 'unknown';
    }
  }
  console.log(`QuackQuest API bench (${options.quick ? 'quick' : 'full'}): ${JSON.stringify(machine)}`);
  const started = performance.now();
  const rows: Row[] = [];

  const plain = await plainFastify();
  const plainResult = await load(plain.url, { kind: 'get', path: '/bench/plain', cookies: [] }, options);
  await plain.app.close();
  const plainRow: Row = {
    endpoint: 'plain Fastify (no plugins)',
    db: '-',
    users: 0,
    result: plainResult,
    opsPerSec: plainResult.reqPerSec,
    load1: lastLoad1,
    cpu: lastCpu,
  };
  rows.push(plainRow);
  console.log(formatTable([plainRow]));

  let ok = true;
  for (const kind of options.dbs) {
    for (const users of options.sizes[kind]) ok = (await benchOne(kind, users, options, rows)) && ok;
  }
  const elapsed = (performance.now() - started) / 1000;
  console.log(`\n${formatTable(rows)}\n\nFinished in ${elapsed.toFixed(0)} s; invariants ${ok ? 'hold' : 'BROKEN'}.`);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, `run-${machine.date.replace(/[:.]/g, '-')}.json`),
    JSON.stringify({ options, machine, rows, elapsed }, null, 2),
  );
  if (options.record) await recordResults(path.join(benchDir, 'RESULTS.md'), { options, machine, rows, elapsed });
  if (!ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
