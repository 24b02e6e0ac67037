// Set-based seeding: users with a realistic spread of ducks, matching ledger rows (so `ops verify`
// holds), sessions for a sample of them, and the rows the write benchmarks spend.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../apps/server/src/db/client';

export interface Seeded {
  users: number;
  ledgerRows: number;
  /** Cookie headers of the visitors with a session, in user-id order. */
  cookies: string[];
  /** Session user ids, parallel to `cookies`. */
  sessionUserIds: number[];
  seedMs: number;
}

const COOKIE = 'qq_session';

/**
 * `users` visitors, ids 1..users in a fresh database. Ducks: about 25% have none, most of the rest
 * 1-20, a tail up to 300. Each visitor's ducks are one to three posted ledger rows adding up to them.
 * `sessions` visitors spread evenly over the ids get a session whose cookie the caller receives.
 */
export async function seedUsers(db: Db, users: number, sessions: number): Promise<Seeded> {
  const started = performance.now();
  const salt = randomBytes(6).toString('hex');
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(sql`
      insert into users (email, full_name, phone, instagram, cabin_owner, accepted_terms_at, created_at, ducks, pending_ducks, ducks_at)
      select 'bench-' || g || '@bench.invalid',
             (array['Ada','Grace','Alan','Linus','Mary','Tim','Hedy','Ken'])[1 + g % 8] || ' Visitor' || g,
             '', '', g % 7 = 0, signed_up, signed_up,
             ducks, 0,
             case when ducks = 0 then signed_up else signed_up + (now() - signed_up) * r3 end
      from (
        select g, signed_up,
               case when r1 < 0.25 then 0
                    when r1 < 0.92 then least(20, 1 + floor(-ln(1 - r2) * 6))::int
                    else least(300, 20 + floor(-ln(1 - r2) * 50))::int end as ducks,
               r3
        from (select g, random() r1, random() r2, random() r3,
                     now() - interval '14 days' * random() as signed_up
              from generate_series(1, ${users}::int) g) raw
      ) s`);
    await tx.execute(sql`
      insert into ledger (user_id, amount, posted, kind, reason, created_at)
      select u.id, u.ducks / k + case when i <= u.ducks % k then 1 else 0 end, true, 'adjustment', 'bench seed', u.ducks_at
      from (select id, ducks, ducks_at, least(3, ducks) k from users where ducks > 0) u
      cross join lateral generate_series(1, u.k) i`);
    // Token "bench<salt>-<id>": the cookie the load generator sends; the table keeps its SHA-256 as usual.
    const step = Math.max(1, Math.floor(users / sessions));
    await tx.execute(sql`
      insert into sessions (id_hash, user_id, expires_at)
      select encode(sha256(convert_to(${`bench${salt}-`} || id, 'UTF8')), 'hex'), id, now() + interval '30 days'
      from users where id % ${step} = 0 order by id limit ${sessions}`);
  });
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze ledger`);
  await db.execute(sql`vacuum analyze sessions`);
  const ids = await queryRows<{ user_id: string | number }>(db, sql`select user_id from sessions order by user_id`);
  const [ledgerCount] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from ledger`);
  const sessionUserIds = ids.map((r) => Number(r.user_id));
  return {
    users,
    ledgerRows: Number(ledgerCount?.n ?? 0),
    cookies: sessionUserIds.map((id) => `${COOKIE}=bench${salt}-${id}`),
    sessionUserIds,
    seedMs: performance.now() - started,
  };
}

export interface WriteFixtures {
  /** Scan checkpoints that the attempt+spin run completes, one per (visitor, checkpoint). */
  pairCheckpoints: { slug: string; qr: string }[];
  /** Cookies of visitors holding one unspent, already earned spin each (a visitor may appear several times). */
  spinCookies: string[];
  /** A reward with a large stock and a price of 1 duck; the claimers can pay for every claim the list allows. */
  claimItem: string;
  claimCookies: string[];
}

/**
 * Adds, to the active campaign, Scan checkpoints and a reward for the write benchmarks, and earned
 * but unspent spins (a valid scan and its entitlement, exactly what a real scan leaves behind).
 */
export async function seedWrites(db: Db, seeded: Seeded, spinsPerUser: number): Promise<WriteFixtures> {
  const [campaign] = await queryRows<{ id: string }>(db, sql`select id from campaigns where active`);
  if (!campaign) throw new Error('no active campaign');
  const now = Math.floor(Date.now() / 1000);
  const pairCheckpoints = [1, 2, 3, 4].map((n) => ({ slug: `bench-pair-${n}`, qr: `BENCH-PAIR-${n}` }));
  const spinSlugs = Array.from({ length: spinsPerUser }, (_, n) => `bench-spin-${n + 1}`);
  await db.transaction(async (tx) => {
    for (const [i, slug] of [...pairCheckpoints.map((c) => c.slug), ...spinSlugs].entries()) {
      await tx.execute(sql`
        insert into checkpoints (campaign_id, slug, title, subtitle, sequence, type, start_time, end_time, max_attempts, qr_texts)
        values (${campaign.id}, ${slug}, 'Bench scan', 'Made by bench/', ${900 + i}, 'Scan', ${now - 86_400}, ${now + 30 * 86_400}, 0,
                array[${slug.toUpperCase()}])`);
    }
    // One valid scan of each spin checkpoint per session visitor, each with its unspent spin.
    for (const slug of spinSlugs) {
      await tx.execute(sql`
        with a as (
          insert into attempts (user_id, checkpoint_id, answer, outcome, counted, created_at)
          select s.user_id, c.id, ${slug.toUpperCase()}, 'valid', true, now() - interval '1 minute'
          from sessions s, checkpoints c where c.slug = ${slug} and c.campaign_id = ${campaign.id}
          returning id, user_id)
        insert into spins (user_id, attempt_id, needs_review) select user_id, id, false from a`);
    }
    await tx.execute(sql`
      insert into rewards (campaign_id, item, price, stock, stock_loaded, description, eligibility, sequence)
      values (${campaign.id}, 'Bench Sticker', 1, 10000000, 10000000, 'A sticker for load tests', 'everyone', 900)`);
  });
  await db.execute(sql`vacuum analyze attempts`);
  await db.execute(sql`vacuum analyze spins`);

  const spinCookies: string[] = [];
  for (let round = 0; round < spinsPerUser; round++) spinCookies.push(...seeded.cookies);

  // Each claim costs 1 duck: a visitor appears in the rotation at most min(ducks, 20) times.
  const rows = await queryRows<{ user_id: string | number; ducks: number }>(
    db,
    sql`select s.user_id, u.ducks from sessions s join users u on u.id = s.user_id where u.ducks > 0 order by s.user_id`,
  );
  const byId = new Map(seeded.sessionUserIds.map((id, i) => [id, seeded.cookies[i]!]));
  const claimCookies: string[] = [];
  for (let round = 0; round < 20; round++) {
    for (const row of rows) if (row.ducks > round) claimCookies.push(byId.get(Number(row.user_id))!);
  }
  return {
    pairCheckpoints: pairCheckpoints.map((c) => ({ slug: c.slug, qr: c.qr })),
    spinCookies,
    claimItem: 'Bench Sticker',
    claimCookies,
  };
}
