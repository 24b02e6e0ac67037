// Web budgets (docs/product.md §13, decision 006): `npm run bench:web`.
//
// 1. Builds the visitor app into a temporary folder (Vite CLI, `--manifest` on the command line only).
// 2. Per route of apps/web/src/app/routes.tsx, adds up the gzipped JavaScript loaded before that route's
//    first render: the entry chunk and its static imports (the built index.html's script and
//    modulepreload tags, cross-checked with .vite/manifest.json), then each lazy chunk on the way to the
//    route (the signed-in layout, the screen) with its static imports. Budget: 100 kB for `/`.
// 3. Starts the real server (apps/server/src/server.ts, own process) on a loopback port with WEB_DIST set
//    to that build, a temporary DATA_DIR (embedded database, demo campaign) and the dev outbox, signs a
//    visitor up through the API, and runs Lighthouse 12 (default config: mobile, simulated throttling)
//    in /usr/bin/chromium on `/` (signed out: a first visit), `/checkpoints`, `/rewards`, `/leaderboard` and
//    `/my-rewards` (signed in).
// 4. The throttled run (bench/throttled.ts; issue 17, decision 035): first and second visits and the time until
//    the scanner is ready over an emulated ship connection (400 kbit/s, 400 ms), without and with the service
//    worker, in the same run against the same server.
// 5. Prints the tables and records them in bench/WEB-RESULTS.md (one block per --label).
//
// Options: --label <text> (block name in WEB-RESULTS.md, default "latest"), --runs <n> (Lighthouse runs
//          per page, the median by performance is kept; default 3), --no-lighthouse, --no-throttled, --no-record,
//          --keep (keep the temporary build, data and Lighthouse JSON reports), --pages /,/rewards (a subset).
import { type ChildProcess, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
// chrome-launcher comes with lighthouse (its own launcher); the types are the ones it ships.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { chromium } from 'playwright-core';
import * as prettier from 'prettier';
import { hasExited, waitForHealth } from '../apps/server/test/wait-for-health';
import { paths } from '../apps/web/src/lib/paths';
import { describeMachine } from './machine';
import { type Visitor, buildWeb, createVisitor, freePort, startServer } from './web-stack';
import { THROTTLE, type ThrottledResult, formatThrottled, runThrottled } from './throttled';
import { chromiumArgs } from '../e2e/support/ports';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const webDir = path.join(repoRoot, 'apps/web');
const resultsFile = path.join(benchDir, 'WEB-RESULTS.md');

const CHROME_PATH = '/usr/bin/chromium';
// The same flags the browser journeys use, headless for Lighthouse's own launcher.
const CHROME_FLAGS = ['--headless=new', ...chromiumArgs];
/** kB as Vite prints them: 1 kB = 1,000 bytes. */
const BUDGET_KB = 100;
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100 } as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const PAGES = [
  { path: paths.welcome, signedIn: false },
  { path: paths.checkpoints, signedIn: true },
  { path: paths.rewards, signedIn: true },
  { path: paths.leaderboard, signedIn: true },
  { path: paths.myRewards, signedIn: true },
];

interface Options {
  label: string;
  runs: number;
  lighthouse: boolean;
  throttled: boolean;
  record: boolean;
  keep: boolean;
  pages: typeof PAGES;
}

function parseOptions(argv: string[]): Options {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const runs = Number(value('--runs') ?? 3);
  if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new Error('--runs takes a whole number from 1 to 9');
  const pages = value('--pages')
    ?.split(',')
    .map((p) => p.trim());
  if (pages?.some((p) => !PAGES.some((page) => page.path === p))) {
    throw new Error(`--pages takes some of ${PAGES.map((page) => page.path).join(',')}`);
  }
  return {
    label: value('--label') ?? 'latest',
    runs,
    lighthouse: !argv.includes('--no-lighthouse'),
    throttled: !argv.includes('--no-throttled'),
    record: !argv.includes('--no-record'),
    keep: argv.includes('--keep'),
    pages: pages ? PAGES.filter((page) => pages.includes(page.path)) : PAGES,
  };
}

// ---------------------------------------------------------------------------------------------------
// Build and JavaScript sizes

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function build(outDir: string): void {
  buildWeb(outDir, repoRoot, ['--manifest']);
}

interface RouteInfo {
  path: string;
  /** Lazy modules on the way to the screen, outermost first (manifest keys, e.g. src/routes/welcome.tsx). */
  lazy: string[];
}

