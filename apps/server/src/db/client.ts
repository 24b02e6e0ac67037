// Opens the database: PostgreSQL when DATABASE_URL is set, otherwise PGlite (Postgres in WASM) in a folder under
// DATA_DIR, in a thread of its own. Both run the same schema and the same generated migrations, through the same
// driver (pg).
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Client, Pool, PoolClient } from 'pg';
import { DEFAULT_DATABASE_TIMEOUTS, DEFAULT_POOL_SIZE, type Env } from '../config/env';
import { migrationsFolder } from '../paths';
import { type DatabaseErrorObserver, watchPoolErrors } from './errors-seen';
import { lockDataDir } from './pglite-lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Rows of a raw `db.execute(sql)`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Both databases sit behind a pg Pool (PGlite's thread too): Drizzle's client. */
const poolOf = (db: Db) => (db as unknown as { $client: Pool }).$client;

/**
 * A hot statement as raw SQL with $1.. parameters, bypassing the query builder (building a query costs
 * more server time than its round trip: bench/RESULTS.md). It is a named prepared statement: parsed and
 * planned once per pooled connection instead of on every request. A statement that must hold a lock across several
 * steps is one call of a database function (qq_claim, qq_spin, qq_answer: decisions 010, 045, 046). Types arrive
 * as the driver (pg) parses them: take numbers with Number(), and send timestamps as text.
 */
export function statement<Row>(name: string, text: string): (db: Db, values: unknown[]) => Promise<Row[]> {
  return async (db, values) => (await poolOf(db).query({ name, text, values })).rows as Row[];
}

/** Statement texts given a name so far, by text: at most MAX_NAMED, the rest run unnamed as before. */
const statementNames = new Map<string, string>();
const MAX_NAMED = 1000;

/**
 * On PostgreSQL every parameterized query of this process (Drizzle's included) becomes a named prepared
 * statement on its connection, named after a hash of its text: PostgreSQL parses and plans it once per
 * connection instead of on every execution. The query builder makes the same text for the same query,
 * so the set of names stays small; past MAX_NAMED distinct texts, new ones run unnamed. PGlite's connections
 * share one session (db/pglite-worker.mjs): there each connection's names carry its own prefix.
 */
function prepareRepeatedStatements(client: { query: (...args: never[]) => unknown }, prefix = ''): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && 'text' in config && typeof config.text === 'string') {
      if ('name' in config && config.name) {
        if (prefix && typeof config.name === 'string') config = { ...config, name: `${prefix}${config.name}` };
      } else {
        let name = statementNames.get(config.text);
        if (!name && statementNames.size < MAX_NAMED) {
          name = `qq_${createHash('sha256').update(config.text).digest('hex').slice(0, 24)}`;
          statementNames.set(config.text, name);
        }
        if (name) config = { ...config, name: `${prefix}${name}` };
      }
    }
    return query(config, ...rest);
  };
}

export interface Database {
  db: Db;
  /**
   * PostgreSQL only: the mail worker's own connections (BACKGROUND_CONNECTIONS), so its claims and marks never queue
   * behind the requests for a connection of `db`, nor requests behind them. PGlite has one session for all its
   * connections: more of them would only add turns to wait for (decision 044).
   */
  background?: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's pool, for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** Told of every failed query and connection of this process (db/errors-seen.ts): qq_db_errors_total. */
  errorObservers: Set<DatabaseErrorObserver>;
  /**
   * Whether this process is the one of those on the database that exports the database-wide metrics (mail queue,
   * review backlog, lock waits): on PostgreSQL the holder of an advisory lock, on a connection of its own, taken
   * over by another instance when its holder stops; PGlite has one process.
   */
  leadsMetrics(): Promise<boolean>;
  /**
   * PGlite only: runs `work` while no other query or transaction of this process can run, so what it reads
   * and the copy of the data folder it takes are one moment of the database (backup/snapshot.ts, decision 030).
   */
  exclusive?: <T>(work: (snapshot: ExclusiveSnapshot) => Promise<T>) => Promise<T>;
  close(): Promise<void>;
}

