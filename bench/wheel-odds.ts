// The verifiable wheel keeps the pack's odds (issue 34 part 2, decision 082): a million spins worked out with the
// published procedure (packages/contract/src/wheel.ts, the code the check page runs) from random day seeds, visitor
// seeds and spin numbers as a festival makes them, counted per number of ducks and compared with the odds by a
// chi-square test (4 degrees of freedom). `npx tsx bench/wheel-odds.ts [--spins 1000000] [--no-record]`.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spinDucks, wheelOdds } from '@quackquest/contract';
import { describeMachine } from './machine';
import { replaceBlock } from './report';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const spins = Number(option('--spins', '1000000'));
const record = !process.argv.includes('--no-record');

// The demo pack's weights (campaigns/singapore-2025/campaign.yaml).
const weights = { '1': 35, '2': 25, '3': 20, '4': 12, '5': 8 };
const odds = wheelOdds(weights);
const total = odds.reduce((sum, weight) => sum + weight, 0);

// 14 days, 20,000 visitors with seeds of 16 hex digits (as the server gives) and spin numbers counting up as spins
// are earned, a few per visitor a day.
const days = Array.from({ length: 14 }, () => randomBytes(32).toString('hex'));
const visitors = Array.from({ length: 20_000 }, () => randomBytes(8).toString('hex'));
const counts = [0, 0, 0, 0, 0];
const started = process.hrtime.bigint();
for (let i = 0; i < spins; i += 1000) {
  const batch = [];
  for (let j = i; j < Math.min(i + 1000, spins); j++) {
    batch.push(spinDucks(days[Math.floor((j / spins) * days.length)]!, visitors[j % visitors.length]!, j + 1, odds));
  }
  for (const ducks of await Promise.all(batch)) counts[ducks - 1]!++;
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;

const expected = odds.map((weight) => (spins * weight) / total);
const chiSquare = counts.reduce((sum, observed, i) => sum + (observed - expected[i]!) ** 2 / expected[i]!, 0);
// With 4 degrees of freedom the chi-square's upper tail is exp(-x/2)(1 + x/2).
const pValue = Math.exp(-chiSquare / 2) * (1 + chiSquare / 2);
const rows = counts.map((observed, i) => {
  const share = observed / spins;
  const p = odds[i]! / total;
  // One standard error of a share of n draws.
  const se = Math.sqrt((p * (1 - p)) / spins);
  return `| ${i + 1} | ${(p * 100).toFixed(2)}% | ${observed.toLocaleString('en')} | ${(share * 100).toFixed(3)}% | ${((share - p) / se).toFixed(2)} |`;
});

const machine = describeMachine();
const block = [
  '<!-- bench:wheel-odds -->',
  "## The verifiable wheel's odds (`npx tsx bench/wheel-odds.ts`, decision 082)",
  '',
  `${machine.date}, ${machine.cpu} (${machine.nproc} cores), Node ${machine.node}: ${spins.toLocaleString('en')} spins worked out by the check page's code in ${seconds.toFixed(1)} s (${Math.round(spins / seconds).toLocaleString('en')} a second).`,
  '',
  '| ducks | the odds | spins | share | off by (standard errors) |',
  '| ---: | ---: | ---: | ---: | ---: |',
  ...rows,
  '',
  `Chi-square ${chiSquare.toFixed(2)} with 4 degrees of freedom: p = ${pValue.toFixed(3)} (a p above 0.01 is within sampling error).`,
  '',
  '<!-- /bench:wheel-odds -->',
].join('\n');
console.log(block);
if (record) await replaceBlock(path.join(repoRoot, 'bench/RESULTS.md'), 'wheel-odds', block);
