// What the console dashboard costs (decision 021): `npx tsx bench/dashboard.ts [--db pglite,postgres]
// [--users 100000] [--runs 9] [--no-record] [--explain]`.
//
// Seeds visitors as `npm run bench` does (bench/seed.ts), then a festival's worth of play on the demo campaign:
// about five answers per visitor over 14 days (text and photo answers mostly approved, 2% still pending), a
// spent spin and its ledger row for each success, sign-ins spread over the days with some in the last 15
// minutes, and 500 claims. Then times, one after another, each statement of the dashboard, the two halves,
// and GET /api/console/dashboard with the caches off (every call reads everything) and with production
// caches (the visitor half cached, decision 021), against a baseline in the same run: one prepared
// primary-key query, and `count(*)` of the users. Records the medians in bench/RESULTS.md ("dashboard").
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import * as prettier from 'prettier';
import { buildApp } from '../apps/server/src/app';
import { overrideCacheSettings } from '../apps/server/src/cache/per-app';
import { NO_CACHES, PRODUCTION_CACHES } from '../apps/server/src/cache/settings';
import { applyPack } from '../apps/server/src/campaign/load';
import { readPack } from '../apps/server/src/campaign/pack';
import { parseEnv } from '../apps/server/src/config/env';
import {
  crewQueries,
  onOneCore,
  readCompletions,
  readCrewNumbers,
  readVisitorNumbers,
  visitorQueries,
} from '../apps/server/src/dashboard/dashboard';
import { type Database, openDatabase, queryRows, statement } from '../apps/server/src/db/client';
import { operators } from '../apps/server/src/db/schema';
import { CONSOLE_COOKIE, createConsoleSession } from '../apps/server/src/operators/console-session';
import { describeMachine } from './machine';
import { createPostgresDatabase } from './scratch-db';
import { seedUsers } from './seed';
import { startOfToday } from '../apps/server/src/text/time';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const argv = process.argv.slice(2);
const value = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const dbs = (value('--db') ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const users = Number(value('--users') ?? 100_000);
const runs = Number(value('--runs') ?? 9);
const record = !argv.includes('--no-record') && !argv.includes('--explain');
/** Print each statement's plan (EXPLAIN ANALYZE) instead of recording. */
const explain = argv.includes('--explain');
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Row {
  what: string;
  db: string;
  median: number;
  min: number;
  max: number;
  load1: number;
}

async function time(what: string, db: string, run: () => Promise<unknown>): Promise<Row> {
  await run(); // warm: plans, caches, pages
  const load1 = os.loadavg()[0]!;
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const row = { what, db, median: ms[Math.floor(ms.length / 2)]!, min: ms[0]!, max: ms.at(-1)!, load1 };
  console.log(
    `${db.padEnd(8)} ${what.padEnd(58)} median ${row.median.toFixed(1)} ms (${row.min.toFixed(1)}-${row.max.toFixed(1)})`,
  );
  return row;
}

/** A festival's worth of play by the seeded visitors, set-based (see the top of this file). */
async function seedPlay(db: Database['db'], campaignId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.21)`);
    await tx.execute(sql`update sessions set created_at = now() - interval '14 days' * random()`);
    await tx.execute(sql`update sessions set created_at = now() - interval '10 minutes' * random() where user_id % 50 = 0`);
    await tx.execute(sql`
      insert into attempts (user_id, checkpoint_id, answer, outcome, review, counted, created_at)
      select u.id, c.id, 'bench',
             case when c.type = 'MCQ' then case when random() < 0.7 then 'correct' else 'incorrect' end
                  when c.type in ('Str', 'Upload') then 'submitted' else 'valid' end,
             case when c.type in ('Str', 'Upload') then case when random() < 0.02 then 'pending' else 'approved' end end,
             true,
             u.created_at + (now() - u.created_at) * random()
      from users u
      join checkpoints c on c.campaign_id = ${campaignId} and c.sequence <= 1 + (u.id % 10)
      where u.id % 4 <> 0
      order by 7 -- ids in the order of time, as the server writes them
      `);
    await tx.execute(sql`
      insert into spins (user_id, attempt_id, needs_review, created_at, spent_at, ducks)
      select user_id, id, coalesce(review = 'pending', false), created_at, created_at + interval '5 seconds', 1 + floor(random() * 5)::int
      from attempts where outcome in ('valid', 'correct', 'submitted') order by id`);
    // The balances are the seed's; these rows only give the ledger its size (this bench runs no `ops verify`).
    await tx.execute(sql`
      insert into ledger (user_id, amount, posted, kind, spin_id, created_at)
      select user_id, ducks, not needs_review, 'spin', id, spent_at from spins order by spent_at`);
    await tx.execute(sql`
      insert into claims (user_id, reward_id, price, voucher_code, idempotency_key, created_at, redeemed_at, redeemed_by)
      select u.id, r.id, r.price, 'QQ-BENCH-' || u.id, 'bench-' || u.id, now() - interval '3 days' * random(),
             case when u.id % 3 = 0 then now() - interval '1 day' * random() end,
             case when u.id % 3 = 0 then 'bench@crew.invalid' end
      from (select id, row_number() over (order by id) k from users where ducks > 20 order by id limit 500) u
      join (select id, price, row_number() over (order by sequence) - 1 k, count(*) over () n
            from rewards where campaign_id = ${campaignId}) r on r.k = u.k % r.n`);
  });
  for (const table of ['sessions', 'attempts', 'spins', 'ledger', 'claims']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

async function benchOne(kind: 'pglite' | 'postgres'): Promise<Row[]> {
  const rows: Row[] = [];
  const scratch = kind === 'postgres' ? await createPostgresDatabase(adminUrl) : undefined;
  if (kind === 'postgres' && !scratch) return rows;
  const databaseUrl = scratch?.url;
  const dropDb = scratch?.drop;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-bench-dashboard-'));
  let database: Database | undefined;
  try {
    const env = parseEnv({
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PUBLIC_URL: 'https://quackquest.example',
      MAIL_FROM: 'QuackQuest <no-reply@quackquest.example>',
      VAPID_PUBLIC_KEY: 'BOKEXLypUiwig0lZlE7yr0fShY7Y-csXRbMV8KxjzLOxA79us5PuNkd5rCrtHLBheUhgVMfZNfKD4wqftPgaNRY',
      VAPID_PRIVATE_KEY: 't2Vw_x3l_biga8UmJa-BZEtFcEaztlt5mu8s2WZvSTU',
      ALLOW_EMBEDDED_DATABASE: '1',
      ALLOW_LOCAL_PHOTOS: '1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, poolSize: env.DATABASE_POOL_SIZE });
    const { db } = database;
    const { campaignId } = await applyPack(db, readPack(path.join(repoRoot, 'campaigns/demo')));
    const started = performance.now();
    await seedUsers(db, users, Math.min(users, 20_000));
    await seedPlay(db, campaignId);
    const [sizes] = await queryRows<Record<string, string | number>>(
      db,
      sql`select (select count(*) from attempts) attempts, (select count(*) from spins) spins,
                 (select count(*) from ledger) ledger, (select count(*) from sessions) sessions,
                 (select count(*) from claims) claims, (select count(*) from attempts where review = 'pending') pending`,
    );
    console.log(`[${kind}] seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(sizes)}`);

    const oneRow = statement<{ ducks: number }>('bench_dashboard_one_row', 'select ducks from users where id = $1');
    let nextId = 0;
    rows.push(await time('baseline: one prepared primary-key query', kind, () => oneRow(db, [1 + (nextId++ % users)])));
    rows.push(await time('baseline: select count(*) from users', kind, () => db.execute(sql`select count(*) from users`)));

    const now = Date.now();
    const today = startOfToday(now, 'Asia/Singapore');
    const statements: [string, SQL][] = [
      ...Object.entries(visitorQueries(campaignId, now, today)).map(([name, q]): [string, SQL] => [`visitor half: ${name}`, q]),
      ...Object.entries(crewQueries(campaignId, today)).map(([name, q]): [string, SQL] => [`crew half: ${name}`, q]),
    ];
    for (const [name, q] of statements) {
      // As the server runs them: the visitor half without parallel workers (onOneCore).
      const one = name.startsWith('visitor half') ? () => onOneCore(db, (tx) => tx.execute(q)) : () => db.execute(q);
      rows.push(await time(name, kind, one));
      if (explain) {
        const plan = await queryRows<Record<string, string>>(db, sql`explain analyze ${q}`);
        console.log(plan.map((line) => Object.values(line)[0]).join('\n'));
      }
    }
    rows.push(await time('visitors and activity (2 statements)', kind, () => readVisitorNumbers(db, campaignId, now, today)));
    rows.push(await time('completions (1 statement)', kind, () => readCompletions(db, campaignId, now)));
    rows.push(await time('crew half (3 statements)', kind, () => readCrewNumbers(db, campaignId, today)));

    const app = await buildApp({ env, database, logger: false });
    await app.ready();
    const admin = 'bench-admin@crew.invalid';
    await db.insert(operators).values({ email: admin, role: 'admin', addedBy: 'bench' });
    const cookie = `${CONSOLE_COOKIE}=${await createConsoleSession(db, admin, Date.now())}`;
    const get = async () => {
      const response = await app.inject({ method: 'GET', url: '/api/console/dashboard', headers: { cookie } });
      if (response.statusCode !== 200) throw new Error(`dashboard answered ${response.statusCode}: ${response.body}`);
    };
    overrideCacheSettings(app.ctx, NO_CACHES);
    rows.push(await time('GET /api/console/dashboard, caches off', kind, get));
    overrideCacheSettings(app.ctx, PRODUCTION_CACHES);
    rows.push(await time('GET /api/console/dashboard, production caches', kind, get));
    await app.close();
  } finally {
    await database?.close();
    await dropDb?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

async function main() {
  const machine = describeMachine();
  const started = performance.now();
  const rows: Row[] = [];
  for (const kind of dbs) rows.push(...(await benchOne(kind)));
  if (!record) return;
  const file = path.join(benchDir, 'RESULTS.md');
  const fmt = (x: number) => x.toFixed(1);
  const block = [
    '<!-- bench:dashboard -->',
    '### Latest dashboard run (`npx tsx bench/dashboard.ts`)',
    '',
    `${machine.date}; ${machine.nproc} cores (nproc), ${machine.cpu}; memory ${machine.memory}; Node ${machine.node}. ` +
      `${users.toLocaleString('en')} visitors; each row: one warm-up, then ${runs} calls one after another, in ms. ` +
      `Whole run: ${Math.round((performance.now() - started) / 1000)} s.`,
    '',
    '| what | db | median ms | min ms | max ms | load avg |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.what} | ${r.db} | ${fmt(r.median)} | ${fmt(r.min)} | ${fmt(r.max)} | ${r.load1.toFixed(1)} |`),
    '<!-- /bench:dashboard -->',
  ].join('\n');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const pattern = /<!-- bench:dashboard -->[\s\S]*?<!-- \/bench:dashboard -->/;
  const updated = pattern.test(text) ? text.replace(pattern, block) : `${text.trimEnd()}\n\n${block}\n`;
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(updated, { ...options, filepath: file }));
  console.log(`recorded in ${file}`);
}

await main();
