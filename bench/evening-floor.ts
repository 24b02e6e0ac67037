// The evening's floor (issue 33 part 1): what a visitor costs at least, measured in the same run as the real server,
// so each step's figures are read against it rather than against another day's. bench/evening.ts uses it:
// - the server floor: a trivial Fastify server (bench/evening-floor-server.ts) driven by the same visitors' process
//   at the step's rate, its CPU per request from /proc;
// - the PostgreSQL floor: PostgreSQL's CPU (every postgres process, /proc, as the steps read it) per trivial read (a
//   `select $1::int` round trip) and per single-row autocommit insert into a scratch table of the bench's database,
//   times the fewest reads and writes a visitor's sequence needs (MIN_WRITES_BEFORE_CLAIM, MIN_READS);
// - the fewest statements and round trips (one autocommit statement each) and requests (the sequence's calls).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { cpuSince } from './proc-cpu';

const benchDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * The writes a visitor's sequence must make, whatever the schema: the sign-up link issued (with its e-mail queued),
 * the link used, the account with its session, the scan's attempt with the spin it earns, the spin's ledger row; plus
 * the claim of each visitor who claims (the step's measured claims per visitor). The e-mail marked sent is not
 * counted: one statement marks a batch. Issue 33's "5.4 writes" is this with 0.4 claims per visitor.
 */
const MIN_WRITES_BEFORE_CLAIM = 5;
/**
 * The reads that no write before them returns and no shared cache can answer: the visitor's own ducks (`/api/me`)
 * and the rewards as this visitor may claim them (`/api/inventory`). The checkpoints and the leaderboard are the same
 * for every visitor (a cache's); the floor takes sessions as checked without a read (a signed cookie or the
 * process's cache) and links and accounts as read by the writes that change them (RETURNING), whatever the server
 * does today. Issue 33's "2 reads".
 */
const MIN_READS = 2;
/** The sequence's calls before the claim (bench/evening-visitors.ts), each a screen's data; the claim is optional. */
const CALLS_BEFORE_CLAIM = 9;

/** What the floor steps measured, at one rate of one database. */
export interface FloorMeasure {
  /** The trivial server's CPU per request (ms). */
  serverMsPerRequest: number;
  /** PostgreSQL's CPU per trivial read and per single-row autocommit insert (ms); PostgreSQL only. */
  selectMs?: number;
  insertMs?: number;
}

/** A step's figures per visitor, or their floor. */
export interface PerVisitor {
  serverMs: number;
  postgresMs?: number;
  statements?: number;
  roundTrips?: number;
  requests: number;
}

/**
 * The floor per visitor for a step whose visitors claimed `claims` times each on average. On PGlite the database runs
 * inside the server process, so the server floor is still the trivial server's and there is no PostgreSQL floor.
 */
export function floorPerVisitor(measure: FloorMeasure, claims: number): PerVisitor {
  const requests = CALLS_BEFORE_CLAIM + claims;
  const writes = MIN_WRITES_BEFORE_CLAIM + claims;
  const postgres = measure.selectMs !== undefined && measure.insertMs !== undefined;
  return {
    serverMs: measure.serverMsPerRequest * requests,
    requests,
    ...(postgres
      ? {
          postgresMs: writes * measure.insertMs! + MIN_READS * measure.selectMs!,
          statements: writes + MIN_READS,
          roundTrips: writes + MIN_READS,
        }
      : {}),
  };
}

// ----- The trivial server, in its own process.
export interface FloorServer {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

export function startFloorServer(reward: { item: string; price: number }): Promise<FloorServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(benchDir, 'evening-floor-server.ts'), JSON.stringify(reward)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { PATH: process.env.PATH, NODE_ENV: 'production' } },
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the floor server exited (${code})`)));
    child.once('message', (message: { type: 'ready'; url: string }) => {
      child.removeAllListeners('exit');
      resolve({ url: message.url, pid: child.pid!, stop });
    });
  });
}

// ----- PostgreSQL's CPU per trivial statement.
/** Connections sending statements at once: a few, as the server's pool has a few busy at a time in an evening step. */
const CONNECTIONS = 4;
/** How long each kind of statement is sent: enough ticks of /proc's 10 ms for a per-statement figure. */
const SECONDS_EACH = 2;

/** PostgreSQL's CPU (ms) per statement `send` makes, sent back to back on CONNECTIONS connections for SECONDS_EACH. */
async function cpuPerStatement(clients: pg.Client[], send: (client: pg.Client, i: number) => Promise<unknown>): Promise<number> {
  let sent = 0;
  const postgresMs = cpuSince('postgres');
  const end = performance.now() + SECONDS_EACH * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < end) await send(client, sent++);
    }),
  );
  const ms = postgresMs();
  if (ms === undefined) throw new Error('no /proc: PostgreSQL CPU cannot be measured');
  return ms / sent;
}

/**
 * `select $1::int` with 1 and `insert ... values ($1)`, each its own transaction (the insert with its WAL flush), into
 * a table made and dropped here. Both parameterised, so both take the extended protocol (Parse, Bind, Execute, Sync)
 * as every read and write of the server does: a plain `select 1` goes as a simple query and costs PostgreSQL less
 * (13 against 16-28 µs on this machine) than any of the server's reads can.
 */
export async function measurePostgresFloor(databaseUrl: string): Promise<{ selectMs: number; insertMs: number }> {
  const clients = Array.from({ length: CONNECTIONS }, () => new pg.Client({ connectionString: databaseUrl }));
  try {
    await Promise.all(clients.map((client) => client.connect()));
    await clients[0]!.query(
      'create table bench_evening_floor (id bigint generated always as identity primary key, n int not null)',
    );
    const selectMs = await cpuPerStatement(clients, (client) => client.query('select $1::int', [1]));
    const insertMs = await cpuPerStatement(clients, (client, i) =>
      client.query('insert into bench_evening_floor (n) values ($1)', [i]),
    );
    await clients[0]!.query('drop table bench_evening_floor');
    return { selectMs, insertMs };
  } finally {
    await Promise.all(clients.map((client) => client.end().catch(() => {})));
  }
}
