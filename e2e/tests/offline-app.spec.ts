// Issue 17: the installable, cached app. The service worker (decision 035) is allowed here only (the other journeys
// block it: playwright.config.ts). A visitor who has seen /checkpoints once opens it again with the network off:
// from the cache, with their last answers and the line saying when they saw them; a screen never visited opens too
// and says it waits for the network; back online, it fills in and the line goes.
import { apiAs, expect, test } from '../support/fixtures';
import { holdBack } from '../support/network';

test.use({ serviceWorkers: 'allow' });

const savedAt = /^Offline — showing what you saw at \d{2}:\d{2}$/;
const nothingSaved = 'Offline — this screen will load when you are back online.';

test('a second visit with the network off opens /checkpoints from the cache, marked as last seen', async ({
  context,
  signedInPage: page,
}) => {
  await page.goto('/checkpoints');
  const list = page.getByRole('region', { name: 'Checkpoint list' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const rowsOnline = await list.getByRole('listitem').allInnerTexts();
  // Online, nothing is marked.
  await expect(page.getByText(/^Offline/)).toHaveCount(0);
  // The service worker has installed (its precache complete) and the answers are saved on the phone.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('queryCache')?.includes('checkpointId') ?? false)).toBe(true);
  await page.close();

  await context.setOffline(true);
  const second = await context.newPage();
  await second.goto('/checkpoints');
  await expect(second.getByRole('heading', { name: 'CHECKPOINTS' })).toBeVisible();
  await expect(second.getByRole('status').filter({ hasText: savedAt })).toBeVisible();
  const offlineList = second.getByRole('region', { name: 'Checkpoint list' });
  await expect(offlineList.getByRole('listitem')).toHaveCount(rowsOnline.length);
  expect(await offlineList.getByRole('listitem').allInnerTexts()).toEqual(rowsOnline);
  await expect(second.getByText('My Ducks')).toBeVisible();

  // A screen never opened before: its code comes from the cache; its list waits for the network.
  await second.getByRole('link', { name: 'LEADERBOARD' }).click();
  await expect(second.getByRole('heading', { name: 'LEADERBOARD' })).toBeVisible();
  await expect(second.getByRole('status').filter({ hasText: nothingSaved })).toBeVisible();
  // Typed into the address bar (a navigation, not a click in the app): the app's page from the cache, not the
  // browser's error page.
  await second.goto('/rewards');
  await expect(second.getByRole('heading', { name: 'REWARDS' })).toBeVisible();

  // Back online: the screen asks the server again, and the line goes.
  await second.goto('/leaderboard');
  await expect(second.getByRole('status').filter({ hasText: nothingSaved })).toBeVisible();
  await context.setOffline(false);
  await expect(second.getByRole('list', { name: 'Top players' })).toBeVisible();
  await expect(second.getByText(/^Offline/)).toHaveCount(0);
});

test('the service worker fills its precache only while the visitor waits for nothing (decision 091)', async ({
  context,
  signedInPage: page,
}) => {
  // The files the worker fetches for its precache (the page's own requests are not the worker's).
  const precached: string[] = [];
  context.on('request', (request) => {
    if (request.serviceWorker() && new URL(request.url()).pathname.startsWith('/assets/')) precached.push(request.url());
  });
  // The visitor waits for the top list: its answer is held back while the worker installs.
  const { release } = await holdBack(page, '**/api/leaderboard');
  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { name: 'LEADERBOARD' })).toBeVisible();
  // The worker registered (after the page's load event) and installing, with the visitor's call in flight: for these
  // seconds it takes nothing of the link (without decision 091 it fetches its files at once, one after another).
  await expect.poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()))).toBe(true);
  await page.waitForTimeout(3_000);
  expect(precached).toEqual([]);

  release();
  await expect(page.getByRole('list', { name: 'Top players' })).toBeVisible();
  // Once the visitor is idle the precache completes: the app then opens offline (the journey above).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  expect(precached.length).toBeGreaterThan(20);
});

test.describe('a visitor whose phone speaks Bahasa Melayu', () => {
  test.use({ locale: 'ms-MY' });

  test("the worker fetches ahead the texts of the visitor's language, and no other language's", async ({
    context,
    signedInPage: page,
  }) => {
    const fetched: string[] = [];
    context.on('request', (request) => {
      if (request.serviceWorker()) fetched.push(new URL(request.url()).pathname);
    });
    await page.goto('/checkpoints');
    await expect(page.getByRole('heading', { name: 'PUSAT SEMAKAN', exact: true })).toBeVisible();
    // The worker installed: its precache and the texts it fetched ahead.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Each language's texts as the worker's list names them (vite.config.ts marks them with `lang`).
    const list = await (await page.request.get('/sw.js')).text();
    const texts = [...list.matchAll(/\{"lang":"([^"]+)","revision":[^,]*,"url":"([^"]+)"\}/g)].map(([, lang, url]) => ({
      lang: lang!,
      path: `/${url!}`,
    }));
    const of = (lang: string) => texts.filter((file) => file.lang === lang).map((file) => file.path);
    expect(of('ms').length).toBeGreaterThan(0);
    expect(of('ta').length).toBeGreaterThan(0);
    // Malay's, every one, kept for this phone; Tamil's and Chinese's not fetched at all (9 files fewer over the link).
    await expect.poll(() => page.evaluate(async () => (await (await caches.open('texts')).keys()).length)).toBe(of('ms').length);
    expect(fetched.filter((path) => of('ta').includes(path) || of('zh-Hans').includes(path))).toEqual([]);

    // Offline, a screen never opened is in Malay.
    await context.setOffline(true);
    await page.goto('/leaderboard');
    await expect(page.getByRole('heading', { name: 'PAPAN PENDAHULU', exact: true })).toBeVisible();
  });
});

test('the server itself is never answered from the cache: /api and /console still need the network', async ({
  context,
  signedInPage: page,
}) => {
  await page.goto('/checkpoints');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  // The console is a separate app (console.html) a visitor never loads: not precached, no app page for it.
  const navigation = await page.goto('/console').catch((error: Error) => error);
  expect(navigation).toBeInstanceOf(Error);
  const api = await page.evaluate(() =>
    fetch('/api/me').then(
      (response) => response.status,
      () => 'network error',
    ),
  );
  expect(api).toBe('network error');
});

test('Logout pressed offline signs the phone out at once, and ends the session on the server once back online', async ({
  context,
  signedInPage: page,
  visitor,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Logout' }).click();
  // Signed out on this phone: the welcome page (from the cache) offers to sign in again.
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('isAuthenticated'))).toBeNull();
  // The server could not be told, and the phone keeps that in mind (the trace shows both tries failing offline).
  // Whether the cookie still opens the session meanwhile is the server's side: CI once saw 401 here with no logout
  // reaching the server, not understood yet (session 17's note), so the journey checks the phone's own record.
  expect(await page.evaluate(() => localStorage.getItem('pendingLogout'))).toBe('1');

  // Back online, the app tells the server by itself: the cookie opens nothing any more.
  await context.setOffline(false);
  await expect.poll(async () => (await apiAs(visitor, '/api/me')).status).toBe(401);
  // The server ends the session before its answer reaches the page, which then forgets the pending logout: on a
  // loaded machine the cookie is refused a moment before that (a loaded run's failure).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pendingLogout'))).toBeNull();
});
