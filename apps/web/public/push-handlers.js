// The service worker's reminders (decision 063), loaded into sw.js (sw/sw.ts, importScripts).
// A push message is the server's JSON { title, body, url, tag, lang }, decrypted by the browser: it is shown as a
// notification whose tag is its unlock's, so a message delivered twice shows once. Tapping it opens its screen in
// the app's window, or a new one.
//
// Its icon and badge come from the precache as data: URLs (decision 093): the browser shows a notification only once
// its pictures have loaded, and from the worker they load from the network, never through the worker's own cache. On
// the ship's link that held every reminder back by the server's answers, and a server slow to answer held it as long.
// A picture not (yet) kept is named by its address, as before.
/* global self, URL, caches, btoa */

const ICON = '/icons/notification-96.png';
const BADGE = '/icons/badge-72.png';

/** Only a path of this app: a message cannot send the visitor elsewhere. */
function screenOf(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/checkpoints';
}

function messageOf(data) {
  try {
    return data ? data.json() : {};
  } catch {
    return {};
  }
}

/** The kept picture at `path` as a data: URL, or `path` itself when it is not kept. */
async function keptPicture(path) {
  try {
    // The precache keys its files by address and revision (`?__WB_REVISION__=`).
    const kept = await caches.match(path, { ignoreSearch: true });
    if (!kept) return path;
    const bytes = new Uint8Array(await kept.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return `data:${kept.headers.get('content-type') || 'image/png'};base64,${btoa(binary)}`;
  } catch {
    return path;
  }
}

async function showReminder(data) {
  const message = messageOf(data);
  const [icon, badge] = await Promise.all([keptPicture(ICON), keptPicture(BADGE)]);
  await self.registration.showNotification(message.title || 'QuackQuest', {
    body: message.body || '',
    tag: message.tag || 'reminder',
    lang: message.lang || '',
    icon,
    badge,
    data: { url: screenOf(message.url) },
  });
}

async function openScreen(notification) {
  const url = new URL(screenOf(notification.data && notification.data.url), self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    try {
      const opened = await client.navigate(url);
      await (opened || client).focus().catch(() => undefined);
      return;
    } catch {
      // A window this worker does not control cannot be navigated: the next one, or a new window.
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener('push', (event) => {
  event.waitUntil(showReminder(event.data));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const opening = openScreen(event.notification);
  // A click the browser sends keeps the worker alive until the screen is open (a test's own event cannot).
  if (event.isTrusted) event.waitUntil(opening);
});