export interface ExclusiveSnapshot {
  query<Row>(text: string): Promise<Row[]>;
  /** PGlite's data folder as an (uncompressed) tar archive. */
  dumpDataDir(): Promise<Blob>;
}

/** Connections to PGlite's thread: enough that its queue is never empty while the server's thread is busy. */
const PGLITE_CONNECTIONS = 4;
/**
 * PostgreSQL connections of the work beside the requests (the mail worker), besides the requests' pool. With one
 * pool, at 150 new visitors a second the worker's claims waited about 200 ms each for a connection and the e-mail
 * fell seconds behind (decision 044).
 */
const BACKGROUND_CONNECTIONS = 2;

// Any constant: serializes migrations when several instances start at once on one PostgreSQL.
const MIGRATION_LOCK = 7_283_001;

/**
 * `poolSize`: PostgreSQL connections of this process (DATABASE_POOL_SIZE). Fewer connections than waiting requests
 * is deliberate: on a small PostgreSQL, 20 per instance halved the claims of one reward with two instances
 * (bench/RESULTS.md, "Several instances").
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  timeouts?: Partial<DatabaseTimeouts>;
  /** The migrations to bring it to: this build's unless a test gives a newer build's. */
  migrations?: string;
}): Promise<Database> {
  const migrations = options.migrations ?? migrationsFolder;
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.poolSize ?? DEFAULT_POOL_SIZE, migrations, {
      ...DEFAULT_DATABASE_TIMEOUTS,
      ...options.timeouts,
    });
  return openPglite(options.dataDir === ':memory:' ? 'memory://' : path.join(options.dataDir, 'pgdata'), migrations);
}

/** What openDatabase takes from the configuration: the server and the operator commands open it alike. */
export function databaseSettings(env: Env): Parameters<typeof openDatabase>[0] {
  return {
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
    timeouts: {
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: env.DATABASE_LOCK_TIMEOUT_MS,
      poolMs: env.DATABASE_POOL_TIMEOUT_MS,
    },
  };
}

/**
 * PostgreSQL's waits (DATABASE_*_TIMEOUT_MS, decision 067): a statement running, a lock waited for and a free
 * connection waited for, in milliseconds. PGlite has one session, where no statement waits for another's lock.
 */
export interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
  poolMs: number;
}

/** The migrations this build carries (drizzle's journal), oldest first. */
export function knownMigrations(folder = migrationsFolder): string[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((entry) => entry.tag);
}

/** The database holds migrations this build does not know: a newer build migrated it. */
export class SchemaNewerError extends Error {
  constructor(applied: number, known: number, latest: string) {
    super(
      `The database's schema is newer than this build: ${applied} migrations applied, this build knows ${known} (up to ${latest}). Run the newer build, or restore a backup taken with this one (docs/deploy.md).`,
    );
  }
}

const INSUFFICIENT_PRIVILEGE = '42501';

/** The migrations applied to the database; 0 before the first. */
async function appliedMigrations(client: PoolClient): Promise<number> {
  const table = await client.query<{ found: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!table.rows[0]?.found) return 0;
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
  return Number(rows[0]?.n ?? 0);
}

/** The database lacks migrations and DATABASE_URL's role may not apply them: the app's role (decision 066). */
export class MigrationsRefusedError extends Error {
  constructor(applied: number, known: number) {
    super(
      `DATABASE_URL's role may not change the schema, and ${known - applied} of this build's ${known} migrations are not applied: run \`npm run migrate\` with the owner's DATABASE_URL first (docs/deploy.md, "Database roles").`,
    );
  }
}

/** A migration failed: PostgreSQL's own reason, the migration and its statement, in a few lines. */
export class MigrationFailedError extends Error {
  constructor(reason: string) {
    super(`Migrating the database failed; nothing of it was applied. ${reason}`);
  }
}

