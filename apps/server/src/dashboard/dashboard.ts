// The console's live numbers (docs/product.md §10, §15; decision 021). Two halves: the visitor numbers, which
// scan the big tables (users, sessions, answers) and may be a few seconds old (cached per instance, like the
// hot reads of decision 008; completions per checkpoint, the costliest, up to 30 s), and the crew's numbers
// (reviews waiting, stock, claims, redemptions), read fresh on every call from small tables and an index, so
// a claim made a moment before shows on the next refresh.
import { type SQL, sql } from 'drizzle-orm';
import type { Dashboard } from '@quackquest/contract';
import { refreshing } from '../cache/refreshing';
import { perApp } from '../cache/per-app';
import { startOfToday } from '../text/time';
import type { AppContext } from '../context';
import { type Db, type DbOrTx, type Tx, queryRows } from '../db/client';

/** "Active": did something in this window (decision 021). */
const ACTIVE_WINDOW_MS = 15 * 60_000;

type Count = string | number | null;
const n = (value: Count) => Number(value ?? 0);
const seconds = (date: Date | string | null) => (date === null ? null : Math.floor(new Date(date).getTime() / 1000));

export interface VisitorNumbers {
  /** Milliseconds since the epoch: when these were read. */
  at: number;
  visitors: Dashboard['visitors'];
  activeLast15Minutes: number;
  ducks: Dashboard['ducks'];
}

export type CrewNumbers = Pick<Dashboard, 'reviews' | 'rewards' | 'claims' | 'redemptions'>;

/**
 * The statements of the visitor half, by name: each reads a whole table (users, sessions, attempts, spins,
 * ledger) with no index on its time, so bench/dashboard.ts times each at 100k visitors (bench/RESULTS.md).
 */
export function visitorQueries(campaignId: string, now: number, today: Date) {
  const since = new Date(now - ACTIVE_WINDOW_MS);
  /**
   * Rows of `table` written since `since`, found from the end of its primary key: ids grow with time, so the
   * newest row older than the window bounds a range scan (cost: the window's rows, not the table's). A row
   * whose id and time disagree by a transaction's length may be missed at the window's edge: a count, not a
   * ledger.
   */
  const recent = (table: 'attempts' | 'ledger', extra: SQL = sql``) => sql`
    select user_id from ${sql.raw(table)}
    where id > coalesce((select id from ${sql.raw(table)} where created_at < ${since} order by id desc limit 1), 0)
      and created_at >= ${since} ${extra}`;
  return {
    // One scan of users: the total, today's, and the ducks they hold. Ducks awarded are what they hold plus what
    // their claims spent (each claim is one debit of its price: the invariants `ops verify` checks).
    visitors: sql`
      select count(*) as total, count(*) filter (where created_at >= ${today}) as today,
             coalesce(sum(ducks), 0) + (select coalesce(sum(price), 0) from claims) as posted,
             coalesce(sum(pending_ducks), 0) as pending
      from users`,
    // Signed in (a session started), answered, or spun or claimed (their ledger rows) within the window.
    active: sql`
      select count(*) as n from (
        select user_id from sessions where created_at >= ${since}
        union ${recent('attempts')}
        union ${recent('ledger', sql`and kind in ('spin', 'claim')`)}
      ) recent`,
    // Completed as the visitor's own list says (GET /api/checkpoints): a counted valid scan, a correct choice,
    // or an answer sent for review (pending or approved: a rejected one no longer counts). A visitor has at most
    // one such attempt per checkpoint (decision 002: a completed checkpoint refuses further attempts), so rows
    // are counted, not distinct visitors: no sort.
    completions: sql`
      select c.slug, c.title, coalesce(done.visitors, 0) as completions
      from checkpoints c
      left join (
        select checkpoint_id, count(*) as visitors
        from attempts where counted and outcome in ('valid', 'correct', 'submitted')
        group by checkpoint_id
      ) done on done.checkpoint_id = c.id
      where c.campaign_id = ${campaignId} and not c.removed
      order by c.sequence, c.title`,
  } satisfies Record<string, SQL>;
}

/**
 * Runs the scans without PostgreSQL's parallel workers: a dashboard read then takes one core, not all of them
 * from the visitors' requests (and starting workers cost more than the short range scans they were planned for:
 * bench/RESULTS.md). PGlite has no workers; the setting is harmless there.
 */
export async function onOneCore<T>(db: Db, read: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return read(tx);
  });
}

/** Visitors, activity and ducks: one statement after the other (not several of the pool's connections at once). */
export async function readVisitorNumbers(db: Db, campaignId: string, now: number, today: Date): Promise<VisitorNumbers> {
  const q = visitorQueries(campaignId, now, today);
  const [[visitors], [active]] = await onOneCore(db, async (tx) => [
    await queryRows<{ total: Count; today: Count; posted: Count; pending: Count }>(tx, q.visitors),
    await queryRows<{ n: Count }>(tx, q.active),
  ]);
  return {
    at: now,
    visitors: { total: n(visitors!.total), today: n(visitors!.today) },
    activeLast15Minutes: n(active!.n),
    ducks: { posted: n(visitors!.posted), pending: n(visitors!.pending) },
  };
}

