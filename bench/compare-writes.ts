// Spins and claims per second of this tree against another revision, interleaved in one run (issue 34 part 3: the
// ledger's chains must keep the write path within 5%): `npx tsx bench/compare-writes.ts --compare <revision>
// [--rounds 4] [--db postgres,pglite] [--no-record]`. The revision is checked out in a git worktree under bench/out/
// with this tree's node_modules (removed at the end); each round runs `bench/run.ts --quick --writes-only --users 10000` once in each tree
// and each database, alternating which tree goes first, and the medians are compared. Recorded in bench/RESULTS.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine, loadAverage } from './machine';
import { replaceBlock } from './report';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function option(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const revision = option('--compare');
if (!revision) throw new Error('--compare <revision> is required: see the top of bench/compare-writes.ts');
const rounds = Number(option('--rounds', '4'));
const dbs = option('--db', 'postgres,pglite')!.split(',');
const record = !process.argv.includes('--no-record');

const commit = execFileSync('git', ['rev-parse', '--short', revision], { cwd: repoRoot, encoding: 'utf8' }).trim();
const other = path.join(repoRoot, 'bench/out', `tree-${commit}`);
if (!existsSync(other)) {
  mkdirSync(path.dirname(other), { recursive: true });
  execFileSync('git', ['worktree', 'add', '--detach', other, commit], { cwd: repoRoot, stdio: 'inherit' });
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(other, 'node_modules'));
}
/** The worktree goes when the run ends, however it ends. */
process.on('exit', () => {
  execFileSync('git', ['worktree', 'remove', '--force', other], { cwd: repoRoot, stdio: 'ignore' });
});

/** Each tree by its name in the table: 'this tree', or the revision's short commit. */
const trees: [string, string][] = [
  ['this tree', repoRoot],
  [commit, other],
];

/** Spins and claims per second of one run of bench/run.ts in `tree` on `db`. */
function measure(tree: string, db: string): { spins: number; claims: number } {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'bench/run.ts', '--quick', '--writes-only', '--db', db, '--users', '10000', '--no-record'],
    { cwd: tree, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const rate = (endpoint: string) => {
    const row = out.split('\n').findLast((line) => line.startsWith(`| ${endpoint} `));
    return Number(row?.split('|')[4]?.replace(/[ ,]/g, '') ?? NaN);
  };
  return { spins: rate('POST /api/spin'), claims: rate('POST /api/claims') };
}

const results = new Map<string, number[]>();
const add = (key: string, value: number) => results.set(key, [...(results.get(key) ?? []), value]);
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? trees : [...trees].reverse();
  for (const db of dbs) {
    for (const [side, tree] of order) {
      const { spins, claims } = measure(tree, db);
      add(`${db}|${side}|spins`, spins);
      add(`${db}|${side}|claims`, claims);
      console.log(`round ${round + 1} ${db} ${side}: ${spins} spins/s, ${claims} claims/s (load ${loadAverage()})`);
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const lines = [
  `| db | writes | ${commit} (median) | this tree (median) | ratio | runs (${commit}) | runs (this tree) |`,
  '| --- | --- | ---: | ---: | ---: | --- | --- |',
];
for (const db of dbs) {
  for (const kind of ['spins', 'claims']) {
    const before = results.get(`${db}|${commit}|${kind}`)!;
    const after = results.get(`${db}|this tree|${kind}`)!;
    lines.push(
      `| ${db} | ${kind}/s | ${median(before).toFixed(0)} | ${median(after).toFixed(0)} | ${(median(after) / median(before)).toFixed(2)} | ${before.join(', ')} | ${after.join(', ')} |`,
    );
  }
}
console.log(lines.join('\n'));
if (record) {
  const machine = describeMachine();
  await replaceBlock(
    path.join(repoRoot, 'bench/RESULTS.md'),
    'compare-writes',
    [
      '<!-- bench:compare-writes -->',
      `## Spins and claims against ${commit} (\`npx tsx bench/compare-writes.ts --compare ${revision}\`)`,
      '',
      `${new Date().toISOString().slice(0, 10)}, ${machine.cpu} (${machine.nproc} cores), ${rounds} interleaved rounds of \`bench/run.ts --quick --writes-only --users 10000\` per tree and database, load average ${loadAverage()} at the end.`,
      '',
      ...lines,
      '<!-- /bench:compare-writes -->',
    ].join('\n'),
  );
}