const LOCK_NOT_AVAILABLE = '55P03';
/** How often a migration that could not take its locks within the lock timeout is tried again (decision 067). */
const MIGRATION_TRIES = 20;
/** The wait before the next try: 1 s, doubling up to 15 s; about four minutes over all the tries. */
const retryDelayMs = (tryNumber: number) => Math.min(1000 * 2 ** (tryNumber - 1), 15_000);

/**
 * Applies the missing migrations in one transaction (drizzle's migrator). On PostgreSQL each statement waits at most
 * `lockMs` for its lock: an ALTER queued behind a long reader would otherwise hold every request to that table behind
 * it. It gives up, the transaction is rolled back whole, and the next try comes after a pause in which requests pass.
 * Statements themselves may run as long as they need (a backfill).
 */
async function migrateWithRetries(
  client: PoolClient,
  { migrations, applied, known, lockMs }: { migrations: string; applied: number; known: string[]; lockMs?: number },
) {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  if (lockMs !== undefined) await client.query(`set statement_timeout = 0; set lock_timeout = ${Math.trunc(lockMs)}`);
  for (let tryNumber = 1; ; tryNumber += 1) {
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder: migrations });
      return;
    } catch (error) {
      const failure = postgresFailure(error);
      if (failure.code === INSUFFICIENT_PRIVILEGE) throw new MigrationsRefusedError(applied, known.length);
      const where = migrationOf(failure.query, migrations, known.slice(applied));
      if (failure.code === LOCK_NOT_AVAILABLE && tryNumber < MIGRATION_TRIES) {
        const pause = retryDelayMs(tryNumber);
        console.warn(
          `Migration ${where ?? ''} waited ${lockMs} ms for a lock another session holds (a long query?): rolled back, trying again in ${pause / 1000} s (try ${tryNumber + 1} of ${MIGRATION_TRIES}).`,
        );
        await new Promise((resolve) => setTimeout(resolve, pause));
        continue;
      }
      throw new MigrationFailedError(describeFailure(failure, where, tryNumber));
    }
  }
}

interface PostgresFailure {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
  query?: string;
}

/** PostgreSQL's error under drizzle's wrapping ("Failed query: ...", the reason in `cause`). */
function postgresFailure(error: unknown): PostgresFailure {
  const outer = error as { message?: string; query?: string; cause?: unknown };
  const inner = (outer.cause ?? error) as { code?: string; message?: string; detail?: string; hint?: string };
  return {
    code: inner.code,
    message: inner.message ?? outer.message ?? String(error),
    detail: inner.detail,
    hint: inner.hint,
    query: outer.query,
  };
}

/** Which of the migrations to apply holds the failed statement. */
function migrationOf(query: string | undefined, folder: string, pending: string[]): string | undefined {
  const text = query?.trim();
  if (!text) return undefined;
  return pending.find((tag) => {
    try {
      return readFileSync(path.join(folder, `${tag}.sql`), 'utf8').includes(text);
    } catch {
      return false;
    }
  });
}

