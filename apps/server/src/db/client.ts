// Opens the database: PostgreSQL when DATABASE_URL is set, otherwise PGlite (Postgres in WASM)
// in a folder under DATA_DIR. Both run the same schema and the same generated migrations.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { DEFAULT_POOL_SIZE } from '../config/env';
import { migrationsFolder } from '../paths';
import { lockDataDir } from './pglite-lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Rows of a raw `db.execute(sql)`: both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** A transaction opened by transaction(): runs statements on its one connection. */
export interface RawTx {
  readonly rawTx: true;
  query<Row>(name: string, text: string, values: unknown[]): Promise<Row[]>;
}

type RawClient = { query: (...args: unknown[]) => Promise<{ rows: unknown[] }> };

/**
 * A hot statement as raw SQL with $1.. parameters, bypassing the query builder (building a query costs
 * more server time than its round trip: bench/RESULTS.md). On PostgreSQL it is a named prepared
 * statement: parsed and planned once per pooled connection instead of on every request. Runs on the
 * database or inside transaction(). Types arrive as each driver parses them: take numbers with Number(),
 * and send timestamps as text.
 */
export function statement<Row>(name: string, text: string): (db: Db | RawTx, values: unknown[]) => Promise<Row[]> {
  return async (db, values) => {
    if ('rawTx' in db) return db.query<Row>(name, text, values);
    const client = (db as unknown as { $client: RawClient }).$client;
    const result = drivers.get(db) === 'pg' ? await client.query({ name, text, values }) : await client.query(text, values);
    return result.rows as Row[];
  };
}

/**
 * A transaction for the hot writes (spin, claim) that runs only statement()s: BEGIN, the work, COMMIT, and
 * a ROLLBACK when the work throws. The same as db.transaction() (PGlite serializes both the same way) with
 * a few hundred microseconds less server time per transaction.
 */
export async function transaction<T>(db: Db, work: (tx: RawTx) => Promise<T>): Promise<T> {
  if (drivers.get(db) === 'pglite') {
    const pglite = (db as unknown as { $client: { transaction<R>(fn: (tx: RawClient) => Promise<R>): Promise<R> } }).$client;
    return pglite.transaction((tx) =>
      work({
        rawTx: true,
        query: async <Row>(_name: string, text: string, values: unknown[]) => (await tx.query(text, values)).rows as Row[],
      }),
    );
  }
  const pool = (db as unknown as { $client: { connect(): Promise<RawClient & { release(error?: Error | boolean): void }> } })
    .$client;
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await work({
      rawTx: true,
      query: async <Row>(name: string, text: string, values: unknown[]) =>
        (await client.query({ name, text, values })).rows as Row[],
    });
    await client.query('commit');
    return result;
  } catch (error) {
    // A connection that cannot even roll back is closed instead of going back to the pool.
    await client.query('rollback').catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/** The driver under a Drizzle database: PostgreSQL's (pg), also for PGlite in its thread, or PGlite's own. */
const drivers = new WeakMap<object, 'pg' | 'pglite'>();

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
        if (prefix) config = { ...config, name: `${prefix}${String(config.name)}` };
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
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's pool, for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
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

// Any constant: serializes migrations when several instances start at once on one PostgreSQL.
const MIGRATION_LOCK = 7_283_001;

/**
 * `poolSize`: PostgreSQL connections of this process (DATABASE_POOL_SIZE). Fewer connections than waiting requests
 * is deliberate: on a small PostgreSQL, 20 per instance halved the claims of one reward with two instances
 * (bench/RESULTS.md, "Several instances").
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; poolSize?: number }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? DEFAULT_POOL_SIZE);
  return openPglite(options.dataDir === ':memory:' ? 'memory://' : path.join(options.dataDir, 'pgdata'));
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

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const database = await openPool(pool, 'postgres', (error) => new DatabaseUnreachableError(url, error));
  return { ...database, close: () => pool.end() };
}

type Pool = import('pg').Pool;

/** PostgreSQL's driver on a pool (of PostgreSQL, or of PGlite's thread): migrated, then Drizzle on top. */
async function openPool(pool: Pool, kind: Database['kind'], unreachable: (error: unknown) => Error) {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // An idle connection closed by PostgreSQL (restart, idle timeout) must not crash the process: the pool
  // drops it and opens another on the next query.
  pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
  let connections = 0;
  pool.on('connect', (client) => prepareRepeatedStatements(client, kind === 'pglite' ? `c${(connections += 1)}_` : ''));
  const client = await pool.connect().catch(async (error: unknown) => {
    await pool.end().catch(() => undefined);
    throw unreachable(error);
  });
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  const db = drizzle(pool, { schema }) as unknown as Db;
  drivers.set(db, 'pg');
  return {
    db,
    kind,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * PGlite in a worker thread (db/pglite-worker.mjs, decision 043), reached over a Unix socket with PostgreSQL's
 * driver: the database's work runs beside the server's thread instead of inside it. One connection: PGlite has one
 * session, so statements and transactions take turns as they did in this thread.
 */
async function openPgliteThread(dataPath: string, unlock: () => void): Promise<Database> {
  const { default: pg } = await import('pg');
  const { Worker } = await import('node:worker_threads');
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-pglite-'));
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataPath, socketPath: path.join(socketDir, '.s.PGSQL.5432') },
  });
  let nextId = 0;
  const ask = <T>(type: string) =>
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
  const gone = async () => {
    await worker.terminate().catch(() => undefined);
    rmSync(socketDir, { recursive: true, force: true });
    unlock();
  };
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`PGlite's thread stopped (${code})`)));
    worker.once('message', () => resolve());
  }).catch(async (error: unknown) => {
    await gone();
    throw error;
  });
  worker.removeAllListeners('error').removeAllListeners('exit');
  worker.on('error', (error) => console.error("PGlite's thread failed:", error.message));
  const pool = new pg.Pool({ host: socketDir, user: 'postgres', database: 'postgres', max: PGLITE_CONNECTIONS });
  const database = await openPool(pool, 'pglite', (error) => (error instanceof Error ? error : new Error(String(error)))).catch(
    async (error: unknown) => {
      await gone();
      throw error;
    },
  );
  return {
    ...database,
    exclusive: async (work) => {
      // The pool's one connection, held in a read-only transaction: no other statement runs until it ends.
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
      await ask('close').catch(() => undefined);
      await gone();
    },
  };
}

