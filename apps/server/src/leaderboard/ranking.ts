// Rank and leaderboard: posted ducks, highest first; ties go to whoever reached that total first.
//
// Counting the users ahead of a visitor costs O(rank): 0.4 s for a visitor in the middle of 1M users. So each
// instance keeps a rank snapshot, read with one index-ordered scan at most every couple of seconds: every
// `stride`-th position of the order (ducks desc, ducks_at, id) with its rank, and the total. A visitor's rank
// is then the rank of the last snapshot position at or before them plus a fresh count of the users between
// that position and them: at most about `stride` index entries, whatever the number of users.
// See docs/decisions/008-caches.md. On PGlite the snapshot is read in slices of 20,000 users, one statement each,
// so requests take their turns between them, and the visitors who moved meanwhile are put back where they stood
// at the last slice: as exact as one statement (decision 039).
//
// Blocked visitors are ranked nowhere (decision 020): every query below reads only `blocked_at is null`
// rows, in the snapshot, the counts, the top list and the total alike, and a blocked visitor has no session
// to be ranked by. Every path has to say it: one that forgot would count a blocked visitor the others skip.
import { isNull, sql } from 'drizzle-orm';
import { perApp } from '../cache/per-app';
import { boundedMap } from '../cache/bounded-map';
import { refreshing } from '../cache/refreshing';
import type { CacheSettings } from '../cache/settings';
import type { AppContext } from '../context';
import { batcher } from '../db/batch';
import { type Db, queryRows, statement } from '../db/client';
import { users } from '../db/schema';

const LEADERBOARD_SIZE = 10;

/**
 * Where a user stands in leaderboard order. Timestamps travel as PostgreSQL's own text (`atText`, fed back to
 * it unchanged) and as integer microseconds (`atUs`, compared here): a JS Date would lose the microseconds.
 */
export interface RankKey {
  ducks: number;
  atUs: bigint;
  atText: string;
  id: number;
}

interface RankPosition extends RankKey {
  /** 1-based rank of this key when the snapshot was read. */
  rank: number;
}

export interface RankSnapshot {
  total: number;
  /** Every `stride`-th position and the last one, in leaderboard order. */
  positions: RankPosition[];
  /** The newest ledger row when the snapshot was read: a visitor's later rows are moves it does not know. */
  ledgerId: bigint;
  /** Read in slices: the time its statements took, without the turns of others' queries between them. */
  readMs?: number;
}

// The index users_rank_idx is (ducks DESC NULLS LAST, ducks_at, id) where blocked_at is null: every ORDER BY
// here says the same, and every query the same condition, or PostgreSQL sorts the whole table instead of
// reading the index (ducks is never null either way).
const leaderboardOrder = sql`${users.ducks} desc nulls last, ${users.ducksAt}, ${users.id}`;

async function readRankSnapshot(db: Db, stride: number): Promise<RankSnapshot> {
  // The newest ledger row is read by the same statement, so it names exactly the moves the positions include.
  const rows = await queryRows<{
    ducks: number;
    at_text: string;
    at_us: string;
    id: string | number;
    rank: string | number;
    ledger_id: string | number;
  }>(
    db,
    sql`
    select ducks, ducks_at::text as at_text, (extract(epoch from ducks_at) * 1000000)::bigint::text as at_us, id, rank,
      (select coalesce(max(id), 0) from ledger) as ledger_id
    from (select ducks, ducks_at, id, row_number() over w as rank, lead(id) over w is null as last
          from ${users} where ${users.blockedAt} is null window w as (order by ${leaderboardOrder})) ordered
    where rank % ${stride} = 0 or last
    order by rank`,
  );
  const positions = rows.map((r) => ({
    ducks: Number(r.ducks),
    atText: r.at_text,
    atUs: BigInt(r.at_us),
    id: Number(r.id),
    rank: Number(r.rank),
  }));
  return { total: positions.at(-1)?.rank ?? 0, positions, ledgerId: BigInt(rows[0]?.ledger_id ?? 0) };
}

