// The prize committee's reads at festival size (issue 32, decisions 074 and 075), on PGlite and on PostgreSQL: the
// winners' list with its vetting (how the ducks came, the crew's changes, the accounts sharing a phone, a browser or an
// address) for the top 100, and the audit trail filtered by one visitor. Baselines, interleaved in the same run and
// database: the list without the vetting (as it was before), and the trail's first page unfiltered.
// Usage: npx tsx bench/winners.ts [--users 50000] [--audit 200000] [--rounds 5] [--db pglite|postgres|both] [--no-record]
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { listAudit } from '../apps/server/src/audit/audit';
import { applyPack } from '../apps/server/src/campaign/load';
import { readPack } from '../apps/server/src/campaign/pack';
import { openDatabase } from '../apps/server/src/db/client';
import { vettingOf } from '../apps/server/src/winners/vetting';
import { previewWinners } from '../apps/server/src/winners/winners';
import { describeMachine, loadAverage } from './machine';
import { createPostgresDatabase } from './scratch-db';
import { seedUsers } from './seed';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '50000' },
    audit: { type: 'string', default: '200000' },
    rounds: { type: 'string', default: '5' },
    db: { type: 'string', default: 'both' },
    'no-record': { type: 'boolean', default: false },
  },
});
const USERS = Number(values.users);
const AUDIT_ROWS = Number(values.audit);
const ROUNDS = Number(values.rounds);
const root = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function run(kind: 'pglite' | 'postgres') {
  const scratch = kind === 'postgres' ? await createPostgresDatabase(adminUrl) : undefined;
  if (kind === 'postgres' && !scratch) return {};
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-bench-winners-'));
  const database = await openDatabase({ databaseUrl: scratch?.url, dataDir });
  try {
    const { db } = database;
    await applyPack(db, readPack(path.join(root, 'campaigns/demo')));
    await seedUsers(db, USERS, 1);
    // A festival's signals: phones (one in 20 shared with another account), sign-ups from 300 addresses (the ship's
    // and the visitors' own), one browser in 30 used for two accounts; and an audit trail of reviews, adjustments
    // and blocks about the visitors.
    await db.execute(sql`
      update users set phone = '+65 ' || (80000000 + (id * 7919) % ${Math.floor(USERS * 0.95)})::text`);
    await db.execute(sql`
      insert into signup_signals (user_id, at, network, browser)
      select id, created_at, 'net-' || (id % 300), 'browser-' || case when id % 30 = 0 then id - 1 else id end
      from users`);
    await db.execute(sql`
      insert into audit_log (at, actor, action, subject, before, after)
      select now() - interval '14 days' * random(),
             'crew' || (g % 10) || '@crew.example',
             (array['review.approve','review.reject','participant.adjust_ducks','participant.block','participant.view'])[1 + g % 5],
             case when g % 5 < 2 then 'attempt ' || g || ' (user:' || (1 + g % ${USERS}) || ', day-03)'
                  else 'user:' || (1 + g % ${USERS}) end,
             '{}'::jsonb, '{"reason": "bench"}'::jsonb
      from generate_series(1, ${AUDIT_ROWS}::int) g`);
    await db.execute(sql`vacuum analyze users`);
    await db.execute(sql`vacuum analyze signup_signals`);
    await db.execute(sql`vacuum analyze audit_log`);
    const top = await previewWinners(db, { top: 100 });
    const someone = top[0]!.userId;
    const times: Record<string, number[]> = { list: [], vetted: [], trail: [], trailOfOne: [] };
    for (let round = 0; round < ROUNDS; round++) {
      // Interleaved, so that neither profits from a warmer cache or a quieter moment.
      times.list!.push(await timed(() => previewWinners(db, { top: 100 })));
      times.vetted!.push(
        await timed(async () => {
          const winners = await previewWinners(db, { top: 100 });
          await vettingOf(
            db,
            winners.map((w) => w.userId),
          );
        }),
      );
      times.trail!.push(await timed(() => listAudit(db, { limit: 50 })));
      times.trailOfOne!.push(await timed(() => listAudit(db, { limit: 50, user: someone })));
    }
    return Object.fromEntries(Object.entries(times).map(([name, ms]) => [name, median(ms)]));
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

const WHAT: Record<string, string> = {
  list: 'baseline: the top 100 with their flags, no vetting',
  vetted: 'the top 100 with their vetting (GET /api/console/winners)',
  trail: 'baseline: the audit trail, first page of 50',
  trailOfOne: 'the audit trail of one visitor, first page (?user=)',
};

const machine = describeMachine();
const loadBefore = loadAverage();
const lines: string[] = [];
for (const kind of values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as 'pglite' | 'postgres']) {
  const results = await run(kind);
  for (const [name, ms] of Object.entries(results)) {
    const line = `| ${kind} | ${WHAT[name]} | ${ms.toFixed(1)} |`;
    lines.push(line);
    console.log(line);
  }
}
const block = [
  '',
  `## The committee's reads, ${USERS.toLocaleString('en')} visitors and ${AUDIT_ROWS.toLocaleString('en')} audit rows (bench/winners.ts, ${machine.date.slice(0, 10)})`,
  '',
  `${machine.nproc} cores, ${machine.cpu}, ${machine.memory}, Node ${machine.node}; load average ${loadBefore} before, ${loadAverage()} after (1, 5, 15 min; the machine is shared).`,
  `Median of ${ROUNDS} interleaved rounds, each call alone (no other load).`,
  '',
  '| database | what | ms |',
  '| --- | --- | --- |',
  ...lines,
  '',
].join('\n');
if (!values['no-record']) appendFileSync(path.join(root, 'bench/RESULTS.md'), block);
console.log(block);
