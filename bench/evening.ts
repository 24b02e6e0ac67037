// The festival evening: `npm run bench:evening` (full: 8-10 minutes of steps, doubled by the floor's, not timed since)
// or `npm run bench:evening -- --quick` (under 3 minutes). New visitors arrive in steps of rising rates; each signs up
// by e-mail (the link read from a real SMTP server on loopback), plays a scan, spins, reads the leaderboard, /api/me
// and the rewards, and claims when the ducks afford it (bench/evening-visitors.ts, in its own process, each visitor
// from its own loopback address). The built server (apps/server/dist/server.js, built here first) runs in its own
// process, as production runs it, on PGlite and on PostgreSQL with 100k users already registered. Per step: the arrival
// rate, whether it was held (every visitor done, no error, every call's p99 and the e-mail's under 1 s), p50/p99 per
// call, the CPU of the server process and of PostgreSQL's processes (/proc), also per visitor, and the server's peak
// resident memory. After each step, the floor at its rate (issue 33, bench/evening-floor.ts): the same visitors against
// a trivial Fastify server in its own
// process (its CPU per request), and on PostgreSQL its CPU per trivial read and per single-row autocommit insert; then
// per visitor the server's CPU, PostgreSQL's CPU, statements and round trips (counted on the wire between the server
// and PostgreSQL, bench/pg-wire-count.ts) and requests, each against its floor, and the visitors a second one server
// core and one database core carry. After each database: `ops verify`.
//
// Options: --quick, --db pglite,postgres, --users <n>, --steps-pglite 10,20,.. --steps-postgres 20,40,..,
//          --step-seconds <s> (the floor's steps last as long), --keep-going (run every step, not only up to the
//          first one not held),
//          --compare <git revision> (also a build of that revision, its steps alternating with this one's, each
//          step on a freshly started server of either build: before/after in one run; one floor per rate for both),
//          --profile (V8 CPU profiles of the server in bench/out/profiles/; not recorded), --label <text>,
//          --no-record, --no-build (use apps/server/dist as it is), --via-nginx (the visitors reach the server through
//          Debian's nginx with deploy/nginx.conf's proxy settings, as production does; its CPU is a column), --help.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { nginxSite } from '../apps/server/test/nginx-site';
import { hasExited, waitForHealth } from '../apps/server/test/wait-for-health';
import { applyPack } from '../apps/server/src/campaign/load';
import { readPack } from '../apps/server/src/campaign/pack';
import { type Database, openDatabase, queryRows } from '../apps/server/src/db/client';
import { formatVerify, verifyInvariants } from '../apps/server/src/db/invariants';
import { CALLS, type StepRequest, type StepResult } from './evening-calls';
import {
  type FloorMeasure,
  type FloorServer,
  floorPerVisitor,
  measurePostgresFloor,
  type PerVisitor,
  startFloorServer,
} from './evening-floor';
import { describeMachine, untilServerIdle } from './machine';
import { startWireCounter, type WireCounts } from './pg-wire-count';
import { cpuSince, peakResident, processCpuMs, residentMb, writeSyscalls } from './proc-cpu';
import { replaceBlock } from './report';
import { createPostgresDatabase } from './scratch-db';
import { seedUsers } from './seed';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const outDir = path.join(benchDir, 'out');
type Kind = 'pglite' | 'postgres';

/** p99 under this for every call and for the e-mail's arrival, no error, every visitor done: the rate is held. */
const P99_LIMIT_MS = 1000;
/** The bench lifts the sending rate (SIGNIN_MAIL_PER_MINUTE, 300 by default) out of the way: it is measured here. */
const MAIL_PER_MINUTE = 1_000_000;

interface Options {
  quick: boolean;
  dbs: Kind[];
  users: number;
  steps: Record<Kind, number[]>;
  stepSeconds: number;
  keepGoing: boolean;
  compare?: string;
  profile: boolean;
  label?: string;
  record: boolean;
  build: boolean;
  viaNginx: boolean;
  adminUrl: string;
}

const FLAGS = ['--quick', '--keep-going', '--profile', '--no-record', '--no-build', '--via-nginx', '--help'];
const VALUED = ['--db', '--users', '--steps-pglite', '--steps-postgres', '--step-seconds', '--compare', '--label'];

/** A misspelt option must not start a ten-minute run that then writes bench/RESULTS.md. */
function refuseUnknown(argv: string[]): void {
  for (let i = 0; i < argv.length; i++) {
    if (VALUED.includes(argv[i]!)) i++;
    else if (!FLAGS.includes(argv[i]!))
      throw new Error(`unknown option ${argv[i]}: see the options at the top of bench/evening.ts`);
  }
  if (argv.includes('--help')) {
    const header = readFileSync(new URL(import.meta.url), 'utf8').split('\nimport ')[0]!;
    process.stdout.write(`${header.replace(/^\/\/ ?/gm, '')}\n`);
    process.exit(0);
  }
}