// A snapshot in slices (decision 039). PGlite runs one statement at a time (in its own thread since decision 043):
// one scan of 1M users held every other query for over a second. Each slice is one statement over at most `limit` users ($3) of one
// index range in the index's order: the rest of a tie group after a key ($4 ducks, $5 ducks_at as text, $6 id),
// or every user below a total ($4). Requests' queries take their turns between slices. $1 the stride, $2 the
// users before the slice. Each slice reads the newest ledger row in the same statement: the moves it includes.
interface SliceRow {
  ducks: number;
  at_text: string;
  at_us: string;
  id: string | number;
  rn: string | number;
  last: boolean;
  ledger_id: string | number;
}
const sliceOrder = 'ducks desc nulls last, ducks_at, id';
const slice = (range: string) => `
  select ducks, ducks_at::text as at_text, (extract(epoch from ducks_at) * 1000000)::bigint::text as at_us, id, rn, last,
    (select coalesce(max(id), 0) from ledger) as ledger_id
  from (select ducks, ducks_at, id, row_number() over w as rn, lead(id) over w is null as last
        from (select ducks, ducks_at, id from users where blocked_at is null and ${range} order by ${sliceOrder} limit $3) s
        window w as (order by ${sliceOrder})) numbered
  where (rn + $2::bigint) % $1::bigint = 0 or last
  order by rn`;
const tieSlice = statement<SliceRow>(
  'qq_rank_slice_tie',
  slice('ducks = $4::int and (ducks_at, id) > ($5::timestamptz, $6::bigint)'),
);
const lowerSlice = statement<SliceRow>('qq_rank_slice_lower', slice('ducks < $4::bigint'));

/** After every key of a tie group: where a slice that read the rest of the group ends. */
const groupEnd = (ducks: number): RankKey => ({ ducks, atUs: 1n << 62n, atText: '', id: Number.MAX_SAFE_INTEGER });

/**
 * The visitors whose ducks moved between two ledger rows ($1, $2], each with their key at $1 (as
 * `standingThen`) and their posted moves after it up to $2: [ledger id, amount, created_at in microseconds].
 */
const moversBetween = statement<{
  id: string | number;
  ducks: string | number;
  at_us: string;
  moves: [string, number, string][];
}>(
  'qq_rank_movers',
  `select u.id,
     u.ducks - coalesce((select sum(l.amount) from ledger l where l.user_id = u.id and l.posted and l.id > $1::bigint), 0) as ducks,
     (extract(epoch from coalesce(
       (select l.created_at from ledger l
        where l.user_id = u.id and l.posted and l.amount <> 0 and l.id <= $1::bigint order by l.id desc limit 1),
       u.created_at)) * 1000000)::bigint::text as at_us,
     (select json_agg(json_build_array(l.id::text, l.amount, (extract(epoch from l.created_at) * 1000000)::bigint::text) order by l.id)
      from ledger l where l.user_id = u.id and l.posted and l.amount <> 0 and l.id > $1::bigint and l.id <= $2::bigint) as moves
   from users u
   where u.blocked_at is null
     and u.id in (select l.user_id from ledger l where l.id > $1::bigint and l.id <= $2::bigint and l.posted and l.amount <> 0)`,
);

interface Slice {
  ledgerId: bigint;
  /** The keys the slice read: after `start` (from the top when undefined), up to `end` (to the bottom). */
  start: RankKey | undefined;
  end: RankKey | undefined;
}

/** Test hook: runs after each slice but the last (a visitor moving while a snapshot is read). */
export type AfterSlice = (slice: number) => Promise<void>;

/**
 * The snapshot of `readRankSnapshot`, read in slices of at most `limit` users. Slices are read at different
 * moments, so a visitor whose ducks moved meanwhile can be in two slices, or in none; every move is a ledger row,
 * so such visitors are exactly those with rows between the first slice's newest ledger row and the last's. They
 * are taken out of the slices that read them and put back where they stood at the last slice: the snapshot is
 * then the order as of the last slice's ledger row, as exact as one statement's.
 */
