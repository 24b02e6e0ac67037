// The rules of `npm run check`'s doc-reference check (scripts/check-doc-refs.ts), pure so they can be
// tested: every reference to a Markdown file must name a file of the repository, every cited section of
// docs/product.md must be one of its headings, and every cited decision must have its record.
import path from 'node:path';

export const PRODUCT_DOC = 'docs/product.md';
export const DECISIONS_DIR = 'docs/decisions';

/** The files scanned for references: text that people read or that carries comments. */
export const SCANNED_EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.md', '.json', '.yaml', '.yml', '.css', '.html', '.sh'];

/** A line holding this marker is not checked (for text that must name a missing file on purpose). */
export const IGNORE_MARKER = 'doc-refs: ignore';

export interface SourceFile {
  path: string;
  text: string;
}

export interface Problem {
  path: string;
  line: number;
  message: string;
}

const URL = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;
const MD_TOKEN = /[\w./-]*\w\.md\b/g;
const SECTION = /§\s?(\d+(?:\.\d+)*)/g;
const DECISION = /\bdecisions?\s+(\d{1,3}(?:(?:\s*,\s*|\s+and\s+|\s*\/\s*)\d{1,3})*)\b/gi;
const HEADING = /^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/;

/** The section numbers of a Markdown text's numbered headings ("## 6. Validation rules" gives "6"). */
export function headingNumbers(markdown: string): Set<string> {
  const numbers = new Set<string>();
  for (const line of markdown.split('\n')) {
    const match = HEADING.exec(line);
    if (match?.[1]) numbers.add(match[1]);
  }
  return numbers;
}

/** Decision numbers with a record in docs/decisions/ ("docs/decisions/010-hot-writes-in-sql.md" gives 10). */
export function decisionNumbers(tracked: Iterable<string>): Set<number> {
  const numbers = new Set<number>();
  for (const file of tracked) {
    const match = /^docs\/decisions\/(\d+)-[^/]+\.md$/.exec(file);
    if (match?.[1]) numbers.add(Number(match[1]));
  }
  return numbers;
}

/** Whether a Markdown reference made in `from` names a tracked file. */
export function resolves(reference: string, from: string, tracked: ReadonlySet<string>, basenames: ReadonlySet<string>): boolean {
  const candidates = [reference.replace(/^\/+/, ''), path.posix.join(path.posix.dirname(from), reference)];
  if (candidates.some((candidate) => tracked.has(path.posix.normalize(candidate)))) return true;
  // A bare name ("terms.md" of a campaign pack) is a file of that name somewhere in the repository.
  return !reference.includes('/') && basenames.has(reference);
}

/** Every broken reference of the given files. `tracked` is every file of the repository. */
export function checkDocRefs(sources: readonly SourceFile[], tracked: ReadonlySet<string>): Problem[] {
  const basenames = new Set([...tracked].map((file) => path.posix.basename(file)));
  const product = sources.find((source) => source.path === PRODUCT_DOC);
  const sections = product ? headingNumbers(product.text) : new Set<string>();
  const decisions = decisionNumbers(tracked);
  const problems: Problem[] = [];

  for (const source of sources) {
    source.text.split('\n').forEach((raw, index) => {
      if (raw.includes(IGNORE_MARKER)) return;
      const line = raw.replace(URL, ' ');
      const report = (message: string) => problems.push({ path: source.path, line: index + 1, message });

      for (const match of line.matchAll(MD_TOKEN)) {
        const reference = match[0];
        if (!resolves(reference, source.path, tracked, basenames)) {
          report(`${reference}: no such file in the repository`);
        }
      }

      // Sections are checked after a mention of product.md on the same line, or anywhere in product.md.
      const at = source.path === PRODUCT_DOC ? 0 : line.indexOf('product.md');
      if (at >= 0) {
        for (const match of line.slice(at).matchAll(SECTION)) {
          const section = match[1] ?? '';
          if (!product) report(`${PRODUCT_DOC} §${section}: ${PRODUCT_DOC} does not exist`);
          else if (!sections.has(section)) report(`${PRODUCT_DOC} §${section}: no such numbered heading`);
        }
      }

      for (const match of line.matchAll(DECISION)) {
        for (const number of (match[1] ?? '').match(/\d+/g) ?? []) {
          if (!decisions.has(Number(number))) report(`decision ${number}: no record in ${DECISIONS_DIR}/`);
        }
      }
    });
  }
  return problems;
}

export function isScanned(file: string): boolean {
  if (file === 'package-lock.json') return false;
  return SCANNED_EXTENSIONS.includes(path.posix.extname(file));
}