function parseOptions(argv: string[]): Options {
  refuseUnknown(argv);
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const numbers = (name: string) => value(name)?.split(',').map(Number);
  const quick = argv.includes('--quick');
  return {
    quick,
    dbs: (value('--db')?.split(',') ?? ['pglite', 'postgres']) as Kind[],
    users: Number(value('--users') ?? 100_000),
    steps: {
      pglite: numbers('--steps-pglite') ?? (quick ? [15, 30, 60] : [15, 30, 45, 60, 80, 100, 130]),
      postgres: numbers('--steps-postgres') ?? (quick ? [25, 50, 100] : [25, 50, 75, 100, 150, 200, 250, 300]),
    },
    stepSeconds: Number(value('--step-seconds') ?? (quick ? 10 : 30)),
    keepGoing: argv.includes('--keep-going'),
    compare: value('--compare'),
    profile: argv.includes('--profile'),
    label: value('--label'),
    record: !argv.includes('--no-record') && !argv.includes('--profile'),
    build: !argv.includes('--no-build'),
    viaNginx: argv.includes('--via-nginx'),
    adminUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  };
}

// ----- The builds: this tree's, and optionally one of another revision for before/after.
interface Build {
  name: string;
  serverJs: string;
}

function buildHere(options: Options): Build {
  const serverJs = path.join(repoRoot, 'apps/server/dist/server.js');
  if (options.build)
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { cwd: repoRoot, stdio: 'inherit' });
  if (!existsSync(serverJs)) throw new Error('apps/server/dist/server.js is missing: run npm run build:server');
  return { name: 'this tree', serverJs };
}