/**
 * PGlite runs in this thread and answers through promises only: while queries and transactions are queued,
 * each next one starts in a microtask, so a long queue ran without the event loop ever getting a turn. No
 * socket was read or written meanwhile: under load, rare requests took 2-5 s while the median was 0.1 s
 * (bench/RESULTS.md, "PGlite"; decision 012). Every query and transaction (PGlite serializes both through
 * one lock) now starts after a turn of the event loop. PGlite has no option for this: it wraps its own
 * method, and refuses to start if a PGlite upgrade removed that method, rather than lose this silently.
 */
function takeTurnsWithTheEventLoop(client: object): void {
  const target = client as { _runExclusiveTransaction?: <T>(fn: () => Promise<T>) => Promise<T> };
  const exclusive = target._runExclusiveTransaction?.bind(client);
  if (typeof exclusive !== 'function') throw new Error('PGlite no longer has _runExclusiveTransaction: see db/client.ts');
  target._runExclusiveTransaction = (fn) =>
    exclusive(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return fn();
    });
}

async function openPglite(dataPath: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let unlock = () => {};
  if (!dataPath.startsWith('memory://')) {
    mkdirSync(dataPath, { recursive: true });
    unlock = lockDataDir(dataPath);
  }
  if (process.env.PGLITE_THREAD === '1') return openPgliteThread(dataPath, unlock);
  const client = await PGlite.create(dataPath).catch((error: unknown) => {
    unlock();
    throw error;
  });
  takeTurnsWithTheEventLoop(client);
  const pgliteDb = drizzle(client, { schema });
  await migrate(pgliteDb, { migrationsFolder });
  const db = pgliteDb as unknown as Db;
  await db.execute(sql`select 1`);
  drivers.set(db, 'pglite');
  return {
    db,
    kind: 'pglite',
    // A read-only transaction holds PGlite's lock (every query and transaction takes it; see
    // takeTurnsWithTheEventLoop): the counts and the dump see the same committed state, and no write is
    // half-way while the files are read. The CHECKPOINT first keeps the restored copy's recovery short.
    exclusive: async (work) => {
      await client.exec('checkpoint');
      return client.transaction(async (tx) =>
        work({
          query: async <Row>(text: string) => (await tx.query<Row>(text)).rows,
          dumpDataDir: () => client.dumpDataDir('none'),
        }),
      );
    },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}
