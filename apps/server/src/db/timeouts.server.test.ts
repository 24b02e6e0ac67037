// Nothing hangs, upgrades are safe (issue 31 part 3, decision 067). On PostgreSQL a request waits a bounded time
// for a lock, for its statement and for a free connection, and is then refused "busy" (503) in the one error shape;
// two instances upgrading at once behind a long reader do not hold the game's requests behind their ALTER. On both
// databases a failed migration is told with PostgreSQL's own reason and the migration's name, and applies nothing.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { api, createUser, getTestContext } from '../../test/helpers';
import { type ScratchDatabase, createScratchDatabase, removeTempDirs, tempDir } from '../../test/resilience/harness';
import { migrationsFolder } from '../paths';
import { type Database, MigrationFailedError, knownMigrations, openDatabase, queryRows } from './client';
import { isDatabaseBusy } from './errors-seen';

const onPostgres = process.env.TEST_DB === 'postgres';
const scratches: ScratchDatabase[] = [];
const opened: Database[] = [];
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
  await Promise.all(scratches.map((scratch) => scratch.drop()));
  removeTempDirs();
});

async function open(options: Omit<Parameters<typeof openDatabase>[0], 'dataDir'> & { dataDir?: string }) {
  const database = await openDatabase({ dataDir: options.dataDir ?? tempDir('timeouts-pglite'), ...options });
  opened.push(database);
  return database;
}

async function scratch(): Promise<ScratchDatabase> {
  const made = await createScratchDatabase();
  scratches.push(made);
  return made;
}

/** This build's migrations and one more, as a newer build would carry it. */
function newerBuild(name: string, statement: string): string {
  const folder = tempDir('timeouts-migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
  const last = journal.entries.at(-1)!;
  const tag = `${String(last.idx + 1).padStart(4, '0')}_${name}`;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  writeFileSync(journalFile, JSON.stringify(journal));
  writeFileSync(path.join(folder, `${tag}.sql`), statement);
  return folder;
}

/** Resolves when `resolve()` is called: a transaction kept open until the test lets it go. */
function gate() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, open: release };
}

describe('a failed migration (both databases)', () => {
  it("is told with PostgreSQL's reason, its SQLSTATE and the migration, and applies nothing", { timeout: 120_000 }, async () => {
    const url = onPostgres ? (await scratch()).url : undefined;
    const dataDir = tempDir('timeouts-pglite');
    await (await open({ databaseUrl: url, dataDir })).close();
    opened.pop();
    const newer = newerBuild(
      'broken',
      'ALTER TABLE "users" ADD COLUMN "nickname" text;--> statement-breakpoint\nALTER TABLE "no_such_table" ADD COLUMN "x" integer;',
    );
    const tag = knownMigrations(newer).at(-1)!;

    const failed = open({ databaseUrl: url, dataDir, migrations: newer });
    await expect(failed).rejects.toThrow(MigrationFailedError);
    const message = await failed.then(
      () => '',
      (error: Error) => error.message,
    );
    expect(message).toContain('Migrating the database failed; nothing of it was applied.');
    expect(message).toContain('PostgreSQL says: relation "no_such_table" does not exist (SQLSTATE 42P01).');
    expect(message).toContain(`In migration ${tag}, at: ALTER TABLE "no_such_table" ADD COLUMN "x" integer`);

    // Its first statement was rolled back with the second: this build still opens the database as it was.
    const database = await open({ databaseUrl: url, dataDir });
    const columns = await queryRows<{ name: string }>(
      database.db,
      sql`select column_name as name from information_schema.columns where table_name = 'users' and column_name = 'nickname'`,
    );
    expect(columns).toEqual([]);
  });
});

