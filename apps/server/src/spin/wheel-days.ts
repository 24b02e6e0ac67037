// The wheel's days (decision 082): each calendar day of the campaign (its time zone) gets a secret seed and its odds
// before it begins; SHA-256 of the seed is public at once, the seed itself once the day is over. A spin's ducks follow
// from its day's seed, the visitor's own seed and the spin's number (qq_wheel_ducks.sql, packages/contract/src/wheel.ts).
import { createHash, randomBytes } from 'node:crypto';
import { type WheelDay, wheelOdds } from '@quackquest/contract';
import type { ActiveCampaign } from '../campaign/active';
import type { AppContext } from '../context';
import { type Db, statement } from '../db/client';
import { formatDay } from '../text/time';

const DAY_MS = 86_400_000;

/**
 * Writes the days that have no row yet, each with a new seed; days still to come take the pack's current odds (a
 * reloaded pack changes tomorrow's wheel, never today's). $1 the days with their seeds, $2 the odds, $3 today.
 */
const writeDays = statement(
  'qq_wheel_days_write',
  `insert into wheel_days (day, seed, commitment, odds)
   select d.day, d.seed, d.commitment, $2::jsonb from jsonb_to_recordset($1::jsonb) as d(day date, seed text, commitment text)
   on conflict (day) do update set odds = excluded.odds where wheel_days.day > $3::date and wheel_days.odds <> excluded.odds`,
);

/**
 * What this process wrote last, per database: the days and odds need writing once per day, or when the pack changes.
 * The write itself is shared, so that the first spins of a day, arriving together, wait for one write instead of each
 * writing the same rows (they would queue on the rows' locks).
 */
const written = new WeakMap<Db, { key: string; done: Promise<void> }>();

/** The calendar day of an instant in the campaign's time zone (YYYY-MM-DD). */
export function wheelDayOf(campaign: ActiveCampaign, at: number): string {
  return formatDay(new Date(at), campaign.info.timeZone);
}

/** Every day of the campaign and today, committed with a seed of their own (a no-op once done today for these odds). */
export function commitWheelDays(ctx: AppContext, campaign: ActiveCampaign): Promise<void> {
  const now = ctx.now();
  const today = wheelDayOf(campaign, now);
  const odds = wheelOdds(campaign.wheelWeights);
  const key = `${campaign.id}|${today}|${odds.join(',')}`;
  const last = written.get(ctx.db);
  if (last?.key === key) return last.done;
  const days = new Set([today]);
  for (let at = campaign.info.startTime * 1000; at <= campaign.info.endTime * 1000; at += DAY_MS)
    days.add(wheelDayOf(campaign, at));
  const rows = [...days].map((day) => {
    const seed = randomBytes(32).toString('hex');
    return { day, seed, commitment: createHash('sha256').update(seed).digest('hex') };
  });
  const done = writeDays(ctx.db, [JSON.stringify(rows), JSON.stringify(odds), today]).then(() => undefined);
  written.set(ctx.db, { key, done });
  // A failed write is tried again by the next spin.
  done.catch(() => {
    if (written.get(ctx.db)?.done === done) written.delete(ctx.db);
  });
  return done;
}

const daysQuery = statement<{ day: string; seed: string; commitment: string; odds: number[] }>(
  'qq_wheel_days',
  `select day::text as day, seed, commitment, odds from wheel_days order by day`,
);

/** Every committed day, its seed shown only once the day is over in the campaign's time zone. */
export async function wheelDays(ctx: AppContext, campaign: ActiveCampaign): Promise<WheelDay[]> {
  await commitWheelDays(ctx, campaign);
  const today = wheelDayOf(campaign, ctx.now());
  const rows = await daysQuery(ctx.db, []);
  return rows.map((row) => ({
    day: row.day,
    commitment: row.commitment,
    odds: row.odds,
    seed: row.day < today ? row.seed : null,
  }));
}