/** Completions per checkpoint: the one statement that reads every answer (bench/RESULTS.md, decision 021). */
export async function readCompletions(
  db: Db,
  campaignId: string,
  now: number,
): Promise<{ at: number; checkpoints: Dashboard['checkpoints'] }> {
  const rows = await onOneCore(db, (tx) =>
    queryRows<{ slug: string; title: string; completions: Count }>(
      tx,
      visitorQueries(campaignId, now, new Date(now)).completions,
    ),
  );
  return { at: now, checkpoints: rows.map((c) => ({ checkpointId: c.slug, title: c.title, completions: n(c.completions) })) };
}

/** Answers waiting for a reviewer and when the oldest was sent: the pending-review index only. */
const pendingReviews = sql`select count(*) as pending, min(created_at) as oldest from attempts where review = 'pending'`;

/** The review backlog, for the dashboard and the metrics (http/metrics.ts); `oldestPendingAt` in Unix seconds. */
export async function readReviewBacklog(db: DbOrTx): Promise<{ pending: number; oldestPendingAt: number | null }> {
  const [row] = await queryRows<{ pending: Count; oldest: Date | string | null }>(db, pendingReviews);
  return { pending: n(row?.pending ?? 0), oldestPendingAt: seconds(row?.oldest ?? null) };
}

/** The statements of the crew half: the pending-review index, the rewards, and the claims (at most the stock). */
export function crewQueries(campaignId: string, today: Date) {
  return {
    reviews: pendingReviews,
    rewards: sql`
      select r.item, r.stock, coalesce(c.claimed, 0) as claimed, coalesce(c.redeemed, 0) as redeemed
      from rewards r
      left join (
        select reward_id, count(*) as claimed, count(redeemed_at) as redeemed from claims group by reward_id
      ) c on c.reward_id = r.id
      where r.campaign_id = ${campaignId} and not r.removed
      order by r.sequence, r.item`,
    claims: sql`
      select count(*) as total, count(*) filter (where created_at >= ${today}) as today,
             count(redeemed_at) as redeemed, count(*) filter (where redeemed_at >= ${today}) as redeemed_today
      from claims`,
  } satisfies Record<string, SQL>;
}

export async function readCrewNumbers(db: Db, campaignId: string, today: Date): Promise<CrewNumbers> {
  const q = crewQueries(campaignId, today);
  const rewards = await queryRows<{ item: string; stock: number; claimed: Count; redeemed: Count }>(db, q.rewards);
  const [claims] = await queryRows<{ total: Count; today: Count; redeemed: Count; redeemed_today: Count }>(db, q.claims);
  return {
    reviews: await readReviewBacklog(db),
    rewards: rewards.map((r) => ({ item: r.item, stockLeft: r.stock, claimed: n(r.claimed), redeemed: n(r.redeemed) })),
    claims: { total: n(claims?.total ?? 0), today: n(claims?.today ?? 0) },
    redemptions: { total: n(claims?.redeemed ?? 0), today: n(claims?.redeemed_today ?? 0) },
  };
}

/** The whole dashboard: the visitor half from this instance's cache (decision 021), the crew half fresh. */
export async function readDashboard(ctx: AppContext): Promise<Dashboard> {
  const campaign = await ctx.campaign.get();
  const now = ctx.now();
  const timeZone = campaign.info.timeZone;
  const today = startOfToday(now, timeZone);
  // A read that took t ms is not repeated for 20 t: at most 5% of one connection's time (on PGlite, of the
  // event loop's).
  const visitorCache = perApp(ctx, 'dashboard-visitors', (settings) =>
    refreshing(
      async () => {
        const at = ctx.now();
        const current = await ctx.campaign.get();
        return readVisitorNumbers(ctx.db, current.id, at, startOfToday(at, current.info.timeZone));
      },
      { intervalMs: settings.dashboardTtlMs, costFactor: 20, maxStaleMs: 6 * settings.dashboardTtlMs, now: ctx.now },
    ),
  );
  const completionsCache = perApp(ctx, 'dashboard-completions', (settings) =>
    refreshing(async () => readCompletions(ctx.db, (await ctx.campaign.get()).id, ctx.now()), {
      intervalMs: settings.dashboardCompletionsTtlMs,
      costFactor: 20,
      maxStaleMs: 4 * settings.dashboardCompletionsTtlMs,
      now: ctx.now,
    }),
  );
  const [visitors, completions, crew] = await Promise.all([
    visitorCache.get(),
    completionsCache.get(),
    readCrewNumbers(ctx.db, campaign.id, today),
  ]);
  return {
    at: Math.floor(now / 1000),
    timeZone,
    visitorsAt: Math.floor(visitors.at / 1000),
    checkpointsAt: Math.floor(completions.at / 1000),
    visitors: visitors.visitors,
    activeLast15Minutes: visitors.activeLast15Minutes,
    checkpoints: completions.checkpoints,
    reviews: crew.reviews,
    ducks: visitors.ducks,
    rewards: crew.rewards,
    claims: crew.claims,
    redemptions: crew.redemptions,
  };
}
