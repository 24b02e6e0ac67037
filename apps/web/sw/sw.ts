// The visitor app's service worker (decision 035), built by vite-plugin-pwa into dist/sw.js with the precache list
// (vite.config.ts). Its precache gives the link to the visitor first (decision 091): before each file the worker waits
// until the visitor's pages have been quiet for a moment (src/lib/busy-channel.ts), so what the visitor is waiting for
// never queues behind what the app merely prepares; while they are quiet it takes three files at a time, so the app is
// ready offline sooner than one file after another allowed.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { type PrecacheEntry, PrecacheController, PrecacheRoute, cleanupOutdatedCaches } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ASK, BUSY_CHANNEL, VisitorQuiet, isBusyMessage } from '../src/lib/busy-channel';

declare const self: ServiceWorkerGlobalScope;

// The reminders' push and notificationclick handlers (public/push-handlers.js, decision 063).
importScripts('/push-handlers.js');

void self.skipWaiting();
clientsClaim();

/** Files fetched at once while the visitor is idle: half of a browser's six connections to the server. */
const AT_ONCE = 3;
/** However busy the visitor stays, the precache takes its next file after this long. */
const LONGEST_WAIT_MS = 30_000;

const quiet = new VisitorQuiet(Date.now());
const channel = new BroadcastChannel(BUSY_CHANNEL);
channel.addEventListener('message', ({ data }: MessageEvent<unknown>) => {
  if (isBusyMessage(data)) quiet.heard(data, Date.now());
});
// The open pages said what they do before this worker ran: they say it again now, within its first listen.
channel.postMessage(ASK);

async function visitorIdle(): Promise<void> {
  const started = Date.now();
  for (let wait = quiet.waitMs(started); wait > 0 && Date.now() - started < LONGEST_WAIT_MS; wait = quiet.waitMs(Date.now())) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 500)));
  }
}

// `lang` marks the texts of one language (vite.config.ts).
const manifest = self.__WB_MANIFEST as (string | (PrecacheEntry & { lang?: string }))[];
const precache = new PrecacheController();
// The texts of the languages other than English (English is in the app's own code): only those of the languages the
// visitor's pages show are fetched ahead (`fillTexts`); another one is kept when a page first loads it.
const textFiles = new Map<string, string>(
  manifest.flatMap((entry) => (typeof entry !== 'string' && entry.lang ? [[`/${entry.url}`, entry.lang] as const] : [])),
);
precache.addToCacheList(manifest.filter((entry) => typeof entry === 'string' || !entry.lang));
// As Workbox's own install asks them: a file named by its revision (index.html, the manifest) past the HTTP cache, a
// file named by its hash (revision null) from it when the page has just loaded it.
const revisioned = new Set(
  manifest.flatMap((entry) => (typeof entry !== 'string' && entry.revision ? [new URL(entry.url, self.location.href).href] : [])),
);
const texts = new CacheFirst({ cacheName: 'texts', plugins: [new ExpirationPlugin({ maxEntries: 40 })] });

/** Takes `files` AT_ONCE at a time, each once the visitor is idle. */
async function fetchWhenIdle(files: string[], fetchOne: (url: string) => Promise<unknown>): Promise<void> {
  const fetchFiles = async () => {
    for (let url = files.shift(); url; url = files.shift()) {
      await visitorIdle();
      await fetchOne(url);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, fetchFiles));
}

/** Workbox's install (PrecacheController.install), with the waits and three files at a time in place of one. */
async function fillPrecache(event: ExtendableEvent): Promise<void> {
  const cacheKeys = precache.getURLsToCacheKeys();
  await fetchWhenIdle([...cacheKeys.keys()], async (url) => {
    const cacheKey = cacheKeys.get(url)!;
    const request = new Request(url, {
      integrity: precache.getIntegrityForCacheKey(cacheKey),
      cache: revisioned.has(url) ? 'reload' : 'default',
      credentials: 'same-origin',
    });
    await Promise.all(precache.strategy.handleAll({ params: { cacheKey }, request, event }));
  });
}

/** The texts of the languages the pages have shown, so that the app opens in them offline. */
async function fillTexts(event: ExtendableEvent): Promise<void> {
  const shown = new Set(quiet.languagesShown());
  const files = [...textFiles].flatMap(([path, lang]) => (shown.has(lang) ? [path] : []));
  await fetchWhenIdle(files, async (path) => {
    await Promise.all(texts.handleAll({ request: new Request(path, { credentials: 'same-origin' }), event }));
  });
}

self.addEventListener('install', (event) => event.waitUntil(fillPrecache(event).then(() => fillTexts(event))));
self.addEventListener('activate', (event) => event.waitUntil(precache.activate(event)));
registerRoute(new PrecacheRoute(precache));
registerRoute(({ url, sameOrigin }) => sameOrigin && textFiles.has(url.pathname), texts);
cleanupOutdatedCaches();

// Every app route opens offline with the app's page; the server's own addresses never do.
registerRoute(
  new NavigationRoute(precache.createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(?:\/|$)/, /^\/console(?:\/|$)/, /^\/assets\//, /^\/(?:healthz|readyz|metrics)$/],
  }),
);

// The campaign (public, the same for everyone) and its pictures; nothing else of /api: a visitor's own answers are
// kept by the app per visitor (query-cache-store.ts), and sign-in is never cached.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/campaign',
  new NetworkFirst({ cacheName: 'campaign', networkTimeoutSeconds: 5, plugins: [new ExpirationPlugin({ maxEntries: 1 })] }),
);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/campaign/images/'),
  new StaleWhileRevalidate({ cacheName: 'campaign-images', plugins: [new ExpirationPlugin({ maxEntries: 80 })] }),
);
// The scanner's WebAssembly decoder, fetched the first time jsQR cannot read the frames (decision 077).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/assets\/.+\.wasm$/.test(url.pathname),
  new CacheFirst({ cacheName: 'scanner-decoder', plugins: [new ExpirationPlugin({ maxEntries: 2 })] }),
);
// The fonts of Chinese and Tamil (decision 051), their stylesheet and the slices the language's screens ask for: kept,
// so what was read once reads the same offline. Not precached: Chinese has 100 slices (3.7 MB).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/assets\/(?:font-.+\.(?:js|css)|.+\.woff2)$/.test(url.pathname),
  new CacheFirst({ cacheName: 'fonts', plugins: [new ExpirationPlugin({ maxEntries: 120 })] }),
);
