// What a prize committee asks about a winner before the prize (issue 32 part 3, decision 074): how their ducks came,
// who changed them by hand and why, whether and why they were blocked, which other accounts share their phone
// number or signed up in their browser, and how many signed up from their address within minutes of them (decision
// 075). Read for the visitors of the winners' list, in four queries whatever their number.
//
// `earned` sums the visitor's posted ledger rows by kind, so its parts add up to their ducks (the cached balance is
// the sum of the same rows, decision 004): a committee can check every duck, and a test checks that they add up.
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import { auditLog, ledger, signupSignals, users } from '../db/schema';

interface Earned {
  /** Spins on answers that needed no review. */
  spins: number;
  /** Spins on answers a reviewer approved. */
  approvals: number;
  /** Approvals taken back (a rejection or an undo after the ducks were posted): zero or below. */
  reversed: number;
  /** Given or taken by an operator, net. */
  adjusted: number;
  /** Spent on rewards: zero or below. */
  spent: number;
}

interface VettingEvent {
  at: Date;
  /** The operator's e-mail, 'cli', or null where the trail has no row for it (ducks given before the trail). */
  by: string | null;
  what: 'adjust' | 'block' | 'unblock';
  /** Ducks given (positive) or taken, for an adjustment. */
  amount: number | null;
  reason: string | null;
}

interface SharedAccount {
  userId: number;
  name: string;
  email: string;
  blocked: boolean;
}

export interface Vetting {
  earned: Earned;
  /** Adjustments, blocks and unblocks, oldest first. */
  history: VettingEvent[];
  /** Other accounts with the same phone digits (6 or more), at most SHARED_LISTED of them. */
  samePhoneAccounts: SharedAccount[];
  /** Other accounts signed up in the same browser (decision 075), at most SHARED_LISTED of them. */
  sameBrowserAccounts: SharedAccount[];
  /**
   * Other accounts signed up from the same address within SAME_ADDRESS_MINUTES of this one; null when the account has
   * no signals (signed up before they were kept). A ship's Wi-Fi is one address for hundreds: a number, not a verdict.
   */
  sameAddressSoon: number | null;
}

const SHARED_LISTED = 5;
const SAME_ADDRESS_MINUTES = 10;

const EMPTY: Earned = { spins: 0, approvals: 0, reversed: 0, adjusted: 0, spent: 0 };

