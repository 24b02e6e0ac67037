// `npm run check`: fails, naming file:line, on a reference to a Markdown file that is not in the
// repository, a section of docs/product.md that has no heading, or a decision without a record.
// The rules are in doc-refs.ts. Run from anywhere inside the repository: `tsx scripts/check-doc-refs.ts`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkDocRefs, isScanned } from './doc-refs';

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && existsSync(path.join(root, file)));
const sources = tracked.filter(isScanned).map((file) => ({ path: file, text: readFileSync(path.join(root, file), 'utf8') }));

const problems = checkDocRefs(sources, new Set(tracked));
for (const problem of problems) console.error(`${problem.path}:${problem.line}: ${problem.message}`);
if (problems.length > 0) {
  console.error(`\n${problems.length} broken doc reference(s).`);
  process.exit(1);
}
console.log(`Doc references: ${sources.length} files checked, all resolve.`);
