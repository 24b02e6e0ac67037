// The visitor's side of the verifiable wheel (decision 082): their seed, and every spin of theirs with what it was spun
// from, for the app's check page to work out again in the browser.
import type { WheelSpins } from '@quackquest/contract';
import type { AppContext } from '../context';
import { statement } from '../db/client';
import { sessionEnded } from '../session/session';

const seedQuery = statement<{ wheel_seed: string }>('qq_wheel_seed', 'select wheel_seed from users where id = $1');

/** $1 user id: the spins spun on the verifiable wheel, oldest first. */
const spinsQuery = statement<{ id: string | number; day: string; wheel_seed: string; ducks: number; spun_at: string }>(
  'qq_wheel_spins',
  `select id, wheel_day::text as day, wheel_seed, ducks,
          to_char(spent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as spun_at
   from spins where user_id = $1 and wheel_day is not null order by id`,
);

export async function wheelSpins(ctx: AppContext, userId: number): Promise<WheelSpins> {
  const [[user], rows] = await Promise.all([seedQuery(ctx.db, [userId]), spinsQuery(ctx.db, [userId])]);
  if (!user) throw sessionEnded();
  return {
    visitorSeed: user.wheel_seed,
    spins: rows.map((row) => ({
      number: Number(row.id),
      day: row.day,
      visitorSeed: row.wheel_seed,
      ducks: Number(row.ducks),
      spunAt: row.spun_at,
    })),
  };
}

const setSeed = statement<{ wheel_seed: string }>(
  'qq_wheel_seed_set',
  'update users set wheel_seed = $2 where id = $1 returning wheel_seed',
);

/** The visitor's own seed, for their spins from now on (the spins before keep the seed they were spun with). */
export async function chooseWheelSeed(ctx: AppContext, userId: number, seed: string): Promise<{ visitorSeed: string }> {
  const [row] = await setSeed(ctx.db, [userId, seed]);
  if (!row) throw sessionEnded();
  return { visitorSeed: row.wheel_seed };
}
