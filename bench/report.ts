// The results table, printed and kept in bench/RESULTS.md between markers (one block per mode).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as prettier from 'prettier';
import type { LoadResult } from './load';
import type { Machine } from './machine';

export interface Row {
  endpoint: string;
  db: string;
  users: number;
  result: LoadResult;
  /** Operations per second: requests, or attempt+spin pairs (two requests each). */
  opsPerSec: number;
  verified?: boolean;
  /** 1-minute load average just before the row ran: other work on the machine shows here. */
  load1?: number;
  /** % of one core: the server process, the load generator, all PostgreSQL processes. */
  cpu?: { server: number; generator: number; postgres?: number };
  /** Measured in rounds: req/s of each round; `result` is the round with the median ratio to its trivial. */
  rounds?: number[];
  /** Each round's req/s over the same round's trivial endpoint. */
  roundRatios?: number[];
  /** The trivial endpoint's req/s in the round shown. */
  baselineReqPerSec?: number;
}

const BASELINE = 'trivial (same app)';
const PLAIN = 'plain Fastify (no plugins)';

const fmt = (n: number, digits = 0) => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * A Markdown table; ratios are to the same run's trivial endpoint of the same app (for rows measured in rounds:
 * to the same round's, the median round shown, with the lowest and highest round after it), and to plain Fastify.
 */
export function formatTable(rows: Row[], context: Row[] = rows): string {
  const plain = context.find((r) => r.endpoint === PLAIN);
  const header = [
    '| endpoint | db | users | req/s | ops/s | vs trivial (same app) | vs plain Fastify | p50 ms | p99 ms | max ms | errors / non-2xx | CPU % server / load gen / postgres | load avg |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: |',
  ];
  const lines = rows.map((row) => {
    const baseline = context.find((r) => r.endpoint === BASELINE && r.db === row.db && r.users === row.users);
    const ratio = (base?: Row) => (base && base !== row ? `${fmt((100 * row.result.reqPerSec) / base.result.reqPerSec)}%` : '-');
    const pct = (x: number) => fmt(100 * x);
    const vsTrivial =
      row.baselineReqPerSec && row.endpoint !== BASELINE && row.roundRatios
        ? `${pct(row.result.reqPerSec / row.baselineReqPerSec)}%` +
          (row.roundRatios.length > 1 ? ` (${pct(Math.min(...row.roundRatios))}-${pct(Math.max(...row.roundRatios))})` : '')
        : ratio(baseline);
    const r = row.result;
    const failures = r.errors + r.non2xx;
    const failureText =
      failures === 0
        ? '0'
        : `${r.errors} errors (${r.timeouts} timeouts), ${r.non2xx} non-2xx ${JSON.stringify(r.statusCodes)}${r.firstFailure ? ` first: ${r.firstFailure.replace(/\|/g, '/')}` : ''}`;
    return `| ${row.endpoint} | ${row.db} | ${row.users ? fmt(row.users) : '-'} | ${fmt(r.reqPerSec)} | ${fmt(row.opsPerSec)} | ${vsTrivial} | ${ratio(plain)} | ${r.p50} | ${r.p99} | ${r.max} | ${failureText} | ${row.cpu ? `${row.cpu.server} / ${row.cpu.generator} / ${row.cpu.postgres ?? '-'}` : '-'} | ${row.load1 === undefined ? '-' : fmt(row.load1, 1)} |`;
  });
  return [...header, ...lines].join('\n');
}

export async function recordResults(
  file: string,
  run: {
    options: { quick: boolean; durationSec: number; connections: number; label?: string; instances?: number };
    machine: Machine;
    rows: Row[];
    elapsed: number;
  },
): Promise<void> {
  // A run with several instances keeps its own block: it adds rows to a full or quick run's.
  const mode = (run.options.instances ?? 1) > 1 ? 'instances' : run.options.quick ? 'quick' : 'full';
  const { machine } = run;
  const verified = [
    ...new Set(
      run.rows.filter((r) => r.verified !== undefined).map((r) => `${r.db} ${fmt(r.users)}: ${r.verified ? 'ok' : 'BROKEN'}`),
    ),
  ];
  const block = [
    `<!-- bench:${mode} -->`,
    `### Latest ${mode} run${run.options.label ? `: ${run.options.label}` : ''}`,
    '',
    `${machine.date}; ${machine.nproc} cores (nproc), ${machine.cpu}; memory ${machine.memory}; Node ${machine.node}` +
      `${machine.postgres ? `; PostgreSQL ${machine.postgres}` : ''}. ${run.options.connections} connections, ` +
      `${run.options.durationSec} s per row, load generator (autocannon) in a separate process on the same machine. ` +
      `Whole run: ${fmt(run.elapsed)} s.`,
    '',
    formatTable(run.rows),
    '',
    `\`ops verify\` after each database: ${verified.join('; ')}.`,
    `<!-- /bench:${mode} -->`,
  ].join('\n');
  await replaceBlock(file, mode, block);
}

/**
 * Puts `block` (which starts with `<!-- bench:MODE -->` and ends with `<!-- /bench:MODE -->`) in place of the file's
 * block of that mode, or at the end; formatted as `npm run check` expects (prettier pads the tables).
 */
export async function replaceBlock(file: string, mode: string, block: string): Promise<void> {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  const pattern = new RegExp(`<!-- bench:${mode} -->[\\s\\S]*?<!-- /bench:${mode} -->`);
  const updated = pattern.test(text) ? text.replace(pattern, () => block) : `${text.trimEnd()}\n\n${block}\n`;
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(updated, { ...options, filepath: file }));
}
