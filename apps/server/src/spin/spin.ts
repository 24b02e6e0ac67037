// Spending one spin entitlement: the server chooses the ducks and writes the ledger row at once.
import { type SpinResult, type SpinStatus, duckPointsText, messages } from '@quackquest/contract';
import type { AppContext } from '../context';
import { statement, transaction } from '../db/client';
import { forbidden } from '../domain/errors';
import { lockUserRow } from '../ledger/ledger';
import { sessionEnded } from '../session/session';
import { type RandomInt, chooseDucks } from './wheel';

/**
 * Spends the visitor's oldest unspent spin and writes its ledger row and the balance it moves (what
 * ledger/addLedgerRow does, in SQL). $1 user id, $2 ducks, $3 time. No row when there is nothing to spend.
 */
const spendSpin = statement<{ needs_review: boolean }>(
  'qq_spend_spin',
  `with spin as (
     select id, needs_review from spins
     where user_id = $1 and spent_at is null and voided_at is null
     order by id limit 1),
   spent as (
     update spins set spent_at = $3::timestamptz, ducks = $2::int from spin
     where spins.id = spin.id returning spins.id, spin.needs_review),
   entry as (
     insert into ledger (user_id, amount, posted, kind, spin_id, created_at)
     select $1, $2::int, not needs_review, 'spin', id, $3::timestamptz from spent
     returning posted),
   balance as (
     update users set
       ducks = ducks + case when entry.posted then $2::int else 0 end,
       pending_ducks = pending_ducks + case when entry.posted then 0 else $2::int end,
       ducks_at = case when entry.posted then $3::timestamptz else ducks_at end
     from entry where users.id = $1 returning users.id)
   select spent.needs_review from spent, balance`,
);

/**
 * Four round trips: BEGIN, the visitor's lock (decision 003), spendSpin, COMMIT. spendSpin runs after the
 * lock is held, so it sees every earlier spin of this visitor.
 */
export async function spinWheel(ctx: AppContext, userId: number, random?: RandomInt): Promise<SpinResult> {
  const campaign = await ctx.campaign.get();
  const ducks = chooseDucks(campaign.wheelWeights, random);
  const { needs_review: pending } = await transaction(ctx.db, async (tx) => {
    const [user] = await lockUserRow(tx, [userId]);
    if (!user) throw sessionEnded();
    // A session another instance still remembers: blocking is checked under the visitor's lock (decision 020).
    if (user.blocked) throw forbidden(messages.accountBlocked);
    const [spent] = await spendSpin(tx, [userId, ducks, new Date(ctx.now()).toISOString()]);
    if (!spent) throw forbidden(messages.spinWithoutCheckpoint);
    return spent;
  });
  return spinResult(ducks, pending);
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