/**
 * Reads the route table from routes.tsx: the lazy screens (`const Screen = lazy(...)` or any helper
 * around `() => import('...')`, directly or through a `const loadX = () => import('...')`), and the
 * nesting of `<Route ...>` elements (a layout route's lazy element loads before its children's).
 */
function readRoutes(): RouteInfo[] {
  const file = path.join(webDir, 'src/app/routes.tsx');
  const source = readFileSync(file, 'utf8');
  const resolve = (specifier: string) => {
    const base = path.posix.join('src/app', specifier);
    const found = ['.tsx', '.ts'].map((ext) => base + ext).find((f) => existsSync(path.join(webDir, f)));
    if (!found) throw new Error(`routes.tsx: cannot find the module ${specifier}`);
    return found;
  };
  const loaders = new Map<string, string>();
  for (const m of source.matchAll(/^const (\w+)(?::[^=]+)? = \(\) => import\('([^']+)'\)/gm)) loaders.set(m[1]!, resolve(m[2]!));
  const lazyModules = new Map<string, string>();
  for (const m of source.matchAll(/^const ([A-Z]\w*) = (.*)$/gm)) {
    const specifier = /import\('([^']+)'\)/.exec(m[2]!)?.[1];
    const loader = [...loaders.keys()].find((name) => new RegExp(`\\b${name}\\b`).test(m[2]!));
    const module = specifier ? resolve(specifier) : loader ? loaders.get(loader) : undefined;
    if (module) lazyModules.set(m[1]!, module);
  }
  const pathValues = paths as Record<string, unknown>;
  const routes: RouteInfo[] = [];
  const layouts: (string | undefined)[] = [];
  // Attribute values are {...} without nested braces ({paths.x}, {<Screen />}), or "...".
  for (const m of source.matchAll(/<Route\b((?:[^>{]|\{[^}]*\})*?)(\/?)>|<\/Route>/g)) {
    if (m[0] === '</Route>') {
      layouts.pop();
      continue;
    }
    const attributes = m[1] ?? '';
    const element = /element=\{<(\w+)\s*\/>\}/.exec(attributes)?.[1];
    const lazyModule = element ? lazyModules.get(element) : undefined;
    if (m[2] !== '/') {
      layouts.push(lazyModule);
      continue;
    }
    const fromPaths = /path=\{paths\.(\w+)\}/.exec(attributes)?.[1];
    const literal = /path="([^"]+)"/.exec(attributes)?.[1];
    const routePath = fromPaths ? pathValues[fromPaths] : literal;
    if (typeof routePath !== 'string') throw new Error(`routes.tsx: cannot read the path of ${m[0]}`);
    routes.push({ path: routePath, lazy: [...layouts, lazyModule].filter((x): x is string => Boolean(x)) });
  }
  for (const page of PAGES) {
    if (!routes.some((r) => r.path === page.path)) throw new Error(`routes.tsx: no route for ${page.path}`);
  }
  return routes;
}

interface Sizes {
  files: string[];
  raw: number;
  gzip: number;
}

