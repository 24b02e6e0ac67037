// Spending one spin entitlement: the server chooses the ducks and writes the ledger row at once.
import { type SpinResult, duckPointsText, messages } from '@quackquest/contract';
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
  const message = pending
    ? `You won ${duckPointsText(ducks)}! They will be added once your answer is approved.`
    : `You won ${duckPointsText(ducks)}!`;
  return { duckPointsAwarded: ducks, message, pending };
}
