// The console's live numbers (docs/product.md §10, §15; decision 021). Two halves: the visitor numbers, which
// scan the big tables (users, attempts, ledger) and may be a few seconds old (cached per instance, like the
// hot reads of decision 008), and the crew's numbers (reviews waiting, stock, claims, redemptions), read fresh
// on every call from small tables and indexes, so a claim made a moment before shows on the next refresh.
import { type SQL, sql } from 'drizzle-orm';
import type { Dashboard } from '@quackquest/contract';
import { refreshing } from '../cache/refreshing';
import { perApp } from '../cache/per-app';
import { dayStart, formatDay } from '../campaign/time';
import type { AppContext } from '../context';
import { type Db, queryRows } from '../db/client';

/** "Active": did something in this window (decision 021). */
export const ACTIVE_WINDOW_MS = 15 * 60_000;

type Count = string | number | null;
const n = (value: Count) => Number(value ?? 0);
const seconds = (date: Date | string | null) => (date === null ? null : Math.floor(new Date(date).getTime() / 1000));

export interface VisitorNumbers {
  /** Milliseconds since the epoch: when these were read. */
  at: number;
  visitors: Dashboard['visitors'];
  activeLast15Minutes: number;
  checkpoints: Dashboard['checkpoints'];
  ducks: Dashboard['ducks'];
}

export type CrewNumbers = Pick<Dashboard, 'reviews' | 'rewards' | 'claims' | 'redemptions'>;

/** 00:00 today in the campaign's time zone, as a Date. */
export function startOfToday(now: number, timeZone: string): Date {
  return new Date(dayStart(formatDay(new Date(now), timeZone), timeZone) * 1000);
}

/** The numbers that read every visitor's rows: a sequential scan each at 100k visitors (bench/dashboard.ts). */
export async function readVisitorNumbers(db: Db, campaignId: string, now: number, today: Date): Promise<VisitorNumbers> {
  const since = new Date(now - ACTIVE_WINDOW_MS);
  const one = async <T>(query: SQL) => (await queryRows<T>(db, query))[0]!;
  const visitors = await one<{ total: Count; today: Count }>(
    sql`select count(*) as total, count(*) filter (where created_at >= ${today}) as today from users`,
  );
  // Signed in (a session started), answered, spun or claimed within the window.
  const active = await one<{ n: Count }>(sql`
    select count(*) as n from (
      select user_id from sessions where created_at >= ${since}
      union select user_id from attempts where created_at >= ${since}
      union select user_id from spins where spent_at >= ${since}
      union select user_id from claims where created_at >= ${since}
    ) recent`);
  // Completed as the visitor's own list says (GET /api/checkpoints): a counted valid scan, a correct choice, or
  // an answer sent for review (pending or approved: a rejected one no longer counts).
  const completions = await queryRows<{ slug: string; title: string; completions: Count }>(
    db,
    sql`
      select c.slug, c.title, coalesce(done.visitors, 0) as completions
      from checkpoints c
      left join (
        select checkpoint_id, count(distinct user_id) as visitors
        from attempts where counted and outcome in ('valid', 'correct', 'submitted')
        group by checkpoint_id
      ) done on done.checkpoint_id = c.id
      where c.campaign_id = ${campaignId} and not c.removed
      order by c.sequence, c.title`,
  );
  // Awarded: every posted credit (spins, approvals, operators' adjustments) but not what claims spent.
  const ducks = await one<{ posted: Count; pending: Count }>(sql`
    select coalesce(sum(amount) filter (where posted and kind <> 'claim'), 0) as posted,
           coalesce(sum(amount) filter (where not posted), 0) as pending
    from ledger`);
  return {
    at: now,
    visitors: { total: n(visitors.total), today: n(visitors.today) },
    activeLast15Minutes: n(active.n),
    checkpoints: completions.map((c) => ({ checkpointId: c.slug, title: c.title, completions: n(c.completions) })),
    ducks: { posted: n(ducks.posted), pending: n(ducks.pending) },
  };
}

/** The crew's numbers: the pending-review index, the rewards and the claims (at most the stock ever loaded). */
export async function readCrewNumbers(db: Db, campaignId: string, today: Date): Promise<CrewNumbers> {
  const [reviews] = await queryRows<{ pending: Count; oldest: Date | string | null }>(
    db,
    sql`select count(*) as pending, min(created_at) as oldest from attempts where review = 'pending'`,
  );
  const rewards = await queryRows<{ item: string; stock: number; claimed: Count; redeemed: Count }>(
    db,
    sql`
      select r.item, r.stock, coalesce(c.claimed, 0) as claimed, coalesce(c.redeemed, 0) as redeemed
      from rewards r
      left join (
        select reward_id, count(*) as claimed, count(redeemed_at) as redeemed from claims group by reward_id
      ) c on c.reward_id = r.id
      where r.campaign_id = ${campaignId} and not r.removed
      order by r.sequence, r.item`,
  );
  const [claims] = await queryRows<{ total: Count; today: Count; redeemed: Count; redeemed_today: Count }>(
    db,
    sql`
      select count(*) as total, count(*) filter (where created_at >= ${today}) as today,
             count(redeemed_at) as redeemed, count(*) filter (where redeemed_at >= ${today}) as redeemed_today
      from claims`,
  );
  return {
    reviews: { pending: n(reviews?.pending ?? 0), oldestPendingAt: seconds(reviews?.oldest ?? null) },
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
  const visitorCache = perApp(ctx, 'dashboard-visitors', (settings) =>
    refreshing(
      async () => {
        const at = ctx.now();
        const current = await ctx.campaign.get();
        return readVisitorNumbers(ctx.db, current.id, at, startOfToday(at, current.info.timeZone));
      },
      // A read that took t ms is not repeated for 20 t: at most 5% of one connection's time.
      { intervalMs: settings.dashboardTtlMs, costFactor: 20, maxStaleMs: 6 * settings.dashboardTtlMs, now: ctx.now },
    ),
  );
  const [visitors, crew] = await Promise.all([visitorCache.get(), readCrewNumbers(ctx.db, campaign.id, today)]);
  return {
    at: Math.floor(now / 1000),
    timeZone,
    visitorsAt: Math.floor(visitors.at / 1000),
    visitors: visitors.visitors,
    activeLast15Minutes: visitors.activeLast15Minutes,
    checkpoints: visitors.checkpoints,
    reviews: crew.reviews,
    ducks: visitors.ducks,
    rewards: crew.rewards,
    claims: crew.claims,
    redemptions: crew.redemptions,
  };
}
