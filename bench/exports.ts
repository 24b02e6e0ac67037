// The leaderboard export at 100k visitors (decision 022), on PGlite and on PostgreSQL: how long the whole
// file takes, how long the event loop is held at most meanwhile, and how long a one-row query made during
// the export waits. Baseline, in the same run and database: the same rows read with one plain SELECT, all at
// once, without CSV. Usage: npx tsx bench/exports.ts [--users 100000] [--db pglite|postgres|both] [--no-record]
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { applyPack } from '../apps/server/src/campaign/load';
import { readPack } from '../apps/server/src/campaign/pack';
import { type Db, openDatabase, queryRows } from '../apps/server/src/db/client';
import { exportCsv } from '../apps/server/src/exports/exports';
import { describeMachine } from './machine';
import { createPostgresDatabase } from './scratch-db';
import { seedUsers } from './seed';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'both' },
    'no-record': { type: 'boolean', default: false },
  },
});
const USERS = Number(values.users);
const root = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Measure {
  ms: number;
  /** The longest the event loop was held (p100 of its delay), ms. */
  loopMaxMs: number;
  /** The slowest `select 1` issued every 20 ms while it ran, ms. */
  probeMaxMs: number;
  rows: number;
  bytes: number;
}

async function measure(db: Db, work: () => Promise<{ rows: number; bytes: number }>): Promise<Measure> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  let probing = true;
  let probeMaxMs = 0;
  const probes = (async () => {
    while (probing) {
      const started = performance.now();
      await db.execute(sql`select 1`);
      probeMaxMs = Math.max(probeMaxMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  loop.enable();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  loop.disable();
  probing = false;
  await probes;
  return { ms, loopMaxMs: loop.max / 1e6, probeMaxMs, ...result };
}

async function run(kind: 'pglite' | 'postgres') {
  const scratch = kind === 'postgres' ? await createPostgresDatabase(adminUrl) : undefined;
  if (kind === 'postgres' && !scratch) return {};
  const databaseUrl = scratch?.url;
  const drop = scratch?.drop ?? (async () => {});
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-bench-exports-'));
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const { db } = database;
    await applyPack(db, readPack(path.join(root, 'campaigns/demo')));
    await seedUsers(db, USERS, 1);
    const results: Record<string, Measure> = {};
    for (let round = 0; round < 2; round++) {
      // Alternately, so that neither profits from a warmer cache.
      results.baseline = await measure(db, async () => {
        const rows = await queryRows<Record<string, unknown>>(
          db,
          sql`select id, full_name, email, phone, instagram, cabin_owner, ducks, pending_ducks, ducks_at from users
              order by ducks desc nulls last, ducks_at, id`,
        );
        return { rows: rows.length, bytes: 0 };
      });
      results.export = await measure(db, async () => {
        const file = await exportCsv(db, 'leaderboard', { actor: 'bench', now: new Date(), timeZone: 'Asia/Singapore' });
        let bytes = 0;
        for await (const chunk of file.chunks) bytes += Buffer.byteLength(chunk);
        return { rows: file.rows(), bytes };
      });
    }
    return results;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    await drop();
  }
}

const machine = describeMachine();
const loadBefore = os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
const lines: string[] = [];
for (const kind of values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as 'pglite' | 'postgres']) {
  const results = await run(kind);
  for (const [name, m] of Object.entries(results)) {
    const line = `| ${kind} | ${name === 'export' ? 'leaderboard CSV (cursor, 1000-row pages)' : 'baseline: one SELECT of the same rows, no CSV'} | ${m.rows} | ${m.bytes ? `${(m.bytes / 2 ** 20).toFixed(1)} MiB` : '-'} | ${m.ms.toFixed(0)} | ${m.loopMaxMs.toFixed(0)} | ${m.probeMaxMs.toFixed(0)} |`;
    lines.push(line);
    console.log(line);
  }
}
const loadAfter = os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
const block = [
  '',
  `## Leaderboard export, ${USERS.toLocaleString('en')} visitors (bench/exports.ts, ${machine.date.slice(0, 10)})`,
  '',
  `${machine.nproc} cores, ${machine.cpu}, ${machine.memory}, Node ${machine.node}; load average ${loadBefore} before, ${loadAfter} after (1, 5, 15 min; the machine is shared).`,
  'Second of two alternating rounds. "Loop held" is the longest event-loop delay while it ran; "probe" the slowest',
  '`select 1` sent every 20 ms meanwhile (on PGlite a transaction holds the one connection, decision 012).',
  '',
  '| database | what | rows | size | total ms | loop held max ms | probe max ms |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...lines,
  '',
].join('\n');
if (!values['no-record']) appendFileSync(path.join(root, 'bench/RESULTS.md'), block);
console.log(block);