function describeFailure(failure: PostgresFailure, where: string | undefined, tries: number): string {
  const statement = failure.query?.trim().split('\n')[0]?.slice(0, 160);
  return [
    `PostgreSQL says: ${failure.message}${failure.code ? ` (SQLSTATE ${failure.code})` : ''}.`,
    failure.detail ? `Detail: ${failure.detail}` : '',
    failure.hint ? `Hint: ${failure.hint}` : '',
    where ? `In migration ${where}${statement ? `, at: ${statement}` : ''}.` : statement ? `At: ${statement}` : '',
    failure.code === LOCK_NOT_AVAILABLE
      ? `Its locks were not free in ${tries} tries: end the long transaction holding them (pg_stat_activity) and start again.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** PostgreSQL refused or could not be reached at start: the message names DATABASE_URL, never its password. */
export class DatabaseUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    const where = new URL(url);
    const reason = cause instanceof Error ? cause.message || (cause as { code?: string }).code || cause.name : String(cause);
    super(
      `DATABASE_URL: cannot open the database ${where.pathname.slice(1) || '(default)'} on ${where.hostname}:${where.port || 5432}: ${reason}`,
    );
  }
}

async function openPostgres(url: string, poolSize: number, migrations: string, timeouts: DatabaseTimeouts): Promise<Database> {
  const { default: pg } = await import('pg');
  // Each connection starts with the timeouts as its session's settings; the migration changes them for itself only.
  const settings = {
    connectionString: url,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    // pg's pool applies it to a request waiting for a connection as well as to opening one.
    connectionTimeoutMillis: timeouts.poolMs,
    // No JIT compilation (decision 076): for the app's queries, compiling costs far more than it saves (the winners'
    // list took 0.9 s instead of 0.2 s at 50,000 visitors, bench/winners.ts).
    options: '-c jit=off',
  };
  const pool = new pg.Pool({ ...settings, max: poolSize });
  const background = new pg.Pool({ ...settings, max: BACKGROUND_CONNECTIONS });
  const database = await openPool(
    pool,
    background,
    'postgres',
    migrations,
    (error) => new DatabaseUnreachableError(url, error),
    timeouts.lockMs,
  );
  const lead = metricsLead(url);
  return {
    ...database,
    leadsMetrics: lead.holds,
    close: async () => void (await Promise.all([pool.end(), background.end(), lead.close()])),
  };
}

// Any constant: held by the instance that exports the database-wide metrics.
const METRICS_LEAD_LOCK = 7_283_002;

/**
 * A session advisory lock on a connection of its own, tried at each scrape until taken, then kept while that
 * connection lives: when the instance stops (or its connection drops), PostgreSQL releases it and the next instance
 * scraped takes it. One connection per instance, opened at the first scrape.
 */
function metricsLead(url: string): { holds: () => Promise<boolean>; close: () => Promise<void> } {
  let client: Client | undefined;
  let held = false;
  let closed = false;
  const drop = () => {
    held = false;
    const gone = client;
    client = undefined;
    void gone?.end().catch(() => undefined);
  };
  return {
    async holds() {
      if (closed) return false;
      if (held) return true;
      try {
        if (!client) {
          const { default: pg } = await import('pg');
          const fresh = new pg.Client({ connectionString: url, keepAlive: true });
          fresh.on('error', drop);
          fresh.on('end', () => (client === fresh ? drop() : undefined));
          client = fresh;
          await fresh.connect();
        }
        const { rows } = await client.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [METRICS_LEAD_LOCK]);
        held = rows[0]?.got === true;
      } catch {
        drop();
      }
      return held;
    },
    async close() {
      closed = true;
      held = false;
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * PostgreSQL's driver on a pool (of PostgreSQL, or of PGlite's thread) and, on PostgreSQL, the background's: migrated,
 * then Drizzle on top.
 */
async function openPool(
  pool: Pool,
  background: Pool | undefined,
  kind: Database['kind'],
  migrations: string,
  unreachable: (error: unknown) => Error,
  lockMs?: number,
) {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pools = background ? [pool, background] : [pool];
  let connections = 0;
  const errorObservers = new Set<DatabaseErrorObserver>();
  for (const each of pools) {
    watchPoolErrors(each, errorObservers);
    // An idle connection closed by PostgreSQL (restart, idle timeout) must not crash the process: the pool
    // drops it and opens another on the next query.
    each.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
    each.on('connect', (client) => prepareRepeatedStatements(client, kind === 'pglite' ? `c${(connections += 1)}_` : ''));
  }
  const client = await pool.connect().catch(async (error: unknown) => {
    await Promise.all(pools.map((each) => each.end())).catch(() => undefined);
    throw unreachable(error);
  });
  let applied: number;
  const known = knownMigrations(migrations);
  try {
    // Another instance migrating holds it for as long as its migration takes: waited for without a lock timeout.
    if (lockMs !== undefined) await client.query('set lock_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    // Up to date: nothing to change, so the app's own role, which may not change the schema (docs/deploy.md,
    // "Database roles"), opens it as well as the owner's.
    applied = await appliedMigrations(client);
    if (applied < known.length) {
      await migrateWithRetries(client, { migrations, applied, known, lockMs });
      applied = await appliedMigrations(client);
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    // Back to the session's own settings (the pool's timeouts) before the connection serves requests.
    await client.query('reset all').catch(() => undefined);
    client.release();
  }
  // An older build on a database a newer one migrated: its queries would meet columns and functions it does not
  // know. It refuses to serve, with one line (issue 31 part 3), instead of "20 of 19 applied" and carrying on.
  if (applied > known.length) {
    await Promise.all(pools.map((each) => each.end())).catch(() => undefined);
    throw new SchemaNewerError(applied, known.length, known.at(-1) ?? 'none');
  }
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    ...(background ? { background: drizzle(background, { schema }) as unknown as Db } : {}),
    kind,
    errorObservers,
    leadsMetrics: () => Promise.resolve(true),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * PGlite in a worker thread of this process (db/pglite-worker.mjs, decision 043), reached over a Unix socket in a
 * private folder with PostgreSQL's driver: the database's work runs on the other core instead of in the server's
 * thread, and every query goes the same way as on PostgreSQL. PGlite has one session: the thread runs one batch
 * at a time and gives a transaction's connection the session until it ends.
 */
async function openPglite(dataPath: string, migrations: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { Worker } = await import('node:worker_threads');
  let unlock = () => {};
  if (!dataPath.startsWith('memory://')) {
    mkdirSync(dataPath, { recursive: true });
    unlock = lockDataDir(dataPath);
  }
  // mkdtemp makes the folder readable by this user only: no other local user can reach the socket.
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-pglite-'));
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataPath, socketPath: path.join(socketDir, '.s.PGSQL.5432') },
  });
  let closing = false;
  const stopThread = async () => {
    closing = true;
    await worker.terminate().catch(() => undefined);
    rmSync(socketDir, { recursive: true, force: true });
    unlock();
  };
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`PGlite's thread stopped while opening the database (exit code ${code})`)));
    worker.once('message', () => resolve());
  }).catch(async (error: unknown) => {
    await stopThread();
    throw error;
  });
  worker.removeAllListeners('error').removeAllListeners('exit');
  // The database is gone with its thread: the process stops, as it did when PGlite failed in its own thread, and
  // its supervisor starts it again (docs/deploy.md).
  worker.on('error', (error) => console.error("PGlite's thread failed:", error));
  worker.on('exit', (code) => {
    if (closing) return;
    console.error(`PGlite's thread stopped (exit code ${code}): the server cannot go on without its database.`);
    process.exit(1);
  });
  let nextId = 0;
  const ask = <T>(type: 'dump' | 'close') =>
    new Promise<T>((resolve, reject) => {
      const id = (nextId += 1);
      const onMessage = (message: { type: string; id?: number; message?: string } & T) => {
        if (message.id !== id) return;
        worker.off('message', onMessage);
        if (message.type === 'failed') reject(new Error(message.message));
        else resolve(message);
      };
      worker.on('message', onMessage);
      worker.postMessage({ type, id });
    });
  const pool = new pg.Pool({ host: socketDir, user: 'postgres', database: 'postgres', max: PGLITE_CONNECTIONS });
  const database = await openPool(pool, undefined, 'pglite', migrations, (error) =>
    error instanceof Error ? error : new Error(String(error)),
  ).catch(async (error: unknown) => {
    await stopThread();
    throw error;
  });
  return {
    ...database,
    // A read-only transaction on one connection holds PGlite's session (the thread runs nothing else until it
    // ends): the counts and the dump see the same committed state, and no write is half-way while the files are
    // read. The CHECKPOINT first keeps the restored copy's recovery short.
    exclusive: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('checkpoint');
        await client.query('begin read only');
        const result = await work({
          query: async <Row>(text: string) => (await client.query(text)).rows as Row[],
          dumpDataDir: async () => new Blob([(await ask<{ data: Uint8Array }>('dump')).data]),
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: async () => {
      await pool.end();
      closing = true;
      await ask('close').catch(() => undefined);
      await stopThread();
    },
  };
}
