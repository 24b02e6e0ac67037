// Issue 13's must-show: the console works on PGlite while the game runs. The other journeys' server uses
// PostgreSQL (support/global-setup.ts); this one starts a server of its own as `npm start` runs it
// (support/own-server.ts), on the embedded database (PGlite: no DATABASE_URL, a fresh DATA_DIR), mailing to the
// journeys' SMTP server. While a visitor keeps asking for their screens' data, another answers a text
// checkpoint in the visitor app, a reviewer approves it in the console (pending ducks become posted), the
// visitor claims a reward and staff redeem its voucher in the console.
import { randomUUID } from 'node:crypto';
import { type Browser, type Page, devices } from '@playwright/test';
import { signInToConsole } from '../support/console';
import { apiAs, createVisitor, expect, signIn, test, uniqueEmail, type Visitor } from '../support/fixtures';
import { type OwnServer, startOwnServer } from '../support/own-server';
import { OWN_PORTS } from '../support/ports';

interface Me {
  duckPoints: number;
  pendingDuckPoints: number;
}

let server: OwnServer | undefined;
let appUrl = '';

const reviewer = uniqueEmail('reviewer');
const staff = uniqueEmail('staff');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer({
    pglite: true,
    port: OWN_PORTS.pglite,
    operators: [
      { email: reviewer, role: 'reviewer' },
      { email: staff, role: 'staff' },
    ],
  });
  appUrl = server.url;
});

test.afterAll(async () => {
  await server?.stop();
});

/** A phone of its own on the PGlite server, every request kept on this machine. */
async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: appUrl });
  await context.route('**/*', (route) => {
    const { hostname } = new URL(route.request().url());
    return hostname === '127.0.0.1' ? route.continue() : route.abort('blockedbyclient');
  });
  return context.newPage();
}

/** Another visitor playing all along: their screens' data, one call after another, until stopped. */
function keepPlaying(visitor: Visitor) {
  const statuses: number[] = [];
  let playing = true;
  const done = (async () => {
    while (playing) {
      for (const call of ['/api/me', '/api/checkpoints', '/api/leaderboard', '/api/inventory']) {
        statuses.push(
          await apiAs(visitor, call, undefined, appUrl).then(
            (r) => r.status,
            () => 0,
          ),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    stop: async () => {
      playing = false;
      await done;
      return statuses;
    },
  };
}

test('the console works on PGlite while the game runs', async ({ browser }) => {
  test.setTimeout(120_000);
  const me = async (v: Visitor) => (await apiAs<Me>(v, '/api/me', undefined, appUrl)).body;
  const player = keepPlaying(await createVisitor({ name: 'Pat Player', appUrl }));
  const visitor = await createVisitor({ name: 'Nina PGlite', appUrl });
  try {
    // The visitor answers the text checkpoint in the visitor app and spins: the ducks are pending.
    const app = await phone(browser);
    await signIn(app.context(), visitor, appUrl);
    await app.goto('/checkpoint?id=day-03-name-that-duck');
    await app.getByRole('textbox', { name: 'YOUR ANSWER' }).fill('Bubbles');
    await app.getByRole('button', { name: 'Submit' }).click();
    await expect(app.getByRole('status')).toHaveText('Submitted: Bubbles');
    await app.waitForURL(/\/congrats$/);
    const { duckPointsAwarded: won } = (await apiAs<{ duckPointsAwarded: number }>(visitor, '/api/spin', {}, appUrl)).body;
    expect(await me(visitor)).toMatchObject({ duckPoints: 0, pendingDuckPoints: won });

    // A reviewer approves it in the console: the ducks move from pending to posted.
    const desk = await phone(browser);
    await signInToConsole(desk, reviewer);
    await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Review' }).click();
    const card = desk.getByRole('article').filter({ hasText: 'Nina PGlite' });
    await expect(card.getByText('Bubbles')).toBeVisible();
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(card).toHaveCount(0);
    expect(await me(visitor)).toMatchObject({ duckPoints: won, pendingDuckPoints: 0 });

    // Two more checkpoints (a scan and a multiple choice) give at least the 3 ducks of a draught beer.
    expect(
      (await apiAs(visitor, '/api/checkpoints/day-01-gangway/attempts', { answer: 'QQSG25-GANGWAY-MWMXXG' }, appUrl)).status,
    ).toBe(200);
    expect((await apiAs(visitor, '/api/spin', {}, appUrl)).status).toBe(200);
    expect((await apiAs(visitor, '/api/checkpoints/day-02-lifeboat-drill/attempts', { answer: 'b' }, appUrl)).status).toBe(200);
    expect((await apiAs(visitor, '/api/spin', {}, appUrl)).status).toBe(200);
    const claim = await fetch(`${appUrl}/api/claims`, {
      method: 'POST',
      headers: {
        cookie: `qq_session=${visitor.cookie}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ item: 'Draught Beer' }),
    });
    expect([claim.status, claim.status === 201 ? '' : await claim.text()]).toEqual([201, '']);
    const { voucherCode } = (await claim.json()) as { voucherCode: string };

    // Staff redeem the voucher in the console, typed by hand.
    const crew = await phone(browser);
    await signInToConsole(crew, staff);
    await crew.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Redeem' }).click();
    await crew.getByLabel('Voucher code').fill(voucherCode.toLowerCase());
    await crew.getByRole('button', { name: 'Look up' }).click();
    const voucher = crew.getByRole('region', { name: 'Draught Beer' });
    await expect(voucher).toContainText('Nina PGlite');
    await voucher.getByRole('button', { name: 'Redeem' }).click();
    await expect(voucher.getByRole('status')).toHaveText('Redeemed. Hand out the reward.');
  } finally {
    // The other visitor was served all along, every answer a 200.
    const statuses = await player.stop();
    expect(statuses.length).toBeGreaterThan(8);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  }
});
