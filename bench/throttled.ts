// The throttled run of bench:web (issue 17): the visitor app over an emulated ship connection, 400 kbit/s each
// way and 400 ms round trip, through a throttling TCP proxy in front of the real server (throttle-proxy.ts), so
// that everything the browser fetches is slowed alike, the service worker's own fetches included (Chromium's
// own throttling leaves those out). Measured twice in one run, the same build and server:
// - before: the service worker blocked (what the app did without decision 035): each screen's code, the scanner's
//   decoder among it, crosses the link when it is first opened;
// - after: the service worker allowed (its precache holds every screen's code, jsQR's decoder among it: decision 077).
// Each scenario is a fresh browser context (a first-time visitor): the first visit to / (signed out) and to
// /checkpoints (signed in), then a second visit to each, then the time from tapping "Scan QR Code" until the
// scanner reads frames ("Point your camera at the QR code.": camera open and decoder ready).
import { type BrowserContext, type Page, chromium } from 'playwright-core';
import { startThrottleProxy } from '../apps/server/test/throttle-proxy';
import { fakeCameraArgs } from '../e2e/support/qr-video';

export const THROTTLE = { kbitPerSecond: 400, roundTripMs: 400 } as const;

/** A Scan checkpoint of the demo campaign, open to a new visitor. */
const SCAN_CHECKPOINT = '/checkpoint?id=day-01-gangway';
const SCANNING_TEXT = 'Point your camera at the QR code.';

export interface ThrottledVisitor {
  email: string;
  name: string;
  session: string;
}

interface Scenario {
  name: string;
  serviceWorker: boolean;
  /** A stand-in BarcodeDetector that reads QR codes (Debian's Chromium has none; Android's Chrome has one). */
  nativeDetector: boolean;
}

export interface ThrottledResult {
  scenario: string;
  firstWelcome: number;
  secondWelcome: number;
  firstCheckpoints: number;
  secondCheckpoints: number;
  scannerReady: number;
  /** Bytes the browser received through the proxy in this scenario (all visits). */
  bytesDown: number;
}

const SCENARIOS: Scenario[] = [
  { name: 'before: no service worker, decoder fetched when the scanner opens', serviceWorker: false, nativeDetector: false },
  { name: 'after: service worker, decoder precached', serviceWorker: true, nativeDetector: false },
  { name: 'after: service worker, native BarcodeDetector (stand-in)', serviceWorker: true, nativeDetector: true },
];

// Page functions below run in the browser; bench/tsconfig.json has no DOM library, hence the casts. They are
// functions, not strings: the app's Content-Security-Policy forbids evaluating strings.
interface PageGlobals {
  document: { getElementById(id: string): { querySelector(selector: string): unknown } | null };
  performance: { now(): number };
  localStorage: { setItem(key: string, value: string): void };
  navigator: { serviceWorker: { ready: Promise<unknown> } };
}

/** Milliseconds from the navigation's start until the selector's content is on screen (not "Loading..."). */
async function visit(page: Page, url: string, selector: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  await page.waitForFunction(
    (wanted) => {
      const root = (globalThis as unknown as PageGlobals).document.getElementById('root');
      return !!root && !root.querySelector('.loading') && !!root.querySelector(wanted);
    },
    selector,
    { timeout: 120_000, polling: 50 },
  );
  return page.evaluate(() => (globalThis as unknown as PageGlobals).performance.now());
}

async function signIn(context: BrowserContext, origin: string, visitor: ThrottledVisitor, page: Page): Promise<void> {
  await context.addCookies([{ name: 'qq_session', value: visitor.session, url: origin, httpOnly: true, sameSite: 'Lax' }]);
  await page.evaluate(
    ({ email, name }) => {
      const { localStorage } = globalThis as unknown as PageGlobals;
      localStorage.setItem('isAuthenticated', 'true');
      localStorage.setItem('userEmail', email);
      localStorage.setItem('userName', name);
    },
    { email: visitor.email, name: visitor.name },
  );
}

const nativeDetectorScript = `
  globalThis.BarcodeDetector = class BarcodeDetector {
    static async getSupportedFormats() { return ['qr_code']; }
    async detect() { return []; }
  };`;

async function runScenario(
  origin: string,
  scenario: Scenario,
  newVisitor: () => Promise<ThrottledVisitor>,
  chromiumArgs: string[],
  bytesDown: () => number,
): Promise<ThrottledResult> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...chromiumArgs, ...fakeCameraArgs()],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 915 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: scenario.serviceWorker ? 'allow' : 'block',
      permissions: ['camera'],
    });
    if (scenario.nativeDetector) await context.addInitScript(nativeDetectorScript);
    const page = await context.newPage();
    const startBytes = bytesDown();

    const firstWelcome = await visit(page, `${origin}/`, 'main');
    if (scenario.serviceWorker)
      await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.serviceWorker.ready.then(() => true));
    const secondWelcome = await visit(page, `${origin}/`, 'main');

    await signIn(context, origin, await newVisitor(), page);
    const firstCheckpoints = await visit(page, `${origin}/checkpoints`, '.cp-list');
    const secondCheckpoints = await visit(page, `${origin}/checkpoints`, '.cp-list');

    await visit(page, `${origin}${SCAN_CHECKPOINT}`, 'main h1');
    const scan = page.getByRole('button', { name: 'Scan QR Code' });
    await scan.waitFor({ timeout: 60_000 });
    const tapped = Date.now();
    await scan.click();
    await page.getByRole('dialog', { name: 'Scan QR Code' }).getByText(SCANNING_TEXT).waitFor({ timeout: 180_000 });
    const scannerReady = Date.now() - tapped;
    return {
      scenario: scenario.name,
      firstWelcome,
      secondWelcome,
      firstCheckpoints,
      secondCheckpoints,
      scannerReady,
      bytesDown: bytesDown() - startBytes,
    };
  } finally {
    await browser.close();
  }
}

export async function runThrottled(
  server: { host: string; port: number },
  newVisitor: (origin: string) => Promise<ThrottledVisitor>,
  chromiumArgs: string[],
): Promise<ThrottledResult[]> {
  const proxy = await startThrottleProxy(server, THROTTLE);
  const origin = `http://127.0.0.1:${proxy.port}`;
  try {
    const results: ThrottledResult[] = [];
    for (const scenario of SCENARIOS) {
      console.log(`  throttled: ${scenario.name}`);
      results.push(
        await runScenario(
          origin,
          scenario,
          () => newVisitor(`http://${server.host}:${server.port}`),
          chromiumArgs,
          proxy.bytesDown,
        ),
      );
    }
    return results;
  } finally {
    await proxy.close();
  }
}

const s = (ms: number) => (ms / 1000).toFixed(1);

export function formatThrottled(results: ThrottledResult[]): string {
  const lines = [
    '| scenario | first visit / s | second visit / s | first visit /checkpoints s | second visit /checkpoints s | tap "Scan QR Code" → scanner ready s | received kB |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.scenario} | ${s(r.firstWelcome)} | ${s(r.secondWelcome)} | ${s(r.firstCheckpoints)} | ${s(r.secondCheckpoints)} | ${s(r.scannerReady)} | ${(r.bytesDown / 1000).toFixed(0)} |`,
    );
  }
  return lines.join('\n');
}