/** The vetting of each of these visitors, by id (every id has one). */
export async function vettingOf(db: DbOrTx, userIds: number[]): Promise<Map<number, Vetting>> {
  const vetting = new Map<number, Vetting>(
    userIds.map((id) => [
      id,
      { earned: { ...EMPTY }, history: [], samePhoneAccounts: [], sameBrowserAccounts: [], sameAddressSoon: null },
    ]),
  );
  if (userIds.length === 0) return vetting;
  const ids = sql.raw(`array[${userIds.map(Number).join(',')}]::bigint[]`);
  const subjects = sql.raw(`array[${userIds.map((id) => `'user:${Number(id)}'`).join(',')}]::text[]`);

  const sums = await queryRows<{ user_id: string | number; kind: string; total: string | number }>(
    db,
    sql`select user_id, kind, sum(amount) as total from ${ledger}
        where user_id = any(${ids}) and posted group by user_id, kind`,
  );
  for (const row of sums) {
    const earned = vetting.get(Number(row.user_id))!.earned;
    const total = Number(row.total);
    if (row.kind === 'spin') earned.spins += total;
    else if (row.kind === 'review-approve') earned.approvals += total;
    else if (row.kind === 'adjustment') earned.adjusted += total;
    else if (row.kind === 'claim') earned.spent += total;
    else earned.reversed += total;
  }

  // Adjustments from the ledger (every one, with its reason), each with the operator of the audit row written in the
  // same transaction at the same instant; blocks and unblocks from the trail.
  const events = await queryRows<{
    user_id: string | number;
    at: Date | string;
    by: string | null;
    what: VettingEvent['what'];
    amount: number | null;
    reason: string | null;
  }>(
    db,
    // The trail read once for these visitors (a subquery per ledger row read it again for each).
    sql`with trail as materialized (
          select id, at, actor, action, subject, after from ${auditLog}
          where action in ('participant.adjust_ducks', 'participant.block', 'participant.unblock')
            and subject = any(${subjects})
        ), adjusters as (
          select distinct on (subject, at) subject, at, actor from trail
          where action = 'participant.adjust_ducks' order by subject, at, id
        )
        select l.user_id, l.created_at as at, 'adjust' as what, l.amount, l.reason, a.actor as by
        from ${ledger} l
        left join adjusters a on a.subject = 'user:' || l.user_id and a.at = l.created_at
        where l.user_id = any(${ids}) and l.kind = 'adjustment'
        union all
        select substring(subject from 6)::bigint, at,
          case action when 'participant.block' then 'block' else 'unblock' end, null,
          case action when 'participant.block' then after ->> 'reason' else null end, actor
        from trail
        where action in ('participant.block', 'participant.unblock')
        order by at`,
  );
  for (const row of events) {
    vetting.get(Number(row.user_id))!.history.push({
      at: row.at instanceof Date ? row.at : new Date(row.at),
      by: row.by,
      what: row.what,
      amount: row.amount === null ? null : Number(row.amount),
      reason: row.reason,
    });
  }

  const shared = await queryRows<{
    user_id: string | number;
    id: string | number;
    full_name: string;
    email: string;
    blocked: boolean;
  }>(
    db,
    // One pass over the visitors, joined by their phone digits to the winners' (as the samePhone flag counts them).
    sql`with w as (
          select id, regexp_replace(phone, '[^0-9]', '', 'g') as digits from ${users}
          where id = any(${ids}) and length(regexp_replace(phone, '[^0-9]', '', 'g')) >= 6
        )
        select w.id as user_id, o.id, o.full_name, o.email, o.blocked_at is not null as blocked
        from ${users} o join w on regexp_replace(o.phone, '[^0-9]', '', 'g') = w.digits and o.id <> w.id
        order by w.id, o.id`,
  );
  for (const row of shared) {
    const listed = vetting.get(Number(row.user_id))!.samePhoneAccounts;
    if (listed.length >= SHARED_LISTED) continue;
    listed.push({
      userId: Number(row.id),
      name: row.full_name,
      email: row.email,
      blocked: Boolean(row.blocked),
    });
  }

  // The browser and the address each winner signed up from (decision 075), compared with every other account's.
  const signals = await queryRows<{
    user_id: string | number;
    id: string | number | null;
    full_name: string | null;
    email: string | null;
    blocked: boolean | null;
    nearby: string | number;
  }>(
    db,
    sql`select w.user_id, o.id, o.full_name, o.email, o.blocked_at is not null as blocked,
          (select count(*) from ${signupSignals} n
           where n.network = w.network and n.user_id <> w.user_id
             and n.at between w.at - make_interval(mins => ${SAME_ADDRESS_MINUTES})
                          and w.at + make_interval(mins => ${SAME_ADDRESS_MINUTES})) as nearby
        from ${signupSignals} w
        left join ${signupSignals} b on b.browser = w.browser and b.user_id <> w.user_id
        left join ${users} o on o.id = b.user_id
        where w.user_id = any(${ids})
        order by w.user_id, o.id`,
  );
  for (const row of signals) {
    const entry = vetting.get(Number(row.user_id))!;
    entry.sameAddressSoon = Number(row.nearby);
    if (row.id === null || entry.sameBrowserAccounts.length >= SHARED_LISTED) continue;
    entry.sameBrowserAccounts.push({
      userId: Number(row.id),
      name: row.full_name ?? '',
      email: row.email ?? '',
      blocked: Boolean(row.blocked),
    });
  }
  return vetting;
}
