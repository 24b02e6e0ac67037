// A new visitor's first scan on ship Wi-Fi (issue 30, decision 077): `npx tsx bench/first-scan.ts --compare REF`.
//
// Through the throttling proxy (bench/throttle-proxy.ts: one shared link of 400 kbit/s each way, 400 ms round trip, the
// service worker's own downloads slowed too), Chromium with a fake camera that shows the gangway's QR code, at 412 px:
//
// - scan: a visitor just signed up opens /checkpoints, taps day 1 (a Scan checkpoint) and taps "Scan QR Code" as soon
//   as the button is there, as at the gangway on boarding day. Seconds from that tap until the scanner reads frames
//   ("Point your camera at the QR code.") and until "Valid QR Code" (the code decoded and accepted by the server).
// - link: another new visitor opens /checkpoints and does nothing: seconds from the list on screen until no byte has
//   crossed the link for 3 s (the service worker's precache, the decoder's warm-up), and the kB received meanwhile.
// - sign-up: a new visitor (a fresh phone) opens /signup from the campaign's link, fills the form, sends it, opens the
//   e-mailed link (read from the dev outbox) and answers the cabin question: seconds until the form, until "sent", and
//   from the first visit until the checkpoint list (issue 30's "sign-up to the first checkpoint").
// - walk: a third opens /checkpoints and, as soon as the list is there, taps LEADERBOARD, then REWARDS as soon as the top
//   list is there: seconds from each tap until its screen's content (issue 30 part 1: while the service worker fills its
//   precache, what the visitor taps must not wait behind it; decision 091).
//
// Each with no native detector (Debian's Chromium has none: the app's own decoder) and with a stand-in BarcodeDetector
// that reads the gangway code from any frame (Android's Chrome has a native one; this stand-in costs nothing, so the
// row shows the rest of the way: camera, code, server). Both builds run in turns, each served by its own checkout's
// server on the embedded database: `--compare REF` checks REF out into a temporary folder and installs its
// dependencies (npm ci). Options: --runs N (default 3), --keep.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, chromium } from 'playwright-core';
import { hasExited, waitForHealth } from '../apps/server/test/wait-for-health';
import { browserPaths, chromiumArgs } from '../e2e/support/ports';
import { fakeCameraArgs, qrVideo } from '../e2e/support/qr-video';
import { describeMachine, loadAverage } from './machine';
import { THROTTLE } from './throttled';
import { startThrottleProxy } from '../apps/server/test/throttle-proxy';
import { type Visitor, buildWeb, createVisitor, freePort, startServer } from './web-stack';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GANGWAY_CODE = 'QQSG25-GANGWAY-MWMXXG';
const SCANNING_TEXT = 'Point your camera at the QR code.';
const VALID_TEXT = 'Valid QR Code';
const QUIET_MS = 3000;

interface Build {
  name: string;
  root: string;
  origin: string;
  proxy: Awaited<ReturnType<typeof startThrottleProxy>>;
  newVisitor: () => Promise<Visitor>;
  /** The server's own address (not through the proxy), for its dev outbox. */
  direct: string;
  stop: () => Promise<void>;
}

interface ScanResult {
  build: string;
  native: boolean;
  checkpoints: number;
  scannerReads: number;
  valid: number;
}

interface WalkResult {
  build: string;
  native: boolean;
  checkpoints: number;
  leaderboard: number;
  rewards: number;
}

interface SignUpResult {
  build: string;
  form: number;
  sent: number;
  checkpoints: number;
}

