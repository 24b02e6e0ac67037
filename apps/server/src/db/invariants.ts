// The invariant checker: what must hold in the database whatever happened (storms, crashes, fuzzing), run by
// `npm run ops -- verify`, after a restore, by the benchmarks and the resilience tests.
// Each check is one SQL query that returns the rows breaking it; an empty result everywhere is healthy.
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from './client';

interface Check {
  name: string;
  query: ReturnType<typeof sql>;
}

const checks: Check[] = [
  {
    name: 'shown ducks equal the posted ledger rows',
    query: sql`select u.id, u.email, u.ducks, coalesce(sum(l.amount) filter (where l.posted), 0) as ledger
      from users u left join ledger l on l.user_id = u.id
      group by u.id having u.ducks <> coalesce(sum(l.amount) filter (where l.posted), 0)`,
  },
  {
    name: 'pending ducks equal the pending ledger rows',
    query: sql`select u.id, u.email, u.pending_ducks, coalesce(sum(l.amount) filter (where not l.posted), 0) as ledger
      from users u left join ledger l on l.user_id = u.id
      group by u.id having u.pending_ducks <> coalesce(sum(l.amount) filter (where not l.posted), 0)`,
  },
  {
    name: 'no negative balance',
    query: sql`select id, email, ducks, pending_ducks from users where ducks < 0 or pending_ducks < 0`,
  },
  {
    name: 'stock never negative',
    query: sql`select id, item, stock from rewards where stock < 0`,
  },
  {
    name: 'claims never exceed the stock that was loaded, and stock is loaded minus claimed',
    query: sql`select r.id, r.item, r.stock, r.stock_loaded, count(c.id) as claimed
      from rewards r left join claims c on c.reward_id = r.id
      group by r.id having count(c.id) > r.stock_loaded or r.stock <> r.stock_loaded - count(c.id)`,
  },
  {
    name: 'each claim has exactly one debit of its price',
    query: sql`select c.id, c.voucher_code, count(l.id) as debits, coalesce(sum(l.amount), 0) as amount
      from claims c left join ledger l on l.claim_id = c.id and l.kind = 'claim'
      group by c.id having count(l.id) <> 1 or coalesce(sum(l.amount), 0) <> -c.price`,
  },
  {
    name: 'each spent spin has exactly one award row of its ducks, tied to one entitlement',
    query: sql`select s.id, s.ducks, count(l.id) as awards, coalesce(sum(l.amount), 0) as amount
      from spins s left join ledger l on l.spin_id = s.id and l.kind = 'spin'
      group by s.id
      having (s.spent_at is null and count(l.id) <> 0)
          or (s.spent_at is not null and (count(l.id) <> 1 or coalesce(sum(l.amount), 0) <> s.ducks))`,
  },
  {
    name: 'every spin award belongs to a spin',
    query: sql`select id, user_id from ledger where kind = 'spin' and spin_id is null`,
  },
  {
    name: 'each spin is earned by a successful attempt of its own user',
    query: sql`select s.id from spins s join attempts a on a.id = s.attempt_id
      where a.user_id <> s.user_id or a.outcome not in ('valid', 'correct', 'submitted')`,
  },
  {
    name: 'no attempt cap exceeded',
    query: sql`select a.user_id, a.checkpoint_id, count(*) as used, c.max_attempts
      from attempts a join checkpoints c on c.id = a.checkpoint_id
      where a.counted and c.max_attempts > 0
      group by a.user_id, a.checkpoint_id, c.max_attempts having count(*) > c.max_attempts`,
  },
  {
    name: 'no voucher code used twice',
    query: sql`select voucher_code, count(*) from claims group by voucher_code having count(*) > 1`,
  },
];

export interface VerifyResult {
  ok: boolean;
  checks: { name: string; problems: Record<string, unknown>[] }[];
}

export async function verifyInvariants(db: DbOrTx): Promise<VerifyResult> {
  const results = [];
  for (const check of checks) {
    results.push({ name: check.name, problems: await queryRows<Record<string, unknown>>(db, check.query) });
  }
  return { ok: results.every((r) => r.problems.length === 0), checks: results };
}

export function formatVerify(result: VerifyResult): string {
  const lines = result.checks.map((c) =>
    c.problems.length === 0
      ? `ok    ${c.name}`
      : `FAIL  ${c.name}: ${c.problems.length} row(s), e.g. ${JSON.stringify(c.problems.slice(0, 3))}`,
  );
  lines.push(result.ok ? 'All invariants hold.' : 'Some invariants are broken.');
  return lines.join('\n');
}