function measure(distDir: string, files: Iterable<string>): Sizes {
  const list = [...new Set(files)].filter((f) => f.endsWith('.js')).sort();
  let raw = 0;
  let gzip = 0;
  for (const file of list) {
    const bytes = readFileSync(path.join(distDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: list, raw, gzip };
}

interface RouteSizes {
  path: string;
  lazy: string[];
  entry: Sizes;
  route: Sizes;
  total: Sizes;
  css: number;
}

function measureRoutes(distDir: string): { rows: RouteSizes[]; warnings: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const warnings: string[] = [];
  const closure = (keys: string[]): Set<string> => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      if (!manifest[key]) throw new Error(`manifest: no chunk ${key} (is the route table out of date?)`);
      seen.add(key);
      for (const i of manifest[key].imports ?? []) visit(i);
    };
    keys.forEach(visit);
    return seen;
  };
  const filesOf = (keys: Iterable<string>) => [...keys].map((k) => manifest[k]!.file);
  const cssOf = (keys: Iterable<string>) => [...keys].flatMap((k) => manifest[k]!.css ?? []);

  // What the browser fetches before any route code: the built index.html's module script and preloads.
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const htmlJs = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\brel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  const htmlCss = [...html.matchAll(/<link[^>]*\brel="stylesheet"[^>]*\bhref="\/([^"]+\.css)"/g)].map((m) => m[1]!);
  // The visitor app's entry only: console.html is the operator console's own entry (docs/product.md §15),
  // never loaded by a visitor.
  const entryKeys = closure(Object.keys(manifest).filter((k) => manifest[k]!.isEntry && k === 'index.html'));
  const entryFiles = new Set([...filesOf(entryKeys).filter((f) => f.endsWith('.js')), ...htmlJs]);
  const fromManifestOnly = filesOf(entryKeys).filter((f) => f.endsWith('.js') && !htmlJs.includes(f));
  if (fromManifestOnly.length) warnings.push(`entry imports not preloaded by index.html: ${fromManifestOnly.join(', ')}`);
  const entry = measure(distDir, entryFiles);

  const rows = readRoutes().map((route) => {
    const keys = closure(route.lazy);
    for (const k of entryKeys) keys.delete(k);
    const routeFiles = filesOf(keys).filter((f) => !entryFiles.has(f));
    const cssFiles = new Set([...htmlCss, ...cssOf(entryKeys), ...cssOf(keys)]);
    const css = [...cssFiles].reduce((sum, f) => sum + gzipSync(readFileSync(path.join(distDir, f)), { level: 9 }).length, 0);
    return {
      path: route.path,
      lazy: route.lazy,
      entry,
      route: measure(distDir, routeFiles),
      total: measure(distDir, [...entryFiles, ...routeFiles]),
      css,
    };
  });
  return { rows, warnings };
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

function formatSizes(rows: RouteSizes[]): string {
  const lines = [
    '| route | lazy modules before first render | JS files | entry gz kB | route gz kB | total gz kB | total raw kB | CSS gz kB | budget (first screen) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const r of rows) {
    const verdict = r.path === paths.welcome ? `${r.total.gzip <= BUDGET_KB * 1000 ? 'PASS' : 'FAIL'} (<= ${BUDGET_KB} kB)` : '-';
    lines.push(
      `| ${r.path} | ${r.lazy.map((l) => l.replace(/^src\//, '')).join(' → ')} | ${r.total.files.length} | ${kB(r.entry.gzip)} | ${kB(r.route.gzip)} | ${kB(r.total.gzip)} | ${kB(r.total.raw)} | ${kB(r.css)} | ${verdict} |`,
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------
// Lighthouse

interface RunNote {
  performance: number;
  /** Lighthouse's CPU benchmark of this run: lower = slower or busier machine. */
  benchmarkIndex: number;
  /** 1-minute load average just before the run: other work on the machine shows here. */
  load1: number;
}

interface PageResult {
  path: string;
  signedIn: boolean;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  /** Every run (the median run by performance is the one reported). */
  runs: RunNote[];
  /** Metrics scoring under 0.9, failed opportunities, and failed accessibility/best-practices/SEO audits. */
  failing: string[];
  finalUrl: string;
  warnings: string[];
  benchmarkIndex: number;
  lighthouseVersion: string;
  userAgent: string;
}

/**
 * The signed-in gate reads localStorage (isAuthenticated, userEmail, userName) and the API reads the
 * httpOnly qq_session cookie. Lighthouse drives the browser chrome-launcher started, and opens its page
 * in that browser's default context, and its storage reset clears neither cookies nor localStorage
 * (only the HTTP cache, service workers, Cache Storage and file systems). So playwright-core connects
 * to the same Chromium over CDP beforehand, puts the cookie in the default context's cookie jar (sent
 * like a real browser's: also on the app's own fetches, unlike a header injected only on navigation),
 * opens a light same-origin page (/robots.txt, not the app: nothing of the app is warmed) to write the
 * three flags, closes that page and disconnects. `/` is audited before that, as a signed-out first visit.
 */
async function signInBrowser(cdpPort: number, origin: string, visitor: Visitor): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('no default browser context');
    await context.addCookies([{ name: 'qq_session', value: visitor.session, url: origin, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate(({ email, name }) => {
      // Runs in the page (bench/tsconfig.json has no DOM library).
      const { localStorage } = globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } };
      localStorage.setItem('isAuthenticated', 'true');
      localStorage.setItem('userEmail', email);
      localStorage.setItem('userName', name);
    }, visitor);
    await page.close();
  } finally {
    await browser.close();
  }
}

function summarize(lhr: LighthouseResult, page: (typeof PAGES)[number], runs: RunNote[]): PageResult {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const failing: string[] = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category || category.score === 1) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (
        !audit ||
        audit.score === null ||
        audit.scoreDisplayMode === 'informative' ||
        audit.scoreDisplayMode === 'notApplicable'
      )
        continue;
      const hurts =
        id === 'performance'
          ? ref.weight > 0 && audit.score < 0.9
          : audit.score < 1 && (ref.weight > 0 || id === 'best-practices');
      if (!hurts && !(id === 'performance' && audit.score < 0.5 && audit.details?.type === 'opportunity')) continue;
      failing.push(`${id}: ${ref.id} (${audit.displayValue ? `${audit.displayValue}, ` : ''}score ${audit.score})`);
    }
  }
  return {
    path: page.path,
    signedIn: page.signedIn,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as PageResult['scores'],
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcp: numeric('first-contentful-paint'),
    runs,
    failing,
    finalUrl: lhr.finalDisplayedUrl,
    warnings: lhr.runWarnings.map(String),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment.hostUserAgent,
  };
}