interface LinkResult {
  build: string;
  native: boolean;
  checkpoints: number;
  linkFree: number;
  kB: number;
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** A stand-in for Android's BarcodeDetector: it says it reads QR codes and reads the gangway code from any frame. */
const nativeDetectorScript = `
  globalThis.BarcodeDetector = class BarcodeDetector {
    static async getSupportedFormats() { return ['qr_code']; }
    async detect() { return [{ rawValue: ${JSON.stringify(GANGWAY_CODE)} }]; }
  };`;

async function startBuild(name: string, root: string, tmp: string): Promise<Build> {
  const dist = path.join(tmp, `${name}-dist`);
  console.log(`Building ${name} (${root})`);
  buildWeb(dist, root);
  const port = await freePort();
  const server = startServer(dist, path.join(tmp, `${name}-data`), port, root);
  const direct = `http://127.0.0.1:${port}`;
  await waitForHealth(`${direct}/healthz`, { timeoutMs: 120_000, exited: () => hasExited(server) });
  const proxy = await startThrottleProxy({ host: '127.0.0.1', port }, THROTTLE);
  return {
    name,
    root,
    origin: `http://127.0.0.1:${proxy.port}`,
    proxy,
    newVisitor: () => createVisitor(direct),
    direct,
    stop: async () => {
      await proxy.close();
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    },
  };
}

/** A new browser (a first-time visitor's phone) signed in as a new visitor, on /checkpoints; seconds until the list. */
async function openCheckpoints(build: Build, native: boolean, video: string) {
  const browser = await chromium.launch({
    executablePath: browserPaths.full,
    args: [...chromiumArgs, ...fakeCameraArgs(video)],
  });
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
    permissions: ['camera'],
  });
  if (native) await context.addInitScript(nativeDetectorScript);
  const visitor = await build.newVisitor();
  await context.addCookies([{ name: 'qq_session', value: visitor.session, url: build.origin, httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  // The flags the signed-in gate reads, written on a page of the origin that loads none of the app.
  await page.goto(`${build.origin}/robots.txt`);
  // A function, not a string (the app's Content-Security-Policy); bench/tsconfig.json has no DOM library, hence the cast.
  await page.evaluate((v) => {
    const storage = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage;
    storage.setItem('isAuthenticated', 'true');
    storage.setItem('userEmail', v.email);
    storage.setItem('userName', v.name);
  }, visitor);
  const started = Date.now();
  await page.goto(`${build.origin}/checkpoints`, { waitUntil: 'commit', timeout: 120_000 });
  await page.locator('.cp-list').waitFor({ timeout: 120_000 });
  return { browser, page, checkpoints: Date.now() - started };
}

async function scanOnce(build: Build, native: boolean, video: string): Promise<ScanResult> {
  const { browser, page, checkpoints } = await openCheckpoints(build, native, video);
  try {
    await page.getByText('Gangway Hello').first().click();
    const scan = page.getByRole('button', { name: 'Scan QR Code' });
    await scan.waitFor({ timeout: 120_000 });
    const tapped = Date.now();
    await scan.click();
    const dialog = page.getByRole('dialog', { name: 'Scan QR Code' });
    await dialog.getByText(SCANNING_TEXT).or(dialog.getByText(VALID_TEXT)).first().waitFor({ timeout: 180_000 });
    const scannerReads = Date.now() - tapped;
    await waitForValid(page);
    return { build: build.name, native, checkpoints, scannerReads, valid: Date.now() - tapped };
  } finally {
    await browser.close();
  }
}

async function walkOnce(build: Build, native: boolean, video: string): Promise<WalkResult> {
  const { browser, page, checkpoints } = await openCheckpoints(build, native, video);
  try {
    const tap = async (link: string, content: ReturnType<Page['locator']>) => {
      const tapped = Date.now();
      await page.getByRole('link', { name: link }).click();
      await content.waitFor({ timeout: 120_000 });
      return Date.now() - tapped;
    };
    const leaderboard = await tap('LEADERBOARD', page.locator('ol.leaderboard li').first());
    const rewards = await tap('REWARDS', page.getByRole('region', { name: 'Rewards' }).getByRole('button').first());
    return { build: build.name, native, checkpoints, leaderboard, rewards };
  } finally {
    await browser.close();
  }
}

async function signUpOnce(build: Build, video: string): Promise<SignUpResult> {
  const browser = await chromium.launch({ executablePath: browserPaths.full, args: [...chromiumArgs, ...fakeCameraArgs(video)] });
  const email = `first-visit-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`${build.origin}/signup`, { waitUntil: 'commit', timeout: 120_000 });
    await page.getByLabel('EMAIL', { exact: true }).waitFor({ timeout: 120_000 });
    const form = Date.now() - started;
    await page.getByLabel('EMAIL', { exact: true }).fill(email);
    await page.getByLabel('FULL NAME').fill('Nurul Aziz');
    await page.getByLabel('PHONE NUMBER').fill('+65 8123 4567');
    await page.getByLabel('INSTAGRAM HANDLE').fill('@nurul.sails');
    await page.getByRole('checkbox', { name: 'I agree to the T&Cs and want to receive exclusive updates' }).check();
    await page.getByRole('button', { name: "Let's Get Quackin'" }).click();
    await page.getByText('A sign-up link has been sent to your email.').waitFor({ timeout: 120_000 });
    const sent = Date.now() - started;
    let link = '';
    while (!link) {
      const outbox = (await (await fetch(`${build.direct}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
        link: string;
      }[];
      link = outbox[0]?.link ?? '';
      if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The e-mail names the server's own address; the phone opens it through the same link.
    const through = new URL(link);
    through.host = new URL(build.origin).host;
    await page.goto(through.href, { waitUntil: 'commit', timeout: 120_000 });
    await page.getByRole('button', { name: 'No, I need to win one' }).click({ timeout: 120_000 });
    await page.locator('.cp-list').waitFor({ timeout: 120_000 });
    return { build: build.name, form, sent, checkpoints: Date.now() - started };
  } finally {
    await browser.close();
  }
}

