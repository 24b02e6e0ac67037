// The service worker's reminders (decision 063), loaded into the generated sw.js (vite.config.ts, importScripts).
// A push message is the server's JSON { title, body, url, tag, lang }, decrypted by the browser: it is shown as a
// notification whose tag is its unlock's, so a message delivered twice shows once. Tapping it opens its screen in
// the app's window, or a new one.
/* global self, URL */

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

async function showReminder(data) {
  const message = messageOf(data);
  await self.registration.showNotification(message.title || 'QuackQuest', {
    body: message.body || '',
    tag: message.tag || 'reminder',
    lang: message.lang || '',
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
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
