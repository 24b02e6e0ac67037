// `npm run migrate` (ops migrate): which of this build's migrations the database holds. Applying them is
// openDatabase's work (db/client.ts), the same at every server start.
import { sql } from 'drizzle-orm';
import { type Db, knownMigrations, queryRows } from '../db/client';

export async function migrationStatus(db: Db): Promise<{ applied: number; known: number; latest: string }> {
  const known = knownMigrations();
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return {
    applied: Number(row?.n ?? 0),
    known: known.length,
    latest: known.at(-1) ?? 'none',
  };
}
