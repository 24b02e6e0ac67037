// Databases of a test file's own, for tests that tamper with rows, restore into an empty database or start from what
// an older build left: PostgreSQL (scratch databases) or PGlite, as TEST_DB says. Each is closed, and each scratch
// database dropped, after the file's tests.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { migrationsFolder } from '../src/paths';
import { type ScratchDatabase, createScratchDatabase, removeTempDirs, tempDir } from './resilience/harness';

export const onPostgres = process.env.TEST_DB === 'postgres';

/** Call once at a test file's top level: it registers the clean-up. */
export function privateDatabases() {
  const scratches: ScratchDatabase[] = [];
  const opened: Database[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    await Promise.all(scratches.map((scratch) => scratch.drop()));
    removeTempDirs();
  });
  const scratch = async () => {
    const created = await createScratchDatabase();
    scratches.push(created);
    return created;
  };
  const open = async (options: Parameters<typeof openDatabase>[0]) => {
    const database = await openDatabase(options);
    opened.push(database);
    return database;
  };
  return {
    /** An empty PostgreSQL database (PostgreSQL runs only). */
    scratch,
    open,
    /** A fresh database with every migration. */
    async fresh(): Promise<Database> {
      return onPostgres ? open({ databaseUrl: (await scratch()).url, dataDir: '' }) : open({ dataDir: ':memory:' });
    },
    /**
     * A database as an older build left it: migrated up to (not including) the migration `tag`, with `rows` written
     * in it, then opened as the app opens it, which applies the rest. For a migration that works on rows already there.
     */
    async migratedBefore(tag: string, rows: string): Promise<Database> {
      const folder = tempDir(`before-${tag}`);
      cpSync(migrationsFolder, folder, { recursive: true });
      const journalFile = path.join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
      const at = journal.entries.findIndex((e) => e.tag === tag);
      if (at <= 0) throw new Error(`no migration ${tag} after the first`);
      writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));

      if (onPostgres) {
        const { url } = await scratch();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await migratePg(drizzlePg(client), { migrationsFolder: folder });
        await client.query(rows);
        await client.end();
        return open({ databaseUrl: url, dataDir: '' });
      }
      const dataDir = tempDir(`before-${tag}-pglite`);
      const pglite = new PGlite(path.join(dataDir, 'pgdata'));
      await migratePglite(drizzlePglite(pglite), { migrationsFolder: folder });
      await pglite.exec(rows);
      await pglite.close();
      return open({ dataDir });
    },
    /**
     * The database `make` gives, made in a `beforeAll` of the describe this is called in, never in a test: a new
     * database takes seconds, many more on a loaded machine, and is not what the test checks. Read it in the tests.
     */
    before(make: () => Promise<Database>): () => Database {
      let database: Database | undefined;
      beforeAll(async () => {
        database = await make();
      });
      return () => {
        if (!database) throw new Error('the database of this describe was not made (its beforeAll failed)');
        return database;
      };
    },
  };
}
