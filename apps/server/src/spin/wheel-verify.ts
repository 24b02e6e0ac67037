// `ops wheel:verify` (decision 082): every spin of a day worked out again from the day's seed, the visitor's seed and
// the spin's number with the published procedure (packages/contract/src/wheel.ts, not the SQL that spun them), and
// compared with the ducks the spin and its ledger row recorded.
import { seedMatches, spinDucks } from '@quackquest/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';

export interface WheelDayCheck {
  day: string;
  /** False when the day has no seed: nothing was committed for it. */
  committed: boolean;
  /** SHA-256 of the seed is the commitment published before the day. */
  seedMatches: boolean;
  spins: number;
  /** Spins whose recorded ducks (the spin's or its ledger row's) are not what the procedure gives, by number. */
  mismatches: { number: number; recorded: number; ledger: number | null; expected: number }[];
}

export async function verifyWheelDay(db: DbOrTx, day: string): Promise<WheelDayCheck> {
  const [row] = await queryRows<{ seed: string; commitment: string; odds: number[] }>(
    db,
    sql`select seed, commitment, odds from wheel_days where day = ${day}::date`,
  );
  if (!row) return { day, committed: false, seedMatches: false, spins: 0, mismatches: [] };
  const spins = await queryRows<{ id: string | number; wheel_seed: string; ducks: number; amount: number | null }>(
    db,
    sql`select s.id, s.wheel_seed, s.ducks, l.amount from spins s
        left join ledger l on l.spin_id = s.id and l.kind = 'spin'
        where s.wheel_day = ${day}::date order by s.id`,
  );
  const mismatches: WheelDayCheck['mismatches'] = [];
  for (const spin of spins) {
    const number = Number(spin.id);
    const expected = await spinDucks(row.seed, spin.wheel_seed, number, row.odds);
    const ledger = spin.amount == null ? null : Number(spin.amount);
    if (Number(spin.ducks) !== expected || ledger !== expected)
      mismatches.push({ number, recorded: Number(spin.ducks), ledger, expected });
  }
  return { day, committed: true, seedMatches: await seedMatches(row.seed, row.commitment), spins: spins.length, mismatches };
}

export function wheelDayOk(check: WheelDayCheck): boolean {
  return check.committed && check.seedMatches && check.mismatches.length === 0;
}

export function formatWheelDayCheck(check: WheelDayCheck): string {
  if (!check.committed) return `The wheel has no seed for ${check.day}: no spin was spun on it.`;
  const lines = [
    check.seedMatches
      ? `${check.day}: the seed is the one committed to before the day.`
      : `${check.day}: the seed does NOT match the commitment published before the day.`,
    check.mismatches.length === 0
      ? `All ${check.spins} spins of the day give the ducks recorded.`
      : `${check.mismatches.length} of ${check.spins} spins do not give the ducks recorded:`,
  ];
  for (const m of check.mismatches.slice(0, 20))
    lines.push(`  spin ${m.number}: recorded ${m.recorded}, ledger ${m.ledger ?? 'none'}, the wheel gives ${m.expected}`);
  if (check.mismatches.length > 20) lines.push(`  ... and ${check.mismatches.length - 20} more`);
  return lines.join('\n');
}
