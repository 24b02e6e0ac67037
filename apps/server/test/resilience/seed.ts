// Seeding thousands of visitors with set-based SQL (one statement, not one round trip each), and
// checking afterwards that what the server acknowledged is in the database.
import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../src/db/client';
import { checkpoints, sessions } from '../../src/db/schema';
import { SESSION_COOKIE, SESSION_TTL_MS, hashToken } from '../../src/session/session';

export interface Visitor {
  id: number;
  cookie: string;
}

/**
 * `count` visitors with `ducks` each: users rows with the cached balance and, to keep the ledger the
 * truth, one posted 'adjustment' row of the same amount; and a session each (token hashed as the server does).
 */
export async function seedVisitors(db: DbOrTx, options: { count: number; ducks: number; tag: string }): Promise<Visitor[]> {
  const prefix = `resilience-${options.tag}-`;
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`with u as (
          insert into users (email, full_name, accepted_terms_at, ducks)
          select ${prefix} || g || '@example.com', 'Resilience Visitor ' || g, now(), ${options.ducks}::int
          from generate_series(1, ${options.count}::int) g
          returning id),
        funds as (
          insert into ledger (user_id, amount, posted, kind, reason)
          select id, ${options.ducks}::int, true, 'adjustment', 'resilience test funds' from u where ${options.ducks}::int <> 0)
        select id from u order by id`,
  );
  const visitors = rows.map((row) => ({ id: Number(row.id), token: randomBytes(32).toString('base64url') }));
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  for (let i = 0; i < visitors.length; i += 1000) {
    await db
      .insert(sessions)
      .values(visitors.slice(i, i + 1000).map((v) => ({ idHash: hashToken(v.token), userId: v.id, expiresAt })));
  }
  return visitors.map((v) => ({ id: v.id, cookie: `${SESSION_COOKIE}=${v.token}` }));
}

/**
 * One unspent spin per visitor and checkpoint slug, each earned by a successful attempt of that visitor
 * (valid scan; or a submitted text/photo pending review, whose spin's ducks stay pending).
 */
export async function seedSpins(db: DbOrTx, options: { tag: string; campaignId: string; slugs: string[] }): Promise<number> {
  const prefix = `resilience-${options.tag}-%`;
  const rows = await queryRows<{ n: string | number }>(
    db,
    sql`with a as (
          insert into attempts (user_id, checkpoint_id, answer, outcome, counted, review)
          select u.id, checkpoints.id, 'resilience seed',
                 case when checkpoints.type in ('Str', 'Upload') then 'submitted' else 'valid' end, true,
                 case when checkpoints.type in ('Str', 'Upload') then 'pending' end
          from users u cross join checkpoints
          where u.email like ${prefix} and checkpoints.campaign_id = ${options.campaignId}
            and ${inArray(checkpoints.slug, options.slugs)}
          returning id, user_id, outcome),
        s as (
          insert into spins (user_id, attempt_id, needs_review)
          select user_id, id, outcome = 'submitted' from a returning id)
        select count(*) as n from s`,
  );
  return Number(rows[0]?.n ?? 0);
}

export interface AcknowledgedClaim {
  userId: number;
  key: string;
  voucherCode: string;
}
export interface AcknowledgedSpin {
  userId: number;
  ducks: number;
  pending: boolean;
}

/**
 * What the server acknowledged and the database does not show: an empty list when every 201 claim is
 * a claims row (same user, key and voucher) and every 200 spin is a spent spin of that user with the
 * same ducks and its award row in the ledger (posted, or pending when the spin said so).
 */
export async function missingAcknowledged(
  db: DbOrTx,
  acks: { claims: AcknowledgedClaim[]; spins: AcknowledgedSpin[] },
): Promise<string[]> {
  const problems: string[] = [];
  if (acks.claims.length > 0) {
    const codes = acks.claims.map((c) => c.voucherCode);
    const rows = await queryRows<{ user_id: string | number; idempotency_key: string; voucher_code: string }>(
      db,
      sql`select user_id, idempotency_key, voucher_code from claims where voucher_code in ${codes}`,
    );
    const found = new Map(rows.map((r) => [r.voucher_code, r]));
    for (const claim of acks.claims) {
      const row = found.get(claim.voucherCode);
      if (!row) problems.push(`claim ${claim.voucherCode} of user ${claim.userId} (201) is not in claims`);
      else if (Number(row.user_id) !== claim.userId || row.idempotency_key !== claim.key) {
        problems.push(
          `claim ${claim.voucherCode} belongs to user ${row.user_id}/${row.idempotency_key}, not ${claim.userId}/${claim.key}`,
        );
      }
    }
  }
  if (acks.spins.length > 0) {
    const userIds = [...new Set(acks.spins.map((s) => s.userId))];
    const rows = await queryRows<{
      user_id: string | number;
      ducks: number;
      needs_review: boolean;
      amount: number;
      posted: boolean;
    }>(
      db,
      sql`select s.user_id, s.ducks, s.needs_review, l.amount, l.posted
          from spins s join ledger l on l.spin_id = s.id and l.kind = 'spin'
          where s.spent_at is not null and s.user_id in ${userIds}`,
    );
    // Per user, each acknowledged spin must match a distinct spent spin: a multiset inclusion.
    const spent = new Map<number, typeof rows>();
    for (const row of rows) {
      const list = spent.get(Number(row.user_id)) ?? [];
      list.push(row);
      spent.set(Number(row.user_id), list);
    }
    for (const ack of acks.spins) {
      const list = spent.get(ack.userId) ?? [];
      const i = list.findIndex(
        (r) => r.ducks === ack.ducks && r.needs_review === ack.pending && r.amount === ack.ducks && r.posted === !ack.pending,
      );
      if (i < 0)
        problems.push(`spin of ${ack.ducks} ducks (pending: ${ack.pending}) for user ${ack.userId} (200) is not in spins/ledger`);
      else list.splice(i, 1);
    }
  }
  return problems;
}
