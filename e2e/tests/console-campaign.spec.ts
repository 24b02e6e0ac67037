// Issue 14's console half (docs/product.md §15, decision 032): an admin opens Campaign, picks a pack on the
// server, sees the diff campaign:load prints with the visitors' progress it would orphan, is refused until they
// tick "Load anyway", loads it, and restores the earlier version. A server of its own on PGlite (as `npm start`
// runs it) whose CAMPAIGN sits in a folder of packs made for this journey: the shared server's campaign is left
// alone, and the load goes through the route while the server holds the embedded database.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type Page, devices } from '@playwright/test';
import { signInToConsole } from '../support/console';
import { apiAs, createVisitor, expect, test, uniqueEmail } from '../support/fixtures';
import { type OwnServer, startOwnServer } from '../support/own-server';
import { writeDemoPacks } from '../support/packs';
import { OWN_PORTS } from '../support/ports';

let server: OwnServer | undefined;
let packs = '';
let appUrl = '';

const admin = uniqueEmail('admin');

/**
 * The packs folder: the demo and its base, and `demo-next`, the demo without "Name That Duck" and with four more
 * Balcony Cabin Upgrades.
 */
function writePacks(): string {
  return writeDemoPacks((base) => {
    const checkpoints = readFileSync(path.join(base, 'checkpoints.yaml'), 'utf8');
    writeFileSync(
      path.join(base, 'checkpoints.yaml'),
      checkpoints.replace(/- id: day-03-name-that-duck\n[\s\S]*?(?=\n- id: )/, ''),
    );
    // Its translations follow: words for a checkpoint the pack does not have are a pack problem (decision 037).
    const translations = readFileSync(path.join(base, 'translations.yaml'), 'utf8');
    writeFileSync(path.join(base, 'translations.yaml'), translations.replace(/^ {4}day-03-name-that-duck:\n(?: {6}.*\n)+/gm, ''));
    const rewards = readFileSync(path.join(base, 'rewards.yaml'), 'utf8');
    writeFileSync(
      path.join(base, 'rewards.yaml'),
      rewards.replace(/(- item: Balcony Cabin Upgrade\n\s+price: 35\n\s+stock: )4/, '$18'),
    );
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  packs = writePacks();
  server = await startOwnServer({
    pglite: true,
    campaign: path.join(packs, 'demo'),
    port: OWN_PORTS.campaign,
    operators: [{ email: admin, role: 'admin' }],
  });
  appUrl = server.url;
});

test.afterAll(async () => {
  await server?.stop();
  if (packs) rmSync(packs, { recursive: true, force: true });
});

async function consolePage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext(
    width > 500 ? { viewport: { width, height: 900 }, baseURL: appUrl } : { ...devices['Pixel 7'], baseURL: appUrl },
  );
  await context.route('**/*', (route) => {
    const { hostname } = new URL(route.request().url());
    return hostname === '127.0.0.1' ? route.continue() : route.abort('blockedbyclient');
  });
  return context.newPage();
}

test('an admin previews a pack, is refused until confirming the lost progress, loads it and restores', async ({ browser }) => {
  test.setTimeout(150_000);
  // A visitor answered "Name That Duck", which the new pack removes.
  const visitor = await createVisitor({ name: 'Cam Paign', appUrl });
  const answered = await apiAs(visitor, '/api/checkpoints/day-03-name-that-duck/attempts', { answer: 'Quackers' }, appUrl);
  expect(answered.status).toBe(200);

  const page = await consolePage(browser, 412);
  await signInToConsole(page, admin);
  await page
    .getByRole('link', { name: /Campaign/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Campaign', level: 1 })).toBeVisible();
  const versions = page.getByRole('region', { name: 'Versions' });
  await expect(versions.getByRole('listitem')).toHaveCount(1);
  await expect(versions.getByRole('listitem').first()).toContainText('Live');
  await expect(versions.getByRole('listitem').first()).toContainText('by CAMPAIGN');

  // Only the packs next to CAMPAIGN are offered.
  const pick = page.getByLabel('Pack', { exact: true });
  await expect(pick.locator('option')).toHaveText(['demo', 'demo-next', 'next-base', 'singapore-2025']);
  await pick.selectOption('demo-next');
  await page.getByRole('button', { name: 'Show changes' }).click();
  const changes = page.getByRole('region', { name: 'Changes if you load pack demo-next' });
  await expect(changes).toContainText('checkpoints removed: day-03-name-that-duck');
  await expect(changes).toContainText('reward Balcony Cabin Upgrade: stock 4 → 8');
  await expect(changes).toContainText(
    'checkpoint day-03-name-that-duck removed: 1 attempt(s) and 1 spin(s) of 1 visitor(s) would be orphaned',
  );
  const count = (label: string) => changes.locator('.campaign-orphaned div', { hasText: label }).locator('dd');
  await expect(count('Attempts')).toHaveText('1');
  await expect(count('Visitors')).toHaveText('1');
  await expect(count('Claims')).toHaveText('0');
  await page.screenshot({ path: test.info().outputPath('campaign-diff-412.png'), fullPage: true });

  // Without "Load anyway" the server refuses and nothing changes.
  await changes.getByRole('button', { name: 'Load pack demo-next' }).click();
  await expect(page.getByRole('alert')).toContainText("Refused: this load would leave visitors' progress behind:");
  await expect(versions.getByRole('listitem')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('campaign-refused-412.png'), fullPage: true });
  await page.setViewportSize({ width: 320, height: 700 });
  await page.screenshot({ path: test.info().outputPath('campaign-refused-320.png'), fullPage: true });

  await changes.getByLabel('Load anyway and leave that progress on the removed entries').check();
  await changes.getByRole('button', { name: 'Load pack demo-next' }).click();
  await expect(page.getByRole('status')).toHaveText('Loaded: version 2 is live.');
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await expect(versions.getByRole('listitem').first()).toContainText(`by ${admin}`);
  await expect(versions.getByRole('listitem').first()).toContainText('Live');
  // The visitor app has the new content at once.
  const list = await apiAs<{ id: string }[]>(visitor, '/api/checkpoints', undefined, appUrl);
  expect(JSON.stringify(list.body)).not.toContain('day-03-name-that-duck');

  // Restore version 1 through the same preview.
  const wide = await consolePage(browser, 1280);
  await signInToConsole(wide, admin);
  await wide.goto('/console/campaign');
  await wide.getByRole('button', { name: 'Restore version 1' }).click();
  const restore = wide.getByRole('region', { name: 'Changes if you load version 1' });
  await expect(restore).toContainText('checkpoints added: day-03-name-that-duck');
  await expect(restore).toContainText('reward Balcony Cabin Upgrade: stock 8 → 4');
  await wide.getByRole('button', { name: 'Add a rename' }).click();
  await wide.screenshot({ path: test.info().outputPath('campaign-restore-1280.png'), fullPage: true });
  await wide.getByRole('button', { name: 'Remove' }).click();
  await restore.getByRole('button', { name: 'Load version 1' }).click();
  await expect(wide.getByRole('status')).toHaveText('Loaded: version 3 is live.');
  await expect(wide.getByRole('region', { name: 'Versions' }).getByRole('listitem').first()).toContainText('Live');
  await wide.screenshot({ path: test.info().outputPath('campaign-restored-1280.png'), fullPage: true });
  const again = await apiAs(visitor, '/api/checkpoints', undefined, appUrl);
  expect(JSON.stringify(again.body)).toContain('day-03-name-that-duck');
});
