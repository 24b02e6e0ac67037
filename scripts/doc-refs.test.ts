import { describe, expect, it } from 'vitest';
import { checkDocRefs, headingNumbers } from './doc-refs';

// Fixture texts are assembled at run time, so this file itself names no missing doc, section or decision
// (the check scans it too).
const md = (name: string) => `${name}.${'md'}`;
const section = (n: string) => `${md('docs/product')} §${n}`;
const decision = (n: string) => `decision ${n}`;

const product = {
  path: md('docs/product'),
  text: '# Product\n\n## 1. What it is\n\n## 6. Validation rules\n\n### 2.7 One screen\n',
};
const tracked = new Set([
  md('docs/product'),
  md('docs/decisions/010-hot-writes-in-sql'),
  md('docs/decisions/README'),
  md('bench/RESULTS'),
  md('campaigns/singapore-2025/terms'),
  'apps/web/src/routes/spin.tsx',
]);

function check(path: string, text: string) {
  return checkDocRefs([product, { path, text }], tracked);
}

describe('checkDocRefs', () => {
  it('passes on existing docs, sections and decisions', () => {
    const text = [
      `// ${section('6')} and §1; ${section('2.7')}`,
      `// ${md('bench/RESULTS')}, ${md('docs/decisions/010-hot-writes-in-sql')}, ${decision('010')}, ${decision('10')}`,
      `// a pack's ${md('terms')}; https://example.com/${md('ELSEWHERE')}`,
    ].join('\n');
    expect(check('apps/web/src/routes/spin.tsx', text)).toEqual([]);
  });

  it('resolves a reference relative to the referring file', () => {
    expect(check(md('docs/decisions/010-hot-writes-in-sql'), `[index](${md('README')}) [p](../${md('product')})`)).toEqual([]);
    expect(check(md('docs/decisions/010-hot-writes-in-sql'), `[bench](../${md('RESULTS')})`)).toHaveLength(1);
  });

  it('reports a missing doc with its file and line', () => {
    expect(check('apps/web/src/routes/spin.tsx', `// ok\n// see ${md('SPEC')} section 2`)).toEqual([
      { path: 'apps/web/src/routes/spin.tsx', line: 2, message: `${md('SPEC')}: no such file in the repository` },
    ]);
    expect(check('x.ts', `// ${md('docs/missing')}`)).toHaveLength(1);
  });

  it('reports a missing section of docs/product.md', () => {
    const problems = check('x.ts', `// ${section('6')}, §99 and ${section('2.8')}`);
    expect(problems.map((p) => p.message)).toEqual([
      `${md('docs/product')} §99: no such numbered heading`,
      `${md('docs/product')} §2.8: no such numbered heading`,
    ]);
  });

  it('checks the sections product.md cites of itself', () => {
    const self = { path: product.path, text: `${product.text}\nSee §6 and §42.\n` };
    expect(checkDocRefs([self], tracked).map((p) => p.message)).toEqual([`${md('docs/product')} §42: no such numbered heading`]);
  });

  it('reports a missing decision record', () => {
    expect(check('x.ts', `// ${decision('010')} and ${decision('014')}`).map((p) => p.message)).toEqual([
      `${decision('014')}: no record in docs/decisions/`,
    ]);
    expect(check('x.ts', `// ${decision('010').replace('decision', 'decisions')} and 7`)).toHaveLength(1);
  });

  it('reads numbered headings', () => {
    expect([...headingNumbers(product.text)]).toEqual(['1', '6', '2.7']);
  });
});