describe.skipIf(!onPostgres)("PostgreSQL's waits are bounded (decision 067)", () => {
  it('a request behind a locked table is refused "busy" with Retry-After, and served once the lock is gone', async () => {
    const visitor = await createUser();
    const locker = await lockUsers();
    try {
      // Without a lock timeout this call would wait for as long as the lock is held: here, for ever.
      const busy = await api('GET', '/api/me', visitor);
      expect(busy.status).toBe(503);
      expect(busy.body).toEqual({
        code: 'serverBusy',
        message: 'The game is very busy right now. Please try again in a moment.',
      });
      expect(busy.headers['retry-after']).toBe('5');
    } finally {
      await locker.release();
    }
    expect((await api('GET', '/api/me', visitor)).status).toBe(200);
  });

  it('a statement running past the statement timeout is cancelled, and counts as busy', async () => {
    const database = await open({ databaseUrl: (await scratch()).url, timeouts: { statementMs: 300 } });
    const failure = await database.db.execute(sql`select pg_sleep(30)`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDatabaseBusy(failure)).toBe(true);
  });

  it('a query finding no free connection within the pool timeout fails as busy instead of queueing without end', async () => {
    const database = await open({ databaseUrl: (await scratch()).url, poolSize: 1, timeouts: { poolMs: 300 } });
    const held = gate();
    const holding = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held.promise;
    });
    const failure = await database.db.execute(sql`select 1`).then(
      () => undefined,
      (error: unknown) => error,
    );
    held.open();
    await holding;
    expect(isDatabaseBusy(failure)).toBe(true);
    // The connection is free again: the next query is served.
    expect(await queryRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it(
    'two instances upgrading at once behind a long reader let requests pass, retry, and both finish',
    { timeout: 120_000 },
    async () => {
      const { url } = await scratch();
      const current = await open({ databaseUrl: url });
      await current.db.execute(
        sql`insert into users (email, full_name, created_at) values ('reader@example.com', 'Reader', now())`,
      );
      const newer = newerBuild('upgrade_test', 'ALTER TABLE "users" ADD COLUMN "upgrade_test" integer;');

      // A long reader (an export's transaction): ACCESS SHARE on users until it ends, which the ALTER must wait for.
      const reader = new pg.Client({ connectionString: url });
      await reader.connect();
      await reader.query('begin isolation level repeatable read');
      await reader.query('select count(*) from users');

      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const timeouts = { lockMs: 200 };
      const upgrades = [
        open({ databaseUrl: url, migrations: newer, timeouts }),
        open({ databaseUrl: url, migrations: newer, timeouts }),
      ];
      // Requests meanwhile, each allowed to wait far longer than the migration's lock timeout: an ALTER queued for as
      // long as the reader lasts would hold them all behind it, and they would fail.
      const request = new pg.Client({ connectionString: url, lock_timeout: 5_000 });
      let last = '';
      await request.connect();
      try {
        // Until a migration has given way at least once (the real condition, however slowly the instances start),
        // and at least eight times in all.
        const gaveWay = () =>
          warn.mock.calls.some(([line]) => String(line).includes('waited 200 ms for a lock another session holds'));
        for (let i = 0; i < 8 || !gaveWay(); i += 1) {
          await request.query(`update users set full_name = 'Reader ${i}' where email = 'reader@example.com'`);
          last = `Reader ${i}`;
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
      } finally {
        await reader.query('commit');
        await reader.end();
      }
      const [first, second] = await Promise.all(upgrades);
      warn.mockRestore();
      for (const database of [first!, second!]) {
        const rows = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(rows[0]!.n).toBe(knownMigrations(newer).length);
      }
      const { rows } = await request.query<{ upgrade_test: number | null; full_name: string }>(
        `select upgrade_test, full_name from users where email = 'reader@example.com'`,
      );
      expect(rows).toEqual([{ upgrade_test: null, full_name: last }]);
      await request.end();
    },
  );
});

/** Holds `users` in ACCESS EXCLUSIVE mode on the shared test database until released. */
async function lockUsers(): Promise<{ release: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: await sharedDatabaseUrl() });
  await client.connect();
  await client.query('begin');
  await client.query('lock table users in access exclusive mode');
  return {
    release: async () => {
      await client.query('rollback');
      await client.end();
    },
  };
}

async function sharedDatabaseUrl(): Promise<string> {
  const { database } = await getTestContext();
  const [row] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
  const url = new URL(adminUrl);
  url.pathname = `/${row!.name}`;
  return url.toString();
}

describe.skipIf(!onPostgres)("the app's PostgreSQL connections (decision 076)", () => {
  it('run without JIT compilation, on every connection of the pool', async () => {
    const { database } = await getTestContext();
    // As many at once as the pool holds: each from its own connection.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        database.db.transaction(async (tx) => {
          const [row] = await queryRows<{ jit: string }>(tx, sql`select current_setting('jit') as jit, pg_sleep(0.05)`);
          return row!.jit;
        }),
      ),
    );
    expect(answers).toEqual(['off', 'off', 'off', 'off']);
  });
});
