// The crew's console on the ship's Wi-Fi (issue 26 part 5, decision 080), through a throttling proxy: 400 kbit/s each
// way, 400 ms round trip, one link shared by everything (the console's code, its calls, the sign-in), which Chromium's
// own emulation would not share. Two admins on it at once: a list says it is loading, then shows; a search finds the
// visitor; an adjustment answers with its sentence; the live numbers arrive. The server's address is the proxy's
// (PUBLIC_URL), so the e-mailed sign-in link and the Origin check are the ship's too.
import { type Page, devices } from '@playwright/test';
import { startThrottleProxy } from '../../apps/server/test/throttle-proxy';
import { signInToConsole } from '../support/console';
import { createVisitor, expect, test, uniqueEmail } from '../support/fixtures';
import { startOwnServer } from '../support/own-server';
import { OWN_PORTS } from '../support/ports';

const navLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true });

test('two admins on the ship link: lists say they are loading, then show; a search, an adjustment and the live numbers answer', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const proxy = await startThrottleProxy(
    { host: '127.0.0.1', port: OWN_PORTS.shipLink },
    { kbitPerSecond: 400, roundTripMs: 400 },
  );
  const ship = `http://127.0.0.1:${proxy.port}`;
  const [first, second] = [uniqueEmail('admin'), uniqueEmail('admin')];
  const server = await startOwnServer({
    port: OWN_PORTS.shipLink,
    env: { PUBLIC_URL: ship },
    operators: [
      { email: first, role: 'admin' },
      { email: second, role: 'admin' },
    ],
  });
  const timings: string[] = [];
  const timed = async (what: string, work: () => Promise<unknown>) => {
    const at = Date.now();
    await work();
    timings.push(`${what} ${((Date.now() - at) / 1000).toFixed(1)} s`);
  };
  try {
    const visitor = await createVisitor({ name: 'Ahmad Ship', appUrl: server.url });
    const [a, b] = (await Promise.all(
      [first, second].map(async (email) => {
        const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: ship });
        const page = await context.newPage();
        await signInToConsole(page, email);
        return page;
      }),
    )) as [Page, Page];

    // The first admin's operators: "Loading..." while the list crosses the link (held until seen: at 400 ms it may
    // show between two of the assertion's polls), then both admins.
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await a.route('**/api/console/operators', async (route) => {
      await held;
      await route.continue();
    });
    const listed = a.getByRole('region', { name: 'Everyone with a role' });
    await timed('operators', async () => {
      await navLink(a, 'Operators').click();
      await expect(a.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
      answer();
      await expect(listed.getByText(first, { exact: false })).toBeVisible();
      await expect(listed.getByText(second, { exact: true })).toBeVisible();
    });
    await a.unroute('**/api/console/operators');

    // At the same time on the same link: the second admin finds the visitor and adjusts their ducks; the first reads
    // the live numbers.
    await Promise.all([
      timed('search, visitor, adjustment', async () => {
        await navLink(b, 'Participants').click();
        await b.getByLabel('Search by e-mail, name, phone, Instagram or voucher code').fill(visitor.email);
        await b.getByRole('button', { name: 'Search' }).click();
        await expect(b.getByRole('status')).toHaveText(/^1 visitor for /);
        await b.getByRole('link', { name: /Ahmad Ship/ }).click();
        await expect(b.getByRole('heading', { name: 'Ahmad Ship' })).toBeVisible();
        const adjust = b.getByRole('region', { name: 'Adjust ducks' });
        await adjust.getByLabel('Amount (negative to take away)').fill('5');
        await adjust.getByLabel('Reason').fill('Scanned at the gangway, the phone had no signal');
        await adjust.getByRole('button', { name: 'Adjust ducks' }).click();
        await expect(adjust.getByRole('status')).toHaveText('Added 5 ducks. The balance is now 5.');
      }),
      timed('live numbers', async () => {
        await navLink(a, 'Live numbers').click();
        await expect(a.getByText(/^Updated \d\d:\d\d:\d\d$/)).toBeVisible();
      }),
    ]);
    await b.screenshot({ path: test.info().outputPath('ship-link-adjusted-412.png'), fullPage: true });
    await a.screenshot({ path: test.info().outputPath('ship-link-numbers-412.png'), fullPage: true });
    console.log(`console on the ship link (400 kbit/s, 400 ms, shared): ${timings.join('; ')}; ${proxy.bytesDown()} bytes down`);
    await Promise.all([a.context().close(), b.context().close()]);
  } finally {
    await server.stop();
    await proxy.close();
  }
});
