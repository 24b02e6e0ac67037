// Stock from the console (issue 32 part 2, decision 071): an admin reopens the sold-out Suite Upgrade from the
// Campaign page with a reason, a visitor claims one, and the restock survives a load of another version and a
// restore of the first: each preview says the console's units stay. A server of its own whose CAMPAIGN
// sits in a folder of packs made for this journey, so the shared server's campaign is left alone.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type Page, devices } from '@playwright/test';
import { signInToConsole } from '../support/console';
import { apiAs, claimAs, createVisitor, expect, test, uniqueEmail } from '../support/fixtures';
import { type OwnServer, startOwnServer } from '../support/own-server';
import { writeDemoPacks } from '../support/packs';
import { OWN_PORTS } from '../support/ports';

let server: OwnServer | undefined;
let packs = '';
let appUrl = '';

const admin = uniqueEmail('admin');

/** The demo and its base, and `demo-next`: the demo with one Suite Upgrade in the pack instead of none. */
function writePacks(): string {
  return writeDemoPacks((base) => {
    const rewards = readFileSync(path.join(base, 'rewards.yaml'), 'utf8');
    const suite = /(- item: Suite Upgrade\n\s+price: 50\n\s+stock: )0/;
    expect(rewards).toMatch(suite);
    writeFileSync(path.join(base, 'rewards.yaml'), rewards.replace(suite, '$11'));
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  packs = writePacks();
  server = await startOwnServer({
    campaign: path.join(packs, 'demo'),
    port: OWN_PORTS.stock,
    operators: [{ email: admin, role: 'admin' }],
  });
  appUrl = server.url;
});

test.afterAll(async () => {
  await server?.stop();
  if (packs) rmSync(packs, { recursive: true, force: true });
});

async function consolePage(browser: Browser, width: number): Promise<Page> {
  const options = width > 500 ? { viewport: { width, height: 900 } } : devices['Pixel 7'];
  const context = await browser.newContext({ ...options, baseURL: appUrl });
  return context.newPage();
}

test('an admin restocks a sold-out reward, a visitor claims it, and the restock survives a load and a restore', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const visitor = await createVisitor({ name: 'Suite Seeker', cabin: true, appUrl });
  const suiteLeft = async () => {
    const { body } = await apiAs<{ items: { item: string; quantity: number }[] }>(visitor, '/api/inventory', undefined, appUrl);
    return body.items.find((r) => r.item === 'Suite Upgrade')?.quantity;
  };
  expect(await suiteLeft()).toBe(0);

  // The admin's phone: Campaign, the stock card, Suite Upgrade sold out; restocked with a reason.
  const phone = await consolePage(browser, 412);
  await signInToConsole(phone, admin);
  await phone.goto('/console/campaign');
  const stock = phone.getByRole('region', { name: 'Rewards and stock' });
  const suite = stock.getByRole('listitem').filter({ hasText: 'Suite Upgrade' });
  await expect(suite).toContainText('0 left of 0 · 0 claimed Sold out');
  await suite.getByRole('button', { name: 'Change stock Suite Upgrade' }).click();
  const form = suite.getByRole('form', { name: 'Change stock Suite Upgrade' });
  await form.getByLabel('Units to add (negative to take away)').fill('2');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(suite.getByRole('alert')).toHaveText('Type a reason: it goes into the audit trail.');
  await form.getByLabel('Reason').fill('Two suites released by the purser');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(suite.getByRole('status')).toHaveText('Stock saved: 2 left of 2.');
  await expect(suite).toContainText('2 added here, on top of the pack');
  await expect(suite).toContainText(`Last change: +2 by ${admin}`);
  await suite.screenshot({ path: test.info().outputPath('stock-412.png') });

  // The visitor (a cabin owner, given the ducks by the helpdesk) claims one.
  const found = await phone.request.get(`/api/console/participants?q=${encodeURIComponent(visitor.email)}`);
  const { items } = (await found.json()) as { items: { userId: number }[] };
  const adjusted = await phone.request.post(`/api/console/participants/${items[0]!.userId}/ducks`, {
    data: { amount: 60, reason: 'e2e: enough for a suite' },
  });
  expect(adjusted.status()).toBe(200);
  expect(await suiteLeft()).toBe(2);
  await claimAs(visitor, 'Suite Upgrade', appUrl);

  // The admin's laptop: another version loaded, then the first restored; each preview keeps the console's units.
  const laptop = await consolePage(browser, 1280);
  await signInToConsole(laptop, admin);
  await laptop.goto('/console/campaign');
  await laptop.getByLabel('Pack', { exact: true }).selectOption('demo-next');
  await laptop.getByRole('button', { name: 'Show changes' }).click();
  const next = laptop.getByRole('region', { name: 'Changes if you load pack demo-next' });
  await expect(next).toContainText("reward Suite Upgrade: stock 2 → 3 (the pack's 1; +2 added from the console stay)");
  await next.getByRole('button', { name: 'Load pack demo-next' }).click();
  await expect(laptop.getByRole('status')).toHaveText('Loaded: version 2 is live.');
  const laptopSuite = laptop
    .getByRole('region', { name: 'Rewards and stock' })
    .getByRole('listitem')
    .filter({ hasText: 'Suite Upgrade' });
  await expect(laptopSuite).toContainText('2 left of 3 · 1 claimed');

  await laptop.getByRole('button', { name: 'Restore version 1' }).click();
  const restore = laptop.getByRole('region', { name: 'Changes if you load version 1' });
  await expect(restore).toContainText("reward Suite Upgrade: stock 3 → 2 (the pack's 0; +2 added from the console stay)");
  await restore.getByRole('button', { name: 'Load version 1' }).click();
  await expect(laptop.getByRole('status')).toHaveText('Loaded: version 3 is live.');
  await expect(laptopSuite).toContainText('1 left of 2 · 1 claimed');
  await expect(laptopSuite).toContainText('2 added here, on top of the pack');
  await laptop.screenshot({ path: test.info().outputPath('stock-restored-1280.png'), fullPage: true });
  expect(await suiteLeft()).toBe(1);

  // The reward's own trail (issue 32 part 6): the restock, in words.
  await laptopSuite.getByRole('link', { name: 'Audit trail of Suite Upgrade' }).click();
  await expect(laptop.getByText(/^Only what concerns reward #\d+: its stock and its vouchers\./)).toBeVisible();
  await expect(laptop.getByRole('list', { name: 'Audit trail' }).getByRole('listitem')).toContainText([
    'Stock of Suite Upgrade +2: 0 → 2 left: Two suites released by the purser',
  ]);
});
