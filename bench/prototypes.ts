// Prototypes measured next to the real endpoints, to size a fix before it is made in the server.
// They are registered on the bench's app only; nothing in apps/server uses them. A prototype that became
// the server's code is retired (the batched one-query floor became db/batch.ts, used by the hot reads);
// the spin in one statement stays as the ceiling a spin could reach (decision 010 says why it was not taken).
import { randomInt } from 'node:crypto';
import { ducksForRoll, wheelOdds } from '@quackquest/contract';
import type { FastifyInstance } from 'fastify';
import { type Db, statement } from '../apps/server/src/db/client';
import { requireUserId } from '../apps/server/src/session/session';

/**
 * POST /api/spin as ONE SQL statement (lock the user, take the oldest unspent spin, spend it, write the
 * ledger row and the cached balance), after a cached session lookup: one round trip instead of four.
 * Same rows and invariants as spin/spin.ts, but the spin is read before the user lock is held (see
 * bench/RESULTS.md); answers 403 when there is nothing to spend.
 */
const spinStatement = statement<{ spun: string | number; needs_review: boolean | null }>(
  'bench_spin_one_statement',
  `with me as (select id from users where id = $1 for update),
   spin as (select s.id, s.needs_review from spins s join me on s.user_id = me.id
            where s.spent_at is null and s.voided_at is null order by s.id limit 1 for update of s),
   spent as (update spins set spent_at = now(), ducks = $2 from spin where spins.id = spin.id
             returning spins.id, spin.needs_review),
   entry as (insert into ledger (user_id, amount, posted, kind, spin_id, created_at)
           select $1, $2, not needs_review, 'spin', id, now() from spent returning posted),
   balance as (update users set
                 ducks = ducks + case when entry.posted then $2::int else 0 end,
                 pending_ducks = pending_ducks + case when entry.posted then 0 else $2::int end,
                 ducks_at = case when entry.posted then now() else ducks_at end
               from entry where users.id = $1 returning users.id)
   select (select count(*) from balance) as spun, (select needs_review from spent) as needs_review`,
);

export function registerPrototypes(app: FastifyInstance, db: Db): void {
  app.post('/bench/spin-one-statement', async (request, reply) => {
    const userId = await requireUserId(request);
    const campaign = await app.ctx.campaign.get();
    // A random roll over the pack's odds: the ceiling of a spin leaves the verifiable wheel's hash out (decision 082).
    const odds = wheelOdds(campaign.wheelWeights);
    const ducks = ducksForRoll(odds, randomInt(odds.reduce((sum, weight) => sum + weight, 0)));
    const [row] = await spinStatement(db, [userId, ducks]);
    if (!row || Number(row.spun) !== 1)
      return reply.status(403).send({ message: 'You need to complete a checkpoint before spinning!' });
    return { duckPointsAwarded: ducks, pending: row.needs_review === true };
  });
}
