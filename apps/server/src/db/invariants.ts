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
  // The audit trail's hash chain (decision 065): each committed row sealed once, each seal's row there unchanged,
  // the numbers without a gap, and the head at the last seal (a trail cut short at its end).
  {
    name: 'every audit row is sealed in the chain',
    query: sql`select a.id, a.action, a.at from audit_log a
      where not exists (select 1 from audit_seals s where s.audit_id = a.id)`,
  },
  {
    name: 'the audit chain holds: each row unchanged, no number missing',
    query: sql`select seq::int, audit_id::int, case when row_id is null then 'row removed'
        when seq <> previous_seq + 1 then 'seals ' || (previous_seq + 1) || '..' || (seq - 1) || ' removed'
        else 'row or seal changed' end as problem
      from (select s.seq, s.audit_id, s.hash, a.id as row_id,
          lag(s.seq, 1, 0::bigint) over chain as previous_seq,
          qq_audit_hash(lag(s.hash, 1, repeat('0', 64)) over chain, s.seq, a.id, a.at, a.actor, a.action, a.subject,
            a.before, a.after) as expected
        from audit_seals s left join audit_log a on a.id = s.audit_id
        window chain as (order by s.seq)) walked
      where row_id is null or seq <> previous_seq + 1 or expected <> hash
      order by seq`,
  },
  {
    name: "the audit chain's head is its last seal",
    query: sql`select h.seq::int as head, last.seq::int as last_seal from audit_chain h
      left join lateral (select seq, hash from audit_seals order by seq desc limit 1) last on true
      where h.seq <> coalesce(last.seq, 0) or h.hash <> coalesce(last.hash, repeat('0', 64))`,
  },
  // The ledger's hash chains (decision 079): each visitor's rows numbered 1, 2, ... without a gap, each linked to the one
  // before it. An edited row breaks its own link, a removed one leaves a gap; each visitor's first break, earliest
  // written first.
  {
    name: 'the ledger chains hold: each row unchanged, none missing',
    query: sql`select * from (select distinct on (user_id) id::int, user_id::int, seq, case
        when seq <> previous_seq + 1 then 'rows ' || (previous_seq + 1) || '..' || (seq - 1) || ' of the visitor removed'
        else 'row changed' end as problem
      from (select l.id, l.user_id, l.seq, l.hash, lag(l.seq, 1, 0) over chain as previous_seq,
          qq_ledger_hash(lag(l.hash, 1, repeat('0', 64)) over chain, l.user_id, l.seq, l.id, l.amount, l.posted, l.kind,
            l.spin_id, l.claim_id, l.reason, l.created_at) as expected
        from ledger l window chain as (partition by l.user_id order by l.seq)) walked
      where seq <> previous_seq + 1 or expected <> hash
      order by user_id, seq) first_breaks order by id`,
  },
];

export interface VerifyResult {
  ok: boolean;
  checks: { name: string; problems: Record<string, unknown>[] }[];
  /** The audit chain's head: a committee that writes it down can later tell a trail rewritten since. */
  auditHead: { seq: number; hash: string };
}

export async function verifyInvariants(db: DbOrTx): Promise<VerifyResult> {
  const results = [];
  for (const check of checks) {
    results.push({ name: check.name, problems: await queryRows<Record<string, unknown>>(db, check.query) });
  }
  const [head] = await queryRows<{ seq: string; hash: string }>(db, sql`select seq, hash from audit_chain`);
  return {
    ok: results.every((r) => r.problems.length === 0),
    checks: results,
    auditHead: { seq: Number(head?.seq ?? 0), hash: head?.hash ?? '' },
  };
}

export function formatVerify(result: VerifyResult): string {
  const lines = result.checks.map((c) =>
    c.problems.length === 0
      ? `ok    ${c.name}`
      : `FAIL  ${c.name}: ${c.problems.length} row(s), e.g. ${JSON.stringify(c.problems.slice(0, 3))}`,
  );
  lines.push(`Audit trail: ${result.auditHead.seq} rows sealed, head #${result.auditHead.seq} ${result.auditHead.hash}`);
  lines.push(result.ok ? 'All invariants hold.' : 'Some invariants are broken.');
  return lines.join('\n');
}
