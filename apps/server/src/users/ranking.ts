// Rank and leaderboard: posted ducks, highest first; ties go to whoever reached that total first.
import { asc, count, desc, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { users } from '../db/schema';

export const LEADERBOARD_SIZE = 10;

/** 1-based rank: how many users are ahead in (ducks desc, ducksAt asc, id asc) order, plus one. */
export async function getRank(db: Db, userId: number): Promise<number> {
  // Compared in SQL against the stored row: timestamps keep microseconds that a JS Date would lose.
  const rows = await queryRows<{ ahead: string | number }>(
    db,
    sql`
    select count(*) as ahead
    from ${users} u, (select ducks, ducks_at, id from ${users} where id = ${userId}) me
    where u.ducks > me.ducks
       or (u.ducks = me.ducks and (u.ducks_at < me.ducks_at or (u.ducks_at = me.ducks_at and u.id < me.id)))`,
  );
  return Number(rows[0]?.ahead ?? 0) + 1;
}

export async function getTotalUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function getTop(db: Db, limit = LEADERBOARD_SIZE) {
  const rows = await db
    .select({ fullName: users.fullName, ducks: users.ducks, id: users.id })
    .from(users)
    .orderBy(desc(users.ducks), asc(users.ducksAt), asc(users.id))
    .limit(limit);
  return rows.map((row, i) => ({ rank: i + 1, displayName: displayName(row.fullName, row.id), DuckPoints: row.ducks }));
}

/** "Ada Lovelace" -> "Ada L.": enough to recognise yourself, not enough to expose anyone. */
export function displayName(fullName: string, id: number): string {
  // Visitors do type their e-mail address as their name: a word with an "@" is never shown.
  const words = fullName
    .trim()
    .split(/\s+/)
    .filter((word) => word && !word.includes('@'));
  if (words.length === 0) return `Duck #${id}`;
  const first = words[0]!.slice(0, 20);
  const last = words.length > 1 ? ` ${[...words[words.length - 1]!][0]!.toUpperCase()}.` : '';
  return `${first}${last}`;
}
