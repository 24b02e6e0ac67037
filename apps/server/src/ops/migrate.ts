// `npm run migrate` (ops migrate): which of this build's migrations the database holds. Applying them is
// openDatabase's work (db/client.ts), the same at every server start.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { migrationsFolder } from '../paths';

export async function migrationStatus(db: Db): Promise<{ applied: number; known: number; latest: string }> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return {
    applied: Number(row?.n ?? 0),
    known: journal.entries.length,
    latest: journal.entries.at(-1)?.tag ?? 'none',
  };
}