async function readRankSnapshotInSlices(db: Db, stride: number, limit: number, afterSlice?: AfterSlice): Promise<RankSnapshot> {
  const positions: RankPosition[] = [];
  const slices: Slice[] = [];
  let total = 0;
  // Where the next slice starts, and whether it reads the rest of that key's tie group (else the lower totals).
  let start: RankKey | undefined;
  let inGroup = false;
  let readMs = 0;
  for (let statements = 0; ; statements++) {
    if (statements > 0) await afterSlice?.(statements - 1);
    const began = performance.now();
    const rows = inGroup
      ? await tieSlice(db, [stride, total, limit, start!.ducks, start!.atText, start!.id])
      : await lowerSlice(db, [stride, total, limit, start ? start.ducks : 2 ** 31]);
    readMs += performance.now() - began;
    const last = rows.at(-1);
    const full = last !== undefined && Number(last.rn) >= limit;
    // Not full: the range is read to its end (the tie group's, or the order's).
    const end = full ? keyOfRow(last) : inGroup ? groupEnd(start!.ducks) : undefined;
    if (last) {
      for (const r of rows) positions.push({ ...keyOfRow(r), rank: total + Number(r.rn) });
      total += Number(last.rn);
      slices.push({ ledgerId: BigInt(last.ledger_id), start, end });
    }
    if (!full && !inGroup) break;
    if (full) {
      start = end;
      inGroup = true;
    } else {
      start = groupEnd(start!.ducks);
      inGroup = false;
    }
  }
  if (slices.length === 0) return { total: 0, positions: [], ledgerId: 0n, readMs };
  const first = slices[0]!.ledgerId;
  const newest = slices.reduce((max, s) => (s.ledgerId > max ? s.ledgerId : max), first);
  if (newest === first) return { total, positions, ledgerId: first, readMs };

  // +1 where a mover stands at the newest row, -1 where a slice read them: at each position, the sum of the
  // changes at or before it.
  const changes: { key: RankKey; change: number }[] = [];
  for (const mover of await moversBetween(db, [first.toString(), newest.toString()])) {
    const id = Number(mover.id);
    const moves = (mover.moves ?? []).map(([ledgerId, amount, atUs]) => ({
      ledgerId: BigInt(ledgerId),
      amount,
      atUs: BigInt(atUs),
    }));
    const keyAt = (ledgerId: bigint): RankKey => {
      let ducks = Number(mover.ducks);
      let atUs = BigInt(mover.at_us);
      for (const move of moves) {
        if (move.ledgerId > ledgerId) break;
        ducks += move.amount;
        atUs = move.atUs;
      }
      return { ducks, atUs, atText: '', id };
    };
    changes.push({ key: keyAt(newest), change: 1 });
    for (const s of slices) {
      const key = keyAt(s.ledgerId);
      if ((!s.start || compareKeys(s.start, key) < 0) && (!s.end || compareKeys(key, s.end) <= 0))
        changes.push({ key, change: -1 });
    }
  }
  const atIndex = new Array<number>(positions.length + 1).fill(0);
  for (const { key, change } of changes) {
    atIndex[firstPositionAtOrAfter(positions, key)]! += change;
    total += change;
  }
  let running = 0;
  positions.forEach((position, i) => {
    running += atIndex[i]!;
    position.rank += running;
  });
  return { total, positions, ledgerId: newest, readMs };
}

function keyOfRow(row: { ducks: number; at_text: string; at_us: string; id: string | number }): RankKey {
  return { ducks: Number(row.ducks), atText: row.at_text, atUs: BigInt(row.at_us), id: Number(row.id) };
}

