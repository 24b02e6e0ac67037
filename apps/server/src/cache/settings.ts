// How long each per-instance cache may serve a value before asking the database again.
// See docs/decisions/008-caches.md for what each one trades away. NODE_ENV=test turns them all off,
// so the tests see every write at once and stay deterministic; tests of the caches pass their own.
import type { Env } from '../config/env';

export interface CacheSettings {
  /** A session cookie's user id and expiry; 0: look the session up on every request. Logout clears it at once. */
  sessionTtlMs: number;
  /** Largest number of cached sessions per instance (the oldest go first). */
  sessionMax: number;
  /**
   * Least time between two rank snapshots (users with more ducks, and the total); 0: a new snapshot for every
   * rank. A snapshot that takes t ms is refreshed at most every max(rankRefreshMs, 10 t) ms.
   */
  rankRefreshMs: number;
  /** A snapshot keeps every `rankStride`-th position: a rank then counts at most this many rows. */
  rankStride: number;
  /**
   * Users read per statement of a rank snapshot; 0: the whole order in one statement. PGlite runs one statement
   * at a time, and one over 1M users held every request's queries for about a second (decision 039): there the
   * snapshot is read in slices, with requests taking their turns between them. PostgreSQL reads it in one
   * statement, beside the others.
   */
  rankSliceRows: number;
  /** Users whose last rank key is remembered (it lets the next rank be one query); 0: none. */
  rankHints: number;
  /** The top of the leaderboard; 0: read it on every request. */
  topTtlMs: number;
  /** The campaign's checkpoint list (content only, not anyone's attempts); 0: read it on every request. */
  checkpointsTtlMs: number;
  /** The active campaign (campaign/active.ts); 0: read it on every request. */
  campaignTtlMs: number;
  /** The console dashboard's visitor numbers (decision 021); 0: read them on every request. */
  dashboardTtlMs: number;
  /** The dashboard's completions per checkpoint, which read every answer (decision 021); 0: on every request. */
  dashboardCompletionsTtlMs: number;
}

export const PRODUCTION_CACHES: CacheSettings = {
  sessionTtlMs: 5_000,
  sessionMax: 100_000,
  rankRefreshMs: 2_000,
  rankStride: 50,
  rankSliceRows: 0,
  rankHints: 200_000,
  topTtlMs: 1_000,
  checkpointsTtlMs: 5_000,
  campaignTtlMs: 5_000,
  dashboardTtlMs: 5_000,
  dashboardCompletionsTtlMs: 30_000,
};

export const NO_CACHES: CacheSettings = {
  ...PRODUCTION_CACHES,
  sessionTtlMs: 0,
  rankRefreshMs: 0,
  topTtlMs: 0,
  checkpointsTtlMs: 0,
  campaignTtlMs: 0,
  dashboardTtlMs: 0,
  dashboardCompletionsTtlMs: 0,
};

/** Users per slice of a rank snapshot on PGlite: a slice takes about 20 ms of the thread at 1M users (decision 039). */
const PGLITE_RANK_SLICE_ROWS = 20_000;

export function cacheSettings(env: Pick<Env, 'NODE_ENV' | 'DATABASE_URL'>): CacheSettings {
  const settings = env.NODE_ENV === 'test' ? NO_CACHES : PRODUCTION_CACHES;
  return env.DATABASE_URL ? settings : { ...settings, rankSliceRows: PGLITE_RANK_SLICE_ROWS };
}