async function runLighthouse(origin: string, visitor: Visitor, options: Options, reportDir: string): Promise<PageResult[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const results: PageResult[] = [];
    let signedIn = false;
    for (const page of options.pages) {
      if (page.signedIn && !signedIn) {
        await signInBrowser(chrome.port, origin, visitor);
        signedIn = true;
      }
      const runs: { lhr: LighthouseResult; note: RunNote }[] = [];
      for (let i = 0; i < options.runs; i++) {
        const load1 = os.loadavg()[0]!;
        // No config: Lighthouse's default, i.e. mobile form factor with simulated (Lantern) throttling.
        const audit = () =>
          lighthouse(`${origin}${page.path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
          });
        let result = await audit();
        // A broken trace (NO_NAVSTART, seen now and then with this Chromium) measures nothing: once more.
        if (result?.lhr.runtimeError) {
          console.warn(`  ${page.path}: ${result.lhr.runtimeError.code}, running again`);
          result = await audit();
        }
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${result.lhr.runtimeError.message}`);
        const name = `${page.path === '/' ? 'welcome' : page.path.slice(1)}-${i + 1}.json`;
        writeFileSync(path.join(reportDir, name), typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr));
        const note = {
          performance: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
          benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
          load1,
        };
        runs.push({ lhr: result.lhr, note });
        console.log(`  ${page.path} run ${i + 1}/${options.runs}: ${formatRun(note)}`);
      }
      const median = [...runs].sort((a, b) => a.note.performance - b.note.performance)[Math.floor((runs.length - 1) / 2)]!;
      const summary = summarize(
        median.lhr,
        page,
        runs.map((r) => r.note),
      );
      const expected = new URL(page.path, origin).href;
      if (summary.finalUrl !== expected)
        throw new Error(`${page.path} ended on ${summary.finalUrl} (the sign-in gate redirected?)`);
      results.push(summary);
    }
    return results;
  } finally {
    chrome.kill();
  }
}

function formatRun(run: RunNote): string {
  return `performance ${run.performance} (benchmarkIndex ${run.benchmarkIndex}, load ${run.load1.toFixed(1)})`;
}

