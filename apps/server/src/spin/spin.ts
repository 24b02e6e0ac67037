// Spending one spin entitlement: the server chooses the ducks and writes the ledger row at once.
import { type SpinResult, type SpinStatus, duckPointsText, said } from '@quackquest/contract';
import type { AppContext } from '../context';
import { statement } from '../db/client';
import { forbidden } from '../domain/errors';
import { sessionEnded } from '../session/session';
import { commitWheelDays, wheelDayOf } from './wheel-days';

/**
 * The whole spin is one call of the database function qq_spin (qq_spin.sql beside this file, decision 045): the visitor's row
 * locked (decision 003) and blocking checked under it (decision 020), then the oldest unspent spin spent with the ducks
 * its day's seed, the visitor's seed and its number give (decision 082), its ledger row written and the balance moved.
 * One round trip where BEGIN, the lock, the spend and COMMIT took four.
 */
const spinCall = statement<{
  spin_outcome: 'blocked' | 'no_spin' | 'spent';
  spin_needs_review: boolean | null;
  spin_ducks: number | null;
}>('qq_spin', 'select * from qq_spin(p_user => $1, p_at => $2::timestamptz, p_day => $3::date)');

export async function spinWheel(ctx: AppContext, userId: number): Promise<SpinResult> {
  const campaign = await ctx.campaign.get();
  const now = ctx.now();
  // The day's seed is committed before its first spin (once a day per process).
  await commitWheelDays(ctx, campaign);
  const [row] = await spinCall(ctx.db, [userId, new Date(now).toISOString(), wheelDayOf(campaign, now)]);
  if (!row) throw sessionEnded();
  // A session another instance still remembers: blocking is checked under the visitor's lock (decision 020).
  if (row.spin_outcome === 'blocked') throw forbidden(said('accountBlocked'));
  if (row.spin_outcome !== 'spent') throw forbidden(said('spinWithoutCheckpoint'));
  return spinResult(Number(row.spin_ducks), row.spin_needs_review === true);
}

function spinResult(ducks: number, pending: boolean): SpinResult {
  const message = pending
    ? `You won ${duckPointsText(ducks)}! They will be added once your answer is approved.`
    : `You won ${duckPointsText(ducks)}!`;
  return { duckPointsAwarded: ducks, message, pending };
}

/** The spins left and the last spin: its ducks are pending while its answer waits for review. $1 user id. */
const spinStatusQuery = statement<{
  spins_left: string | number;
  ducks: number | null;
  pending: boolean | null;
  spun_at: string | null;
}>(
  'qq_spin_status',
  `select (select count(*) from spins where user_id = $1 and spent_at is null and voided_at is null) as spins_left,
          last.ducks, last.pending, last.spun_at
   from (select 1) one
   left join (
     select sp.ducks, (sp.needs_review and a.review = 'pending') as pending,
            to_char(sp.spent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as spun_at
     from spins sp join attempts a on a.id = sp.attempt_id
     where sp.user_id = $1 and sp.spent_at is not null
     order by sp.spent_at desc, sp.id desc limit 1) last on true`,
);

/** GET /api/spin: how many spins the visitor has, and the result of the last one (a reload mid-spin shows it). */
export async function spinStatus(ctx: AppContext, userId: number): Promise<SpinStatus> {
  const [row] = await spinStatusQuery(ctx.db, [userId]);
  const last =
    row?.ducks != null && row.spun_at
      ? { ...spinResult(Number(row.ducks), row.pending === true || (row.pending as unknown) === 't'), spunAt: row.spun_at }
      : null;
  return { spinsLeft: Number(row?.spins_left ?? 0), last };
}
