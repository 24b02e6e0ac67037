// The kiosk page's service worker (decision 092, public/kiosk-sw.js): registered while this device shows a kiosk, so
// that the page opens again without a connection; unregistered, with what it kept, once the device shows none (the
// kiosk stopped here or turned off in the console), so the device is an ordinary console device again.
import { consolePaths } from '../console-paths';

const SCRIPT = '/kiosk-sw.js';
const CACHE = 'quackquest-kiosk';

export function keepKioskPage(keep: boolean): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (keep) {
    void (async () => {
      const registration = await navigator.serviceWorker.register(SCRIPT, { scope: consolePaths.kiosk });
      const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
      // What this page loaded before the worker ran: its code, styles and pictures under /assets/.
      const files = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
        .map((url) => url.pathname);
      worker?.postMessage({ keep: [...new Set(files)] });
    })().catch(() => undefined);
    return;
  }
  void (async () => {
    const scope = new URL(consolePaths.kiosk, window.location.origin).href;
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.filter((r) => r.scope === scope).map((r) => r.unregister()));
    await caches.delete(CACHE);
  })().catch(() => undefined);
}