function formatLighthouse(results: PageResult[]): string {
  const lines = [
    '| page | visitor | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | every run: performance (benchmarkIndex, load avg) | targets |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
  ];
  for (const r of results) {
    const missed = (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).filter((c) => r.scores[c] < TARGETS[c]);
    lines.push(
      `| ${r.path} | ${r.signedIn ? 'signed in' : 'signed out'} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ` +
        `${Math.round(r.fcp)} | ${Math.round(r.lcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${r.runs.map((run) => `${run.performance} (${run.benchmarkIndex}, ${run.load1.toFixed(1)})`).join('; ')} | ${missed.length ? `MISSED: ${missed.join(', ')}` : 'met'} |`,
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------
// Record

function chromiumVersion(): string {
  try {
    return execFileSync(CHROME_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

/** Replaces (or appends) this label's block; the file is kept as Prettier formats it (`npm run check`). */
async function record(block: string, label: string): Promise<void> {
  const start = `<!-- bench:web:${label} -->`;
  const end = `<!-- /bench:web:${label} -->`;
  const wrapped = `${start}\n${block}\n${end}`;
  const text = existsSync(resultsFile)
    ? readFileSync(resultsFile, 'utf8')
    : '# Web budget results\n\nWritten by `npm run bench:web` (bench/web-budget.ts); one block per `--label`, replaced on each run with that label.\n';
  const at = text.indexOf(start);
  const until = text.indexOf(end);
  const next =
    at >= 0 && until > at ? text.slice(0, at) + wrapped + text.slice(until + end.length) : `${text.trimEnd()}\n\n${wrapped}\n`;
  const options = await prettier.resolveConfig(resultsFile);
  writeFileSync(resultsFile, await prettier.format(next, { ...options, filepath: resultsFile }));
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const started = Date.now();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'quackquest-web-budget-'));
  const distDir = path.join(tmp, 'dist');
  const dataDir = path.join(tmp, 'data');
  const reportDir = path.join(tmp, 'lighthouse');
  mkdirSync(reportDir);
  let server: ChildProcess | undefined;
  try {
    console.log(`Building the web app into ${distDir}`);
    build(distDir);
    const { rows, warnings } = measureRoutes(distDir);
    const sizeTable = formatSizes(rows);
    console.log('\nJavaScript before each route first renders (gzip -9; 1 kB = 1,000 bytes):\n');
    console.log(sizeTable);
    warnings.forEach((w) => console.warn(`warning: ${w}`));

    let results: PageResult[] = [];
    let throttled: ThrottledResult[] = [];
    let loadDuringThrottled = '';
    const port = options.lighthouse || options.throttled ? await freePort() : 0;
    const origin = `http://127.0.0.1:${port}`;
    if (port) {
      const started = startServer(distDir, dataDir, port);
      server = started;
      await waitForHealth(`${origin}/healthz`, { timeoutMs: 90_000, exited: () => hasExited(started) });
    }
    if (options.lighthouse) {
      const visitor = await createVisitor(origin);
      console.log(`\nLighthouse (mobile, simulated throttling) on ${origin}, ${options.runs} run(s) per page`);
      results = await runLighthouse(origin, visitor, options, reportDir);
      console.log(`\n${formatLighthouse(results)}`);
      for (const r of results) {
        if (r.failing.length) console.log(`\n${r.path}: audits to look at (median run)\n  ${r.failing.join('\n  ')}`);
        if (r.warnings.length) console.log(`\n${r.path}: Lighthouse warnings\n  ${r.warnings.join('\n  ')}`);
      }
    }
    if (options.throttled) {
      console.log(`\nThrottled run (${THROTTLE.kbitPerSecond} kbit/s, ${THROTTLE.roundTripMs} ms round trip)`);
      const loadBefore = os.loadavg()[0]!;
      throttled = await runThrottled({ host: '127.0.0.1', port }, createVisitor, chromiumArgs);
      loadDuringThrottled = `${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after`;
      console.log(`\n${formatThrottled(throttled)}`);
    }

    const machine = describeMachine();
    const elapsed = Math.round((Date.now() - started) / 1000);
    const first = results[0];
    const block = [
      `## ${options.label}`,
      '',
      `${machine.date}; ${machine.nproc} cores (nproc), ${machine.cpu}; memory ${machine.memory}; Node ${machine.node}; ${chromiumVersion()}` +
        (first
          ? `; Lighthouse ${first.lighthouseVersion} (default config: mobile, simulated throttling), ${options.runs} run(s) per page, ` +
            'median by performance; the real server (embedded PGlite, demo campaign) and Chromium on the same machine'
          : '') +
        `. Whole run: ${elapsed} s.`,
      '',
      `JavaScript before the first render of each route (gzip -9, 1 kB = 1,000 bytes; budget ${BUDGET_KB} kB before the first screen, \`/\`):`,
      '',
      sizeTable,
      ...(results.length
        ? [
            '',
            `Lighthouse (targets: performance >= ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ${TARGETS['best-practices']}):`,
            '',
            formatLighthouse(results),
            ...results
              .filter((r) => r.failing.length)
              .flatMap((r) => ['', `Audits to look at on ${r.path} (median run):`, '', ...r.failing.map((f) => `- ${f}`)]),
          ]
        : []),
      ...(throttled.length
        ? [
            '',
            `Throttled (bench/throttled.ts): a proxy of ${THROTTLE.kbitPerSecond} kbit/s each way and ${THROTTLE.roundTripMs} ms round trip ` +
              `in front of the server, headless Chromium at 412 px, a new browser per scenario; seconds from the navigation's start ` +
              `until the screen's content (not "Loading..."); load average (1 min) ${loadDuringThrottled}:`,
            '',
            formatThrottled(throttled),
          ]
        : []),
    ].join('\n');
    if (options.record) {
      await record(block, options.label);
      console.log(`\nRecorded in ${path.relative(repoRoot, resultsFile)} (block "${options.label}"). ${elapsed} s.`);
    }
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    if (options.keep) console.log(`Kept ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
