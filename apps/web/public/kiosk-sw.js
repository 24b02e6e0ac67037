// The kiosk tablet's service worker (decision 092): registered by /console/kiosk while the device shows a kiosk, for that
// page only (its scope), so that a tablet that reloads the page without a connection (a crash, a tap on reload, the
// browser restarted) opens it again and goes on showing codes it works out itself (decision 083). The page's HTML and
// the files it loaded are kept; nothing of /api is. Unregistered, with its cache, when the kiosk is stopped on the device
// or turned off in the console (src/console/kiosk/kiosk-worker.ts).
/* global self, caches, fetch, URL, setTimeout */

const CACHE = 'quackquest-kiosk';
const PAGE = '/console/kiosk';
/** A navigation that has not answered by then is answered from the cache: the ship's Wi-Fi drops without failing fast. */
const PAGE_WAIT_MS = 4000;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The page from the network, kept for next time; the kept one when the network fails, errs (a proxy's 502 while the
 * server restarts) or is slow. */
async function page(request) {
  const cache = await caches.open(CACHE);
  const fromNetwork = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(PAGE, response.clone());
    return response;
  });
  const late = new Promise((resolve) => setTimeout(resolve, PAGE_WAIT_MS));
  const first = await Promise.race([
    fromNetwork.then(
      (response) => (response.ok ? response : undefined),
      () => undefined,
    ),
    late,
  ]);
  if (first) return first;
  const kept = await cache.match(PAGE);
  return kept ?? fromNetwork;
}

/** A file named by its content's hash: the kept copy, else the network's, kept. */
async function file(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

// The page loaded itself and its files before this worker existed: once it is running, the page names them, and they are
// kept now rather than at the next load, which might have no connection.
self.addEventListener('message', (event) => {
  const files = event.data && Array.isArray(event.data.keep) ? event.data.keep : [];
  const ours = files.filter((path) => typeof path === 'string' && path.startsWith('/assets/'));
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      const response = await fetch(PAGE);
      if (response.ok) await cache.put(PAGE, response);
      await cache.addAll(ours);
    }),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname === PAGE) event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(file(request));
});