/** The revision's files (git archive) in bench/out/, with this tree's node_modules, built the same way. */
function buildRevision(revision: string): Build {
  const commit = execFileSync('git', ['rev-parse', '--short', revision], { cwd: repoRoot, encoding: 'utf8' }).trim();
  const dir = path.join(outDir, `build-${commit}`);
  if (!existsSync(path.join(dir, 'apps/server/dist/server.js'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C ${JSON.stringify(dir)}`], { cwd: repoRoot, stdio: 'inherit' });
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'));
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { cwd: dir, stdio: 'inherit' });
  }
  return { name: commit, serverJs: path.join(dir, 'apps/server/dist/server.js') };
}

// ----- The database: seeded in this process, then closed, so the server (another process) can open it.
interface Prepared {
  /** The server's environment: on PostgreSQL, DATABASE_URL through the counting proxy (bench/pg-wire-count.ts). */
  env: Record<string, string>;
  /** PostgreSQL only: the database itself, for the bench's own statistics and floor statements. */
  directUrl?: string;
  /** PostgreSQL only: the statements and round trips the server sent so far. */
  wire?: WireCounts;
  dataDir: string;
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}

const CHECKPOINT = { slug: 'evening-scan', qr: 'EVENING-SCAN' };
/** 1-5 ducks per spin: about three visitors in five can afford it after their one spin. */
const REWARD = { item: 'Evening Sticker', price: 3 };

async function prepare(kind: Kind, options: Options): Promise<Prepared | undefined> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-evening-'));
  let pg: Awaited<ReturnType<typeof createPostgresDatabase>>;
  if (kind === 'postgres') {
    pg = await createPostgresDatabase(options.adminUrl);
    if (!pg) return undefined;
  }
  const open = () => openDatabase({ databaseUrl: pg?.url, dataDir, poolSize: 2 });
  const t = performance.now();
  const database = await open();
  try {
    await applyPack(database.db, readPack(path.join(repoRoot, 'campaigns/demo')));
    await seedUsers(database.db, options.users, Math.min(1000, options.users));
    const [campaign] = await queryRows<{ id: string }>(database.db, sql`select id from campaigns where active`);
    const now = Math.floor(Date.now() / 1000);
    await database.db.execute(sql`
      insert into checkpoints (campaign_id, slug, title, subtitle, sequence, type, start_time, end_time, max_attempts, qr_texts)
      values (${campaign!.id}, ${CHECKPOINT.slug}, 'Evening scan', 'Made by bench/evening.ts', 950, 'Scan',
              ${now - 86_400}, ${now + 30 * 86_400}, 0, array[${CHECKPOINT.qr}])`);
    await database.db.execute(sql`
      insert into rewards (campaign_id, item, price, stock, stock_loaded, description, eligibility, sequence)
      values (${campaign!.id}, ${REWARD.item}, ${REWARD.price}, 10000000, 10000000, 'For the evening bench', 'everyone', 950)`);
  } finally {
    await database.close();
  }
  console.log(`[${kind}] ${options.users.toLocaleString('en')} users seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const wire = pg ? await startWireCounter(pg.url) : undefined;
  return {
    env: wire ? { DATABASE_URL: wire.url } : {},
    ...(pg && wire ? { directUrl: pg.url, wire: wire.counts } : {}),
    dataDir,
    open,
    drop: async () => {
      await wire?.stop();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ----- The server, in its own process as production runs it.
interface Server {
  /** Where the visitors go: the server, or nginx in front of it (--via-nginx). */
  url: string;
  /** The server itself. */
  directUrl: string;
  pid: number;
  stop: () => Promise<void>;
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

const secret = randomBytes(32).toString('hex');

async function startServer(
  build: Build,
  kind: Kind,
  prepared: Prepared,
  smtpUrl: string,
  options: Options,
  log: string,
): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const profileDir = path.join(outDir, 'profiles');
  if (options.profile) mkdirSync(profileDir, { recursive: true });
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(options.profile
        ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=evening-${kind}-${Date.now()}.cpuprofile`]
        : []),
      build.serverJs,
    ],
    {
      cwd: path.dirname(build.serverJs),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        SESSION_SECRET: secret,
        VAPID_PUBLIC_KEY: 'BOKEXLypUiwig0lZlE7yr0fShY7Y-csXRbMV8KxjzLOxA79us5PuNkd5rCrtHLBheUhgVMfZNfKD4wqftPgaNRY',
        VAPID_PRIVATE_KEY: 't2Vw_x3l_biga8UmJa-BZEtFcEaztlt5mu8s2WZvSTU',
        SMTP_URL: smtpUrl,
        // Production refuses to start without the sender (issue 29 part 5).
        MAIL_FROM: 'QuackQuest <no-reply@quackquest.example>',
        SIGNIN_MAIL_PER_MINUTE: String(MAIL_PER_MINUTE),
        ALLOW_EMBEDDED_DATABASE: '1',
        ALLOW_LOCAL_PHOTOS: '1',
        DATA_DIR: prepared.dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        // Behind nginx the visitor's own address arrives in X-Forwarded-For, as in production (decision 031).
        ...(options.viaNginx ? { TRUST_PROXY: '127.0.0.1' } : {}),
        ...prepared.env,
      },
    },
  );
  const out = createWriteStream(log, { flags: 'a' });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  await waitForHealth(`${url}/healthz`, {
    timeoutMs: 120_000,
    exited: () => hasExited(child),
    what: `the server (see ${path.relative(repoRoot, log)})`,
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  if (!options.viaNginx) return { url, directUrl: url, pid: child.pid!, stop };
  const proxy = await startNginx(port);
  return {
    url: proxy.url,
    directUrl: url,
    pid: child.pid!,
    stop: async () => {
      await proxy.stop();
      await stop();
    },
  };
}

/**
 * nginx in front of the server with deploy/nginx.conf's proxy settings (kept connections to the server, one worker, as
 * scripts/test-deploy.ts runs it): the visitors' connections end at nginx, as they do in production, instead of each
 * being accepted by the server's one thread (which takes one new connection per turn of its event loop).
 */
async function startNginx(serverPort: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const nginx = '/usr/sbin/nginx';
  if (!existsSync(nginx)) throw new Error(`${nginx} is missing: apt-get install nginx-light (or run without --via-nginx)`);
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qq-evening-nginx-'));
  const site = nginxSite({ root: repoRoot, listen: `127.0.0.1:${port} backlog=4096`, instances: [serverPort] });
  writeFileSync(path.join(dir, 'site.conf'), site);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      process.getuid?.() === 0 ? 'user root;' : '',
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 8192; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${dir}/body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  include ${dir}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(`${url}/healthz`, {
    timeoutMs: 10_000,
    exited: () => hasExited(child),
    what: `nginx (see ${dir}/error.log)`,
    everyMs: 100,
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGQUIT');
      }),
  };
}

// ----- The visitors' process.
interface Generator {
  smtpUrl: string;
  pid: number;
  step(request: Omit<StepRequest, 'type'>): Promise<StepResult>;
  stop(): void;
}

function startGenerator(): Promise<Generator> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(benchDir, 'evening-visitors.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let pending: ((result: StepResult) => void) | undefined;
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the visitors' process exited (${code})`)));
    child.on('message', (message: { type: 'ready'; smtpUrl: string } | StepResult) => {
      if (message.type === 'ready') {
        resolve({
          smtpUrl: message.smtpUrl,
          pid: child.pid!,
          step: (request) =>
            new Promise((done) => {
              pending = done;
              child.send({ type: 'step', ...request });
            }),
          stop: () => {
            child.removeAllListeners('exit');
            child.send({ type: 'stop' });
          },
        });
      } else if (message.type === 'result') pending?.(message);
    });
  });
}

// ----- A step and its figures.
interface StepRow {
  db: Kind;
  build: string;
  rate: number;
  result: StepResult;
  held: boolean;
  why: string;
  /** % of one core over the step: the server process, the visitors' process, PostgreSQL's processes. */
  cpu: { server: number; generator: number; postgres?: number; nginx?: number };
  serverMsPerVisitor: number;
  /** The server process's highest resident memory during the step (MB): on PGlite, the database's too. */
  serverPeakMb?: number;
  postgresMsPerVisitor?: number;
  /** The server's write system calls per visitor (round trips to PostgreSQL, answers, SMTP): load does not change it. */
  writesPerVisitor?: number;
  /** PostgreSQL transactions (commits and rollbacks of the bench's database) per visitor. */
  transactionsPerVisitor?: number;
  /** The server's statements and round trips to PostgreSQL per visitor, counted on the wire; PostgreSQL only. */
  statementsPerVisitor?: number;
  roundTripsPerVisitor?: number;
  /** Requests answered (each call timed, the e-mail's arrival apart) and claims, per visitor. */
  requestsPerVisitor: number;
  claimsPerVisitor: number;
  /** The floor measured at this step's rate on this database (the same for both builds of --compare). */
  floor?: FloorMeasure;
  load1: number;
}

/** The requests a step's visitors had answered: every call timed except the e-mail's arrival. */
const requestsOf = (result: StepResult) =>
  Object.entries(result.calls)
    .filter(([name]) => name !== 'e-mail arrives')
    .reduce((sum, [, s]) => sum + s.count, 0);

function judge(result: StepResult): { held: boolean; why: string } {
  const reasons: string[] = [];
  if (result.failed) reasons.push(`${result.failed} failed`);
  if (result.unfinished) reasons.push(`${result.unfinished} unfinished`);
  const slow = Object.entries(result.calls)
    .filter(([, s]) => s.p99 >= P99_LIMIT_MS)
    .map(([name, s]) => `${name} p99 ${s.p99} ms`);
  if (slow.length) reasons.push(slow.join(', '));
  if (result.maxStartLagMs >= P99_LIMIT_MS) reasons.push(`arrivals up to ${result.maxStartLagMs} ms late (generator)`);
  return { held: reasons.length === 0, why: reasons.join('; ') };
}

let visitorsSoFar = 0;

/** Commits and rollbacks of the bench's PostgreSQL database so far (pg_stat_database); undefined on PGlite. */
async function transactionCount(prepared: Prepared): Promise<number | undefined> {
  if (!prepared.directUrl) return undefined;
  const client = new pg.Client({ connectionString: prepared.directUrl });
  try {
    await client.connect();
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ n: string }>(
      'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0]?.n);
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

async function runStep(
  generator: Generator,
  server: Server,
  prepared: Prepared,
  kind: Kind,
  build: Build,
  rate: number,
  options: Options,
  sequential?: number,
): Promise<StepRow> {
  const load1 = os.loadavg()[0]!;
  const writesBefore = writeSyscalls(server.pid);
  const transactionsBefore = await transactionCount(prepared);
  const wireBefore = prepared.wire && { ...prepared.wire };
  const serverBefore = processCpuMs([server.pid]);
  const pgSince = kind === 'postgres' ? cpuSince('postgres') : undefined;
  const nginxSince = options.viaNginx ? cpuSince('nginx') : undefined;
  const memory = peakResident(server.pid);
  const started = performance.now();
  const result = await generator.step({
    url: server.url,
    rate,
    seconds: options.stepSeconds,
    graceSeconds: 30,
    firstVisitor: visitorsSoFar,
    checkpoint: CHECKPOINT,
    reward: REWARD,
    ...(sequential ? { sequential } : {}),
  });
  const elapsed = (performance.now() - started) / 1000;
  visitorsSoFar += result.planned + 1;
  const serverMs = processCpuMs([server.pid]) - serverBefore;
  const serverPeakMb = memory();
  const writesAfter = writeSyscalls(server.pid);
  const wireAfter = prepared.wire && { ...prepared.wire };
  // PostgreSQL's statistics reach pg_stat_database within a second or so of a transaction's end.
  await new Promise((resolve) => setTimeout(resolve, kind === 'postgres' ? 1500 : 0));
  const transactionsAfter = await transactionCount(prepared);
  const pgMs = pgSince?.();
  const nginxMs = nginxSince?.();
  const done = Math.max(1, result.completed);
  return {
    db: kind,
    build: build.name,
    rate,
    result,
    ...judge(result),
    cpu: {
      server: Math.round(serverMs / 10 / elapsed),
      generator: Math.round(result.generatorCpuMs / 10 / elapsed),
      ...(pgMs !== undefined ? { postgres: Math.round(pgMs / 10 / elapsed) } : {}),
      ...(nginxMs !== undefined ? { nginx: Math.round(nginxMs / 10 / elapsed) } : {}),
    },
    serverMsPerVisitor: serverMs / done,
    ...(serverPeakMb !== undefined ? { serverPeakMb } : {}),
    ...(writesBefore !== undefined && writesAfter !== undefined ? { writesPerVisitor: (writesAfter - writesBefore) / done } : {}),
    ...(transactionsBefore !== undefined && transactionsAfter !== undefined
      ? { transactionsPerVisitor: (transactionsAfter - transactionsBefore) / done }
      : {}),
    ...(pgMs !== undefined ? { postgresMsPerVisitor: pgMs / done } : {}),
    ...(wireBefore && wireAfter
      ? {
          statementsPerVisitor: (wireAfter.statements - wireBefore.statements) / done,
          roundTripsPerVisitor: (wireAfter.roundTrips - wireBefore.roundTrips) / done,
        }
      : {}),
    requestsPerVisitor: requestsOf(result) / done,
    claimsPerVisitor: result.claims / done,
    load1,
  };
}

/** Visitors against the trivial server: at `rate` for a step's seconds, or `sequential` ones (warm-up). */
async function floorStep(generator: Generator, floorServer: FloorServer, rate: number, options: Options, sequential?: number) {
  const result = await generator.step({
    url: floorServer.url,
    rate,
    seconds: options.stepSeconds,
    graceSeconds: 30,
    firstVisitor: visitorsSoFar,
    checkpoint: CHECKPOINT,
    reward: REWARD,
    floor: true,
    ...(sequential ? { sequential } : {}),
  });
  visitorsSoFar += result.planned + 1;
  return result;
}

/**
 * The floor at `rate`: the same visitors (same calls, connections and loopback addresses, at the same rate for as
 * long) against the trivial server, its CPU per request; on PostgreSQL, then the CPU per trivial statement.
 */
async function measureFloor(
  generator: Generator,
  floorServer: FloorServer,
  prepared: Prepared,
  rate: number,
  options: Options,
): Promise<FloorMeasure> {
  const before = processCpuMs([floorServer.pid]);
  const result = await floorStep(generator, floorServer, rate, options);
  const serverMs = processCpuMs([floorServer.pid]) - before;
  if (result.failed || result.unfinished)
    console.log(
      `  the floor step at ${rate}/s: ${result.failed} failed, ${result.unfinished} unfinished: ${result.failures.join('; ')}`,
    );
  return {
    serverMsPerRequest: serverMs / Math.max(1, requestsOf(result)),
    ...(prepared.directUrl ? await measurePostgresFloor(prepared.directUrl) : {}),
  };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function stepTable(rows: StepRow[]): string {
  const lines = [
    '| db | build | arrivals/s | visitors | held | slowest p99 (call) | e-mail p99 ms | claims | server CPU % | PostgreSQL CPU % | visitors process CPU % | nginx CPU % | server CPU ms / visitor | PostgreSQL CPU ms / visitor | server writes / visitor | transactions / visitor | server MB (peak) | load avg | not held because |',
    '| --- | --- | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const row of rows) {
    const r = row.result;
    const slowest = Object.entries(r.calls)
      .filter(([name]) => name !== 'e-mail arrives')
      .sort((a, b) => b[1].p99 - a[1].p99)[0];
    lines.push(
      `| ${row.db} | ${row.build} | ${fmt(row.rate)} | ${fmt(r.planned)} | ${row.held ? 'yes' : 'no'} | ${slowest ? `${fmt(slowest[1].p99)} (${slowest[0]})` : '-'} | ${fmt(r.calls['e-mail arrives']?.p99 ?? 0)} | ${fmt(r.claims)} | ${row.cpu.server} | ${row.cpu.postgres ?? '-'} | ${row.cpu.generator} | ${row.cpu.nginx ?? '-'} | ${fmt(row.serverMsPerVisitor, 1)} | ${row.postgresMsPerVisitor === undefined ? '-' : fmt(row.postgresMsPerVisitor, 1)} | ${row.writesPerVisitor === undefined ? '-' : fmt(row.writesPerVisitor, 1)} | ${row.transactionsPerVisitor === undefined ? '-' : fmt(row.transactionsPerVisitor, 1)} | ${row.serverPeakMb === undefined ? '-' : fmt(row.serverPeakMb)} | ${fmt(row.load1, 1)} | ${row.why.replace(/\|/g, '/') || '-'} |`,
    );
  }
  return lines.join('\n');
}

/** p50 / p99 (ms) of each call, one column per step. */
function callTable(rows: StepRow[]): string {
  const head = rows.map((row) => `${row.db} ${row.build} ${fmt(row.rate)}/s`);
  const lines = [`| call | ${head.join(' | ')} |`, `| --- | ${head.map(() => '---:').join(' | ')} |`];
  for (const name of CALLS) {
    const cells = rows.map((row) => {
      const s = row.result.calls[name];
      return s ? `${fmt(s.p50)} / ${fmt(s.p99)}` : '-';
    });
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

const perVisitor = (row: StepRow): PerVisitor => ({
  serverMs: row.serverMsPerVisitor,
  postgresMs: row.postgresMsPerVisitor,
  statements: row.statementsPerVisitor,
  roundTrips: row.roundTripsPerVisitor,
  requests: row.requestsPerVisitor,
});

/** "measured / floor = ratio": how far a figure is above what the step's visitors cost at least. */
function againstFloor(measured: number | undefined, floor: number | undefined, digits = 1): string {
  if (measured === undefined || floor === undefined) return '-';
  return `${fmt(measured, digits)} / ${fmt(floor, digits)} = ${fmt(measured / floor, 1)}x`;
}

/** Visitors a second that one core carries at `ms` of CPU each, and at the floor's. */
const perCore = (ms?: number, floorMs?: number) =>
  ms === undefined || floorMs === undefined ? '-' : `${fmt(1000 / ms)} (floor ${fmt(1000 / floorMs)})`;

/**
 * Per visitor, each figure against its floor (bench/evening-floor.ts). On PGlite the database runs in the server's
 * process: its server CPU includes it, and its floor is still the trivial server's.
 */
function floorTable(rows: StepRow[]): string {
  const lines = [
    '| db | build | arrivals/s | server CPU ms / floor | PostgreSQL CPU ms / floor | statements / floor | round trips / floor | requests / floor | visitors/s one server core carries | visitors/s one database core carries | floor: trivial server µs / request | floor: PostgreSQL µs / read, / insert |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    if (!row.floor) continue;
    const m = perVisitor(row);
    const f = floorPerVisitor(row.floor, row.claimsPerVisitor);
    const statement =
      row.floor.selectMs === undefined ? '-' : `${fmt(row.floor.selectMs * 1000)}, ${fmt(row.floor.insertMs! * 1000)}`;
    lines.push(
      `| ${row.db} | ${row.build} | ${fmt(row.rate)} | ${againstFloor(m.serverMs, f.serverMs)} | ${againstFloor(m.postgresMs, f.postgresMs)} | ${againstFloor(m.statements, f.statements)} | ${againstFloor(m.roundTrips, f.roundTrips)} | ${againstFloor(m.requests, f.requests)} | ${perCore(m.serverMs, f.serverMs)} | ${perCore(m.postgresMs, f.postgresMs)} | ${fmt(row.floor.serverMsPerRequest * 1000)} | ${statement} |`,
    );
  }
  return lines.join('\n');
}

/** Per database and build: the range over its steps of each figure's ratio to its floor. */
function floorSummary(rows: StepRow[]): string[] {
  const groups = new Map<string, StepRow[]>();
  for (const row of rows.filter((r) => r.floor))
    groups.set(`${row.db} (${row.build})`, [...(groups.get(`${row.db} (${row.build})`) ?? []), row]);
  return [...groups].map(([name, group]) => {
    const range = (key: keyof PerVisitor) => {
      const ratios = group.flatMap((row) => {
        const measured = perVisitor(row)[key];
        const floor = floorPerVisitor(row.floor!, row.claimsPerVisitor)[key];
        return measured === undefined || floor === undefined ? [] : [measured / floor];
      });
      if (!ratios.length) return undefined;
      const [low, high] = [Math.min(...ratios), Math.max(...ratios)];
      return `${fmt(low, 1)}${high > low ? `-${fmt(high, 1)}` : ''}x`;
    };
    const parts = [
      ['server CPU', range('serverMs')],
      ['PostgreSQL CPU', range('postgresMs')],
      ['statements', range('statements')],
      ['round trips', range('roundTrips')],
      ['requests', range('requests')],
    ].filter(([, r]) => r);
    return `${name} per visitor against its floor: ${parts.map(([label, r]) => `${label} ${r}`).join(', ')}`;
  });
}

function headline(rows: StepRow[]): string[] {
  const groups = new Map<string, StepRow[]>();
  for (const row of rows) groups.set(`${row.db}|${row.build}`, [...(groups.get(`${row.db}|${row.build}`) ?? []), row]);
  return [...groups].map(([key, group]) => {
    const [db, build] = key.split('|');
    const held = group.filter((r) => r.held).map((r) => r.rate);
    const best = held.length ? Math.max(...held) : undefined;
    const at = group.find((r) => r.rate === best);
    return best === undefined
      ? `${db} (${build}): no step held (lowest ${group[0]!.rate}/s: ${group[0]!.why})`
      : `${db} (${build}): **${best} new visitors/s held**, server ${at!.cpu.server}% of a core` +
          `${at!.cpu.postgres !== undefined ? `, PostgreSQL ${at!.cpu.postgres}%` : ''}, ` +
          `${fmt(at!.serverMsPerVisitor, 1)} ms of server CPU per visitor`;
  });
}

/** In compare mode: this build's CPU per visitor over the other's, step by step. */
function ratios(rows: StepRow[], builds: Build[]): string[] {
  if (builds.length < 2) return [];
  const [base, here] = builds;
  const lines: string[] = [];
  for (const db of new Set(rows.map((r) => r.db))) {
    const pairs = rows
      .filter((r) => r.db === db && r.build === here!.name)
      .map((r) => [rows.find((b) => b.db === db && b.build === base!.name && b.rate === r.rate), r] as const)
      .filter(([b]) => b);
    if (!pairs.length) continue;
    const pct = (a?: number, b?: number) => (a !== undefined && b ? `${fmt((100 * a) / b)}%` : '-');
    const cells = pairs.map(
      ([b, r]) =>
        `${fmt(r.rate)}/s: CPU ${pct(r.serverMsPerVisitor, b!.serverMsPerVisitor)}, writes ${pct(r.writesPerVisitor, b!.writesPerVisitor)}` +
        (r.transactionsPerVisitor !== undefined
          ? `, transactions ${pct(r.transactionsPerVisitor, b!.transactionsPerVisitor)}`
          : ''),
    );
    lines.push(`${db}: per visitor, ${here!.name} over ${base!.name}: ${cells.join('; ')}`);
  }
  return lines;
}

async function benchDatabase(kind: Kind, builds: Build[], generator: Generator, options: Options, rows: StepRow[]) {
  const prepared = await prepare(kind, options);
  if (!prepared) return;
  const log = path.join(outDir, `evening-server-${kind}-${Date.now()}.log`);
  let server: Server | undefined;
  let floorServer: FloorServer | undefined;
  try {
    const print = (row: StepRow) => {
      rows.push(row);
      console.log(stepTable([row]).split('\n')[2]);
    };
    // The trivial server runs beside the real one for the whole database, warmed up first with 3,000 sequential
    // visitors (a few seconds): after 300, its first step still cost twice the CPU per request of the later ones at the
    // same rate (224, 173, 109 µs at 15/s; after 3,000: 63, 83, 99).
    floorServer = await startFloorServer(REWARD);
    await floorStep(generator, floorServer, 0, options, 3000);
    const floorAt = async (rate: number) => {
      const floor = await measureFloor(generator, floorServer!, prepared, rate, options);
      const measured = rows.filter((row) => row.db === kind && row.rate === rate && !row.floor);
      for (const row of measured) row.floor = floor;
      console.log(floorTable(measured).split('\n').slice(2).join('\n'));
    };
    const warmUp = async (s: Server, build: Build) => {
      // Sequential visitors: the JIT and the caches warm up before anything is measured.
      const row = await runStep(generator, s, prepared, kind, build, 0, options, 30);
      // Judged on errors only: one visitor at a time measures no rate.
      if (row.result.failed || row.result.unfinished) {
        throw new Error(`[${kind}] warm-up visitors failed: ${row.why} ${row.result.failures.join('; ')}`);
      }
    };
    if (builds.length === 1) {
      server = await startServer(builds[0]!, kind, prepared, generator.smtpUrl, options, log);
      const started = residentMb(server.pid);
      await warmUp(server, builds[0]!);
      console.log(
        `[${kind}] the server's resident memory: ${started?.toFixed(0) ?? '?'} MB started, ${residentMb(server.pid)?.toFixed(0) ?? '?'} MB after the warm-up`,
      );
      for (const rate of options.steps[kind]) {
        await untilServerIdle(server.directUrl, 100, 120_000);
        const row = await runStep(generator, server, prepared, kind, builds[0]!, rate, options);
        print(row);
        if (row.result.failures.length) console.log(`  failures: ${row.result.failures.join('; ')}`);
        await floorAt(rate);
        if (!row.held && !options.keepGoing) break;
      }
    } else {
      const going = new Set(builds.map((b) => b.name));
      for (const [i, rate] of options.steps[kind].entries()) {
        // Alternating which build goes first: a machine getting busier or quieter favours neither.
        const order = i % 2 === 0 ? builds : [...builds].reverse();
        for (const build of order) {
          if (!going.has(build.name)) continue;
          server = await startServer(build, kind, prepared, generator.smtpUrl, options, log);
          await warmUp(server, build);
          await untilServerIdle(server.directUrl, 100, 120_000);
          const row = await runStep(generator, server, prepared, kind, build, rate, options);
          print(row);
          if (row.result.failures.length) console.log(`  failures: ${row.result.failures.join('; ')}`);
          await server.stop();
          server = undefined;
          if (!row.held && !options.keepGoing) going.delete(build.name);
        }
        await floorAt(rate);
        if (!going.size) break;
      }
    }
    await server?.stop();
    server = undefined;
    const warnings = readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => /"level":(4|5|6)0/.test(line));
    if (warnings.length)
      console.log(
        `[${kind}] the server logged ${warnings.length} warnings or errors, e.g.\n  ${warnings.slice(0, 3).join('\n  ')}`,
      );
    const database = await prepared.open();
    try {
      const verdict = await verifyInvariants(database.db);
      const [counts] = await queryRows<{ users: string; claims: string; mail: string }>(
        database.db,
        sql`select (select count(*) from users) users, (select count(*) from claims) claims,
                   (select count(*) from mail_queue where state = 'sent') mail`,
      );
      console.log(
        `[${kind}] after the evening: ${counts?.users} users, ${counts?.claims} claims, ${counts?.mail} e-mails sent. ops verify:\n${formatVerify(verdict)}`,
      );
      verified.push(`${kind}: ${verdict.ok ? 'all invariants hold' : 'INVARIANTS BROKEN'}`);
    } finally {
      await database.close();
    }
  } finally {
    await server?.stop();
    await floorServer?.stop();
    await prepared.drop();
  }
}

const verified: string[] = [];

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
  mkdirSync(outDir, { recursive: true });
  const started = performance.now();
  const builds = [...(options.compare ? [buildRevision(options.compare)] : []), buildHere(options)];
  console.log(
    `QuackQuest evening bench (${options.quick ? 'quick' : 'full'}): ${JSON.stringify(machine)}\n` +
      `${options.users.toLocaleString('en')} users registered beforehand; steps of ${options.stepSeconds} s; ` +
      `SIGNIN_MAIL_PER_MINUTE=${MAIL_PER_MINUTE} (lifted for the bench); builds: ${builds.map((b) => b.name).join(', ')}`,
  );
  const generator = await startGenerator();
  const rows: StepRow[] = [];
  try {
    for (const kind of options.dbs) await benchDatabase(kind, builds, generator, options, rows);
  } finally {
    generator.stop();
  }
  const elapsed = (performance.now() - started) / 1000;
  const summary = [...headline(rows), ...floorSummary(rows), ...ratios(rows, builds)];
  console.log(
    `\n${stepTable(rows)}\n\n${floorTable(rows)}\n\n${callTable(rows)}\n\n${summary.join('\n')}\n${verified.join('; ')}\nFinished in ${fmt(elapsed)} s.`,
  );
  writeFileSync(
    path.join(outDir, `evening-${machine.date.replace(/[:.]/g, '-')}.json`),
    JSON.stringify({ options, machine, rows, elapsed }, null, 2),
  );
  if (options.record) {
    const mode = `evening-${options.compare ? 'compare' : options.quick ? 'quick' : 'full'}`;
    const block = [
      `<!-- bench:${mode} -->`,
      `### Latest ${mode.replace('-', ' ')} run${options.label ? `: ${options.label}` : ''}`,
      '',
      `${machine.date}; ${machine.nproc} cores (nproc), ${machine.cpu}; memory ${machine.memory}; Node ${machine.node}` +
        `${machine.postgres ? `; PostgreSQL ${machine.postgres}` : ''}. ${fmt(options.users)} users registered beforehand, ` +
        `${options.stepSeconds} s per step, SIGNIN_MAIL_PER_MINUTE=${MAIL_PER_MINUTE}. Builds: ${builds.map((b) => b.name).join(', ')}. Whole run: ${fmt(elapsed)} s.`,
      '',
      ...summary.map((line) => `- ${line}`),
      '',
      stepTable(rows),
      '',
      'Per visitor against the floor measured at the same rate in this run (bench/evening-floor.ts):',
      '',
      floorTable(rows),
      '',
      'p50 / p99 in ms of each call, per step:',
      '',
      callTable(rows),
      '',
      `\`ops verify\` after each database: ${verified.join('; ')}.`,
      `<!-- /bench:${mode} -->`,
    ].join('\n');
    await replaceBlock(path.join(benchDir, 'RESULTS.md'), mode, block);
  }
  if (verified.some((v) => v.includes('BROKEN'))) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