async function waitForValid(page: Page): Promise<void> {
  await page.getByText(VALID_TEXT).first().waitFor({ timeout: 180_000 });
}

async function linkOnce(build: Build, native: boolean, video: string): Promise<LinkResult> {
  const before = build.proxy.bytesDown();
  const { browser, checkpoints } = await openCheckpoints(build, native, video);
  try {
    const shown = Date.now();
    let last = build.proxy.bytesDown();
    let lastChange = Date.now();
    while (Date.now() - lastChange < QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = build.proxy.bytesDown();
      if (now !== last) [last, lastChange] = [now, Date.now()];
      if (Date.now() - shown > 300_000) throw new Error('the link was still busy 5 minutes after the list showed');
    }
    return { build: build.name, native, checkpoints, linkFree: Math.max(0, lastChange - shown), kB: (last - before) / 1000 };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const s = (ms: number) => (ms / 1000).toFixed(1);
const all = (values: number[], format: (n: number) => string) => values.map(format).join(', ');

async function main(): Promise<void> {
  const compare = option('--compare');
  const runs = Number(option('--runs') ?? 3);
  const keep = process.argv.includes('--keep');
  const started = Date.now();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'quackquest-first-scan-'));
  const video = qrVideo([{ text: GANGWAY_CODE, seconds: 10 }]);
  const builds: Build[] = [];
  try {
    if (compare) {
      const checkout = path.join(tmp, 'before');
      const commit = execFileSync('git', ['rev-parse', '--short', compare], { cwd: repoRoot, encoding: 'utf8' }).trim();
      execFileSync('git', ['worktree', 'add', '--detach', checkout, commit], { cwd: repoRoot, stdio: 'inherit' });
      execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel', 'error'], { cwd: checkout, stdio: 'inherit' });
      builds.push(await startBuild(`before (${commit})`, checkout, tmp));
    }
    builds.push(await startBuild('this checkout', repoRoot, tmp));

    const scans: ScanResult[] = [];
    const links: LinkResult[] = [];
    const walks: WalkResult[] = [];
    const signUps: SignUpResult[] = [];
    for (let run = 1; run <= runs; run++) {
      for (const build of builds) {
        console.log(`run ${run}, ${build.name}, sign-up`);
        signUps.push(await signUpOnce(build, video));
      }
      for (const native of [false, true]) {
        for (const build of builds) {
          console.log(`run ${run}, ${build.name}, ${native ? 'native detector' : 'no native detector'}`);
          scans.push(await scanOnce(build, native, video));
          links.push(await linkOnce(build, native, video));
          walks.push(await walkOnce(build, native, video));
        }
      }
    }

    const machine = describeMachine();
    const rows: string[] = [];
    const walkRows: string[] = [];
    const signUpRows = builds.map((build) => {
      const mine = signUps.filter((r) => r.build === build.name);
      const column = (pick: (r: SignUpResult) => number) => `${s(median(mine.map(pick)))} (${all(mine.map(pick), s)})`;
      return `| ${build.name} | ${column((r) => r.form)} | ${column((r) => r.sent)} | ${column((r) => r.checkpoints)} |`;
    });
    for (const native of [false, true]) {
      for (const build of builds) {
        const scan = scans.filter((r) => r.build === build.name && r.native === native);
        const link = links.filter((r) => r.build === build.name && r.native === native);
        const walk = walks.filter((r) => r.build === build.name && r.native === native);
        // Each scenario opens /checkpoints as a first visit.
        const shown = [...scan, ...link, ...walk].map((r) => r.checkpoints);
        walkRows.push(
          `| ${build.name} | ${native ? 'native (stand-in)' : 'none'} | ${s(median(walk.map((r) => r.leaderboard)))} (${all(
            walk.map((r) => r.leaderboard),
            s,
          )}) | ${s(median(walk.map((r) => r.rewards)))} (${all(
            walk.map((r) => r.rewards),
            s,
          )}) |`,
        );
        rows.push(
          `| ${build.name} | ${native ? 'native (stand-in)' : 'none'} | ${s(median(shown))} (${all(shown, s)}) | ` +
            `${s(median(scan.map((r) => r.scannerReads)))} | ${s(median(scan.map((r) => r.valid)))} (${all(
              scan.map((r) => r.valid),
              s,
            )}) | ${s(median(link.map((r) => r.linkFree)))} (${all(
              link.map((r) => r.linkFree),
              s,
            )}) | ${median(link.map((r) => r.kB)).toFixed(0)} |`,
        );
      }
    }
    console.log(
      [
        '',
        `${machine.date}; ${machine.nproc} cores, ${machine.cpu}; Node ${machine.node}; load average ${loadAverage()} at the end; ${runs} run(s) of each, interleaved; ${Math.round((Date.now() - started) / 1000)} s in all.`,
        `Throttled: ${THROTTLE.kbitPerSecond} kbit/s each way, ${THROTTLE.roundTripMs} ms round trip. Medians in seconds (every run in brackets).`,
        '',
        '| build | native QR detector | /checkpoints shown (first visits) | tap Scan → scanner reads | tap Scan → "Valid QR Code" | list shown → link free 3 s | kB received (link run) |',
        '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
        ...rows,
        '',
        '| build | native QR detector | list shown, tap LEADERBOARD → top list | then tap REWARDS → rewards |',
        '| --- | --- | ---: | ---: |',
        ...walkRows,
        '',
        '| build | first visit of /signup → form | → "sent" (form filled at once) | → checkpoint list (link opened at once) |',
        '| --- | ---: | ---: | ---: |',
        ...signUpRows,
      ].join('\n'),
    );
  } finally {
    for (const build of builds) await build.stop();
    if (compare && !keep) {
      execFileSync('git', ['worktree', 'remove', '--force', path.join(tmp, 'before')], { cwd: repoRoot, stdio: 'inherit' });
    }
    if (keep) console.log(`Kept ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