/** The index of the first position at or after `key` (positions.length when there is none). */
function firstPositionAtOrAfter(positions: RankPosition[], key: RankKey): number {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (compareKeys(positions[mid]!, key) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Negative when `a` comes first on the leaderboard. */
function compareKeys(a: RankKey, b: RankKey): number {
  if (a.ducks !== b.ducks) return b.ducks - a.ducks;
  if (a.atUs !== b.atUs) return a.atUs < b.atUs ? -1 : 1;
  return a.id - b.id;
}

/** The last position at or before `key`, by binary search; undefined when `key` comes before them all. */
function positionAtOrBefore(positions: RankPosition[], key: RankKey): RankPosition | undefined {
  let low = 0;
  let high = positions.length - 1;
  let found: RankPosition | undefined;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const position = positions[mid]!;
    if (compareKeys(position, key) <= 0) {
      found = position;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

// The hot reads below are prepared statements (db/client.ts `statement`): parsed and planned once per
// connection. The user's columns, and their key as PostgreSQL text and as integer microseconds.
const userColumns = `u.id, u.full_name, u.ducks, u.pending_ducks, u.ducks_at::text as at_text,
  (extract(epoch from u.ducks_at) * 1000000)::bigint::text as at_us`;

interface StandingRow {
  id: string | number;
  full_name: string;
  ducks: number;
  pending_ducks: number;
  at_text: string;
  at_us: string;
  /** Users in (position, user] in leaderboard order; null when the user is no longer at or after the position. */
  between: string | number | null;
  /** The user's newest ledger row (counted from a position only): newer than the snapshot's, they moved since. */
  last_ledger?: string | number | null;
}

// The signed-in user, found by their session ($1 the cookie's hash, $2 now): a logout shows at once.
const bySession = `from sessions s join users u on u.id = s.user_id and u.blocked_at is null
  where s.id_hash = $1 and s.expires_at > $2::timestamptz`;

/** Ranked users: not blocked (the partial index users_rank_idx). */
const ranked = 't.blocked_at is null';

/** The users of a batch of sessions ($1 the cookies' hashes, $2 each one's now): a row per valid session. */
const readUsers = statement<StandingRow & { id_hash: string }>(
  'qq_standing_users',
  `select r.id_hash, ${userColumns}, null as between
   from unnest($1::text[], $2::timestamptz[]) as r(id_hash, now)
   join sessions s on s.id_hash = r.id_hash and s.expires_at > r.now
   join users u on u.id = s.user_id and u.blocked_at is null`,
);

/** Counted from the top: for users before the first snapshot position, so at most `stride` of them. */
const standingFromTop = statement<StandingRow>(
  'qq_standing_top',
  `select ${userColumns},
     (select count(*) from users t where ${ranked} and t.ducks > u.ducks)
     + (select count(*) from users t where ${ranked} and t.ducks = u.ducks and (t.ducks_at, t.id) <= (u.ducks_at, u.id)) as between
   ${bySession}`,
);

/**
 * Counted from the position at or before each user: the three index ranges between them. For a batch of
 * visitors (db/batch.ts): $1 the cookies' hashes, $2 each one's now, and per hash its position's ducks ($3), ducks_at
 * as text ($4) and id ($5). One row per hash with a valid session.
 */
const standingsFromPositions = statement<StandingRow & { id_hash: string }>(
  'qq_standing_from_batch',
  `select r.id_hash, ${userColumns},
     case
       when u.ducks = r.p_ducks and (u.ducks_at, u.id) >= (r.p_at::timestamptz, r.p_id) then
         (select count(*) from users t
          where ${ranked} and t.ducks = r.p_ducks and (t.ducks_at, t.id) > (r.p_at::timestamptz, r.p_id) and (t.ducks_at, t.id) <= (u.ducks_at, u.id))
       when u.ducks < r.p_ducks then
         (select count(*) from users t where ${ranked} and t.ducks = r.p_ducks and (t.ducks_at, t.id) > (r.p_at::timestamptz, r.p_id))
         + (select count(*) from users t where ${ranked} and t.ducks < r.p_ducks and t.ducks > u.ducks)
         + (select count(*) from users t where ${ranked} and t.ducks = u.ducks and (t.ducks_at, t.id) <= (u.ducks_at, u.id))
     end as between,
     (select max(l.id) from ledger l where l.user_id = u.id) as last_ledger
   from unnest($1::text[], $2::timestamptz[], $3::int[], $4::text[], $5::bigint[]) as r(id_hash, now, p_ducks, p_at, p_id)
   join sessions s on s.id_hash = r.id_hash and s.expires_at > r.now
   join users u on u.id = s.user_id and u.blocked_at is null`,
);

/**
 * The hot queries of one database, batched (db/batch.ts): the visitors asking at about the same time share one
 * query. `user` finds a session's user (when there is no hint yet), `from` counts from a snapshot position.
 * Each session is checked at its own request's time; two requests of one session in one batch share the first's.
 */
function standingLoaders(db: Db) {
  const byHash = <R extends { id_hash: string }>(rows: R[]) => new Map(rows.map((row) => [row.id_hash, row]));
  return {
    user: batcher<string, StandingRow, string>(async (hashes, nows) => byHash(await readUsers(db, [hashes, nows])), {
      name: 'standing',
      max: 200,
      parallel: 2,
    }),
    from: batcher<string, StandingRow, [idHash: string, now: string, from: RankPosition]>(
      async (keys, args) => {
        const found = byHash(
          await standingsFromPositions(db, [
            args.map(([idHash]) => idHash),
            args.map(([, now]) => now),
            args.map(([, , from]) => from.ducks),
            args.map(([, , from]) => from.atText),
            args.map(([, , from]) => from.id),
          ]),
        );
        const result = new Map<string, StandingRow>();
        keys.forEach((key, i) => {
          const row = found.get(args[i]![0]);
          if (row) result.set(key, row);
        });
        return result;
      },
      { name: 'rank_from_position', max: 200, parallel: 2 },
    ),
  };
}
type StandingLoaders = ReturnType<typeof standingLoaders>;

/**
 * Where a visitor stood when a snapshot was read ($2 its newest ledger row), from their own ledger: their ducks
 * then (now, less their posted rows since) and when they had reached them (their last posted change before, or
 * their sign-up). Read only in the seconds after the visitor's own move.
 */
const standingThen = statement<{ ducks: string | number; at_us: string }>(
  'qq_standing_then',
  `select u.ducks - coalesce((select sum(l.amount) from ledger l where l.user_id = u.id and l.posted and l.id > $2), 0) as ducks,
     (extract(epoch from coalesce(
       (select l.created_at from ledger l
        where l.user_id = u.id and l.posted and l.amount <> 0 and l.id <= $2 order by l.id desc limit 1),
       u.created_at)) * 1000000)::bigint::text as at_us
   from users u where u.id = $1`,
);

/**
 * 1 when the visitor was at or before `from` when the snapshot was read and has moved behind it since: the
 * position's rank then counted them, and so does the count between it and them. Without this, a claim that
 * drops a visitor behind a position makes their rank one too many (issue 15: "Rank 3/3, 3 Players" with two).
 * A visitor who moved ahead of a position is counted from an earlier one, which they were behind then too.
 */
async function countedTwice(db: Db, snapshot: RankSnapshot, from: RankPosition, row: StandingRow): Promise<number> {
  if (row.last_ledger === null || row.last_ledger === undefined || BigInt(row.last_ledger) <= snapshot.ledgerId) return 0;
  const id = Number(row.id);
  const [then] = await standingThen(db, [id, snapshot.ledgerId.toString()]);
  if (!then) return 0;
  return compareKeys({ ducks: Number(then.ducks), atUs: BigInt(then.at_us), atText: '', id }, from) <= 0 ? 1 : 0;
}

function keyOf(row: StandingRow): RankKey {
  return { ducks: Number(row.ducks), atText: row.at_text, atUs: BigInt(row.at_us), id: Number(row.id) };
}

/**
 * The signed-in user's row and rank, undefined without a valid session: one query when `hint` (where the user
 * stood last time) still picks a position at or before them, else two or three.
 */
async function readStanding(
  db: Db,
  load: StandingLoaders,
  session: [idHash: string, now: string],
  snapshot: RankSnapshot,
  hint: RankKey | undefined,
): Promise<{ row: StandingRow; key: RankKey; rank: number } | undefined> {
  for (let tries = 0; tries < 3; tries++) {
    if (!hint) {
      const row = await load.user(...session);
      if (!row) return undefined;
      hint = keyOf(row);
    }
    const from = positionAtOrBefore(snapshot.positions, hint);
    const row = from ? await load.from(`${session[0]} ${from.id}`, [...session, from]) : (await standingFromTop(db, session))[0];
    if (!row) return undefined;
    const key = keyOf(row);
    if (row.between !== null) {
      if (!from) return { row, key, rank: Number(row.between) };
      return { row, key, rank: from.rank + Number(row.between) - (await countedTwice(db, snapshot, from, row)) };
    }
    // The user moved ahead of the position since the hint: count again from where they are now.
    hint = key;
  }
  const [row] = await standingFromTop(db, session);
  return row && { row, key: keyOf(row), rank: Number(row.between) };
}

export interface Standing {
  id: number;
  fullName: string;
  ducks: number;
  pendingDucks: number;
  rank: number;
  totalUsers: number;
}

type RankIndex = ReturnType<typeof createRankIndex>;

export function createRankIndex(db: Db, settings: CacheSettings, afterSlice?: AfterSlice) {
  let reads = 0;
  const read = () => {
    reads++;
    return settings.rankSliceRows > 0
      ? readRankSnapshotInSlices(db, settings.rankStride, settings.rankSliceRows, afterSlice)
      : readRankSnapshot(db, settings.rankStride);
  };
  const snapshot = refreshing(read, {
    intervalMs: settings.rankRefreshMs,
    costFactor: 10,
    costMs: (read) => read.readMs,
  });
  const top = refreshing(() => readTop(db), { intervalMs: settings.topTtlMs });
  // Where each session's user stood last time: picks the snapshot position for the next rank in the same query.
  const hints = boundedMap<string, RankKey>(settings.rankHints);
  const load = standingLoaders(db);
  return {
    /** The balances, rank and number of users of a session's user (`idHash`); undefined without a valid session. */
    async standing(idHash: string, now: number): Promise<Standing | undefined> {
      const current = await snapshot.get();
      const found = await readStanding(db, load, [idHash, new Date(now).toISOString()], current, hints.get(idHash));
      if (!found) {
        hints.delete(idHash);
        return undefined;
      }
      hints.set(idHash, found.key);
      return {
        id: found.key.id,
        fullName: found.row.full_name,
        ducks: found.key.ducks,
        pendingDucks: Number(found.row.pending_ducks),
        rank: found.rank,
        // Users who signed up since the snapshot: the total is never below a rank.
        totalUsers: Math.max(current.total, found.rank),
      };
    },
    top: () => top.get(),
    /** Snapshots read so far (for the benchmark). */
    snapshotReads: () => reads,
    clear() {
      snapshot.clear();
      top.clear();
    },
  };
}

export function rankIndexFor(ctx: AppContext): RankIndex {
  return perApp(ctx, 'rank', (settings) => createRankIndex(ctx.db, settings));
}

/**
 * 1-based rank by counting everyone ahead who is ranked: exact and O(rank). The reference that tests compare the
 * index with; undefined for a blocked visitor, who has no rank.
 */
export async function exactRank(db: Db, userId: number): Promise<number | undefined> {
  // Compared in SQL against the stored row: timestamps keep microseconds that a JS Date would lose.
  const rows = await queryRows<{ ahead: string | number }>(
    db,
    sql`
    select (select count(*) from ${users} u
            where u.blocked_at is null
              and (u.ducks > me.ducks
                or (u.ducks = me.ducks and (u.ducks_at < me.ducks_at or (u.ducks_at = me.ducks_at and u.id < me.id))))) as ahead
    from ${users} me where me.id = ${userId} and me.blocked_at is null`,
  );
  return rows[0] ? Number(rows[0].ahead) + 1 : undefined;
}

async function readTop(db: Db, limit = LEADERBOARD_SIZE) {
  const rows = await db
    .select({ fullName: users.fullName, ducks: users.ducks, id: users.id })
    .from(users)
    .where(isNull(users.blockedAt))
    .orderBy(leaderboardOrder)
    .limit(limit);
  return rows.map((row, i) => ({
    rank: i + 1,
    displayName: displayName(row.fullName, row.id),
    DuckPoints: row.ducks,
    id: row.id,
  }));
}

/** "Ada Lovelace" -> "Ada L.": enough to recognise yourself, not enough to expose anyone. */
function displayName(fullName: string, id: number): string {
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
