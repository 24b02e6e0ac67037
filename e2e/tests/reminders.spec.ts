// Issue 27 part 6 (decision 063): a visitor turns reminders on; the server's reminder goes through the push service
// (e2e/support/global-setup.ts: it checks the VAPID signature and decrypts the payload, as FCM and the phone would),
// is handed to the app's service worker (CDP ServiceWorker.deliverPushMessage), and shows a notification in the
// visitor's words; tapping it opens /checkpoints. Turned off, the server keeps the withdrawal and no address.
import type { CDPSession, Page } from '@playwright/test';
import pg from 'pg';
import type { TestSubscriber } from '../../apps/server/test/push-service';
import { expect, test } from '../support/fixtures';
import { holdBack } from '../support/network';
import { APP_URL, CONTROL_URL, browserPaths, chromiumArgs } from '../support/ports';

// The full Chromium: the headless shell has no notifications to show.
test.use({
  serviceWorkers: 'allow',
  permissions: ['notifications'],
  launchOptions: { executablePath: browserPaths.full, args: chromiumArgs },
});

/** Screenshots when SHOTS_DIR is set (never in git). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, animations: 'disabled' });
}

const received = async (subscriberId: string) =>
  (await (await fetch(`${CONTROL_URL}/push/received?subscriber=${subscriberId}`)).json()) as {
    received: string[];
    refused: string[];
  };

/** A reminder for this visitor, queued as an unlock queues it (when an unlock queues it: the server tests). */
async function queueReminder(email: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `insert into reminder_queue (opt_in_id, opens_at, next_attempt_at, expires_at)
       select o.id, extract(epoch from now())::bigint, now(), now() + interval '1 hour'
       from reminder_opt_ins o join users u on u.id = o.user_id where u.email = $1 and o.withdrawn_at is null`,
      [email],
    );
  } finally {
    await client.end();
  }
}

async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${APP_URL}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  return found;
}

test('reminders: turned on, a push from the server shows a notification that opens the checkpoints', async ({
  context,
  signedInPage: page,
  visitor,
}) => {
  const subscriber = (await (await fetch(`${CONTROL_URL}/push/subscriber`, { method: 'POST' })).json()) as TestSubscriber;
  // Chromium here has no push service of its own (Google's, out of a test's reach), so it cannot subscribe: its
  // PushManager hands out the test push service's subscription instead. Everything after it is the real path.
  await context.addInitScript((subscription) => {
    let current: PushSubscription | null = null;
    const made = {
      ...subscription,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => subscription,
      unsubscribe: () => {
        current = null;
        return Promise.resolve(true);
      },
    } as unknown as PushSubscription;
    PushManager.prototype.subscribe = () => Promise.resolve((current = made));
    PushManager.prototype.getSubscription = () => Promise.resolve(current);
  }, subscriber.subscription);

  await page.goto('/checkpoints');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const card = page.getByRole('region', { name: 'Reminders' });
  // The push reminder's line comes first; the e-mail reminder's follows (decision 078).
  const pushStatus = card.getByRole('status').first();
  // Off until the visitor turns it on.
  await expect(pushStatus).toHaveText(/Off until you turn it on/);
  await card.getByRole('button', { name: 'Turn on reminders' }).click();
  await expect(pushStatus).toHaveText(/^Reminders are on/);
  await expect(card.getByRole('button', { name: 'Turn off reminders' })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'reminders-on');

  // The server's reminder reaches the push service, signed and encrypted.
  await queueReminder(visitor.email);
  await expect.poll(async () => (await received(subscriber.id)).received.length).toBe(1);
  const { received: messages, refused } = await received(subscriber.id);
  expect(refused).toEqual([]);
  const message = messages[0]!;
  expect(JSON.parse(message)).toMatchObject({
    url: '/checkpoints',
    body: "Today's checkpoint is open. Answer it and spin for ducks!",
  });

  // The visitor is elsewhere in the app when it arrives, and the game's server is slow to answer for pictures: the
  // reminder shows at once all the same, with the pictures the phone keeps (decision 093).
  const cdp = await context.newCDPSession(page);
  const registration = await registrationId(cdp);
  await page.goto('/leaderboard');
  const pictures = await holdBack(context, '**/icons/**');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: APP_URL, registrationId: registration, data: message });
  const notifications = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        icon: n.icon.slice(0, 22),
        badge: n.badge.slice(0, 22),
      })),
    );
  await expect.poll(notifications).toEqual([
    {
      title: 'QuackQuest Demo',
      body: "Today's checkpoint is open. Answer it and spin for ducks!",
      tag: expect.stringMatching(/^reminder-\d+$/),
      icon: 'data:image/png;base64,',
      badge: 'data:image/png;base64,',
    },
  ]);
  pictures.release();

  // Tapped: the service worker's notificationclick opens the checkpoints in the app's window.
  const [worker] = context.serviceWorkers();
  await worker!.evaluate(async () => {
    // The worker's own globals, which the page's DOM types do not name.
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [shown] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shown! }));
  });
  await expect(page).toHaveURL(`${APP_URL}/checkpoints`);
  await expect(page.getByRole('heading', { name: 'CHECKPOINTS' })).toBeVisible();
  await expect.poll(notifications).toEqual([]);
  await shot(page, 'reminders-opened');

  // Turned off: nothing more is sent.
  await page.getByRole('region', { name: 'Reminders' }).getByRole('button', { name: 'Turn off reminders' }).click();
  await expect(page.getByRole('region', { name: 'Reminders' }).getByRole('status').first()).toHaveText(
    /Off until you turn it on/,
  );
  // The server recorded when, and keeps no address for the phone any more (decision 063).
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ withdrawn: boolean; endpoint: string | null }>(
      `select o.withdrawn_at is not null as withdrawn, o.endpoint from reminder_opt_ins o join users u on u.id = o.user_id
       where u.email = $1`,
      [visitor.email],
    );
    expect(rows).toEqual([{ withdrawn: true, endpoint: null }]);
  } finally {
    await client.end();
  }
});
