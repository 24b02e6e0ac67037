// A database as an older build left it: migrated up to (not including) the migration `tag`, with `rows` written in
// it, then opened as the app opens it, which applies the rest. For the tests of a migration that works on rows already
// there (the audit chain's, the ledger's). PostgreSQL (a scratch database) or PGlite, as TEST_DB says.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client';
import { migrationsFolder } from '../src/paths';
import { type ScratchDatabase, createScratchDatabase, tempDir } from './resilience/harness';

export async function databaseMigratedBefore(
  tag: string,
  rows: string,
): Promise<{ database: Database; scratch?: ScratchDatabase }> {
  const folder = tempDir(`before-${tag}`);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at <= 0) throw new Error(`no migration ${tag} after the first`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));

  if (process.env.TEST_DB === 'postgres') {
    const scratch = await createScratchDatabase();
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    await migratePg(drizzlePg(client), { migrationsFolder: folder });
    await client.query(rows);
    await client.end();
    return { database: await openDatabase({ databaseUrl: scratch.url, dataDir: '' }), scratch };
  }
  const dataDir = tempDir(`before-${tag}-pglite`);
  const pglite = new PGlite(path.join(dataDir, 'pgdata'));
  await migratePglite(drizzlePglite(pglite), { migrationsFolder: folder });
  await pglite.exec(rows);
  await pglite.close();
  return { database: await openDatabase({ dataDir }) };
}
