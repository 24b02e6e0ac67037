// The page's side of busy-channel.ts (decision 091): tells the service worker, while it fills its precache, that the
// visitor is using the link, so that the worker waits until the visitor is idle before its next file. A tap or a key
// (what follows one is usually a request the visitor waits for), a file the page loaded, and each call to the server
// from its start to its answer (`visitorCall`, from the API client and the photo upload).
import { BUSY_CHANNEL, type BusyMessage, CALLS_REPEAT_MS, isAsk } from './busy-channel';
import { currentLocale } from './i18n';

/** Activity is said at most this often; the start and end of a call always. */
const SAY_EVERY_MS = 250;

const page = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
let calls = 0;
let channel: BroadcastChannel | null = null;
let lastSaid = -Infinity;
let repeating: ReturnType<typeof setInterval> | undefined;

function say(always: boolean): void {
  if (!channel) return;
  const now = performance.now();
  if (!always && now - lastSaid < SAY_EVERY_MS) return;
  lastSaid = now;
  channel.postMessage({ page, calls, lang: currentLocale() } satisfies BusyMessage);
}

/** While the page has calls in flight (however they began: some start before main.tsx runs), it says so again and again. */
function repeatWhileCalling(): void {
  if (channel && calls > 0 && repeating === undefined) repeating = setInterval(() => say(true), CALLS_REPEAT_MS);
  if (calls === 0 && repeating !== undefined) {
    clearInterval(repeating);
    repeating = undefined;
  }
}

/** From main.tsx, before the service worker is registered (features/offline/install-prompt.ts). */
export function startSayingBusy(): void {
  if (!('BroadcastChannel' in window) || !('serviceWorker' in navigator)) return;
  channel = new BroadcastChannel(BUSY_CHANNEL);
  // A worker that has just started asks: it was not there to hear what the page said before.
  channel.addEventListener('message', ({ data }: MessageEvent<unknown>) => {
    if (isAsk(data)) say(true);
  });
  const active = () => say(false);
  window.addEventListener('pointerdown', active, { capture: true, passive: true });
  window.addEventListener('keydown', active, { capture: true, passive: true });
  // A screen's code, a picture, a font: each file the page loads is the visitor's use of the link.
  if ('PerformanceObserver' in window) new PerformanceObserver(active).observe({ type: 'resource' });
  say(true);
  repeatWhileCalling();
}

/** A call the visitor waits for has started: returns what to call when it has ended (once is enough). */
export function visitorCall(): () => void {
  calls++;
  repeatWhileCalling();
  say(true);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    calls--;
    repeatWhileCalling();
    say(true);
  };
}
