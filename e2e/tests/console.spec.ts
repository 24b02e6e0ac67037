// The operator console's sign-in (docs/product.md §15, decision 019): its own page at /console, the visitors'
// e-mail link or 12-digit code (decision 056), then the screens of the operator's role. An address without a role is refused
// with the server's words.
import { OPERATOR_CODE_DIGITS } from '@quackquest/contract/core';
import { expectAccessible } from '../support/axe';
import { askForConsoleLink, signInToConsole } from '../support/console';
import { createVisitor, expect, linkIn, ops, readMail, test, uniqueEmail } from '../support/fixtures';

/** The demo campaign's operator.emails (campaigns/singapore-2025/campaign.yaml): an admin. */
const CAMPAIGN_ADMIN = 'ops@example.com';

test('the console screens have no accessibility violations', async ({ page }) => {
  // Every console screen in turn, each checked by axe: 57 s of the 60 s default in CI on 2 cores.
  test.setTimeout(180_000);
  // A visitor on the leaderboard: the participants' pages and the winners to notify have someone to show.
  const visitor = await createVisitor({ name: 'Ada Access' });
  await ops('ducks:adjust', visitor.email, '7', '--reason', 'e2e console accessibility');
  await page.goto('/console');
  await expect(page.getByRole('button', { name: 'Send sign-in link' })).toBeVisible();
  await expectAccessible(page, 'the sign-in');
  // An admin of its own: the other journey reads the campaign admin's mailbox at the same time.
  const admin = uniqueEmail('admin');
  await ops('operator:add', admin, '--role', 'admin');
  await signInToConsole(page, admin);
  await expectAccessible(page, 'the console home');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  await expectAccessible(page, 'the review queue');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Redeem' }).click();
  await expect(page.getByRole('button', { name: 'Scan voucher' })).toBeVisible();
  await expectAccessible(page, 'the redeem screen');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Participants' }).click();
  await expect(page.getByRole('heading', { name: 'Participants' })).toBeVisible();
  await expectAccessible(page, 'the participants search');
  await page.getByLabel('Search by e-mail, name, phone, Instagram or voucher code').fill(visitor.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status')).toHaveText(/^1 visitor for /);
  await expectAccessible(page, 'the participants found');
  await page.getByRole('link', { name: /Ada Access/ }).click();
  await expect(page.getByRole('heading', { name: 'Ada Access' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  await expectAccessible(page, "a participant's page");
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Exports' }).click();
  await page.getByRole('button', { name: 'Show who will be e-mailed' }).click();
  await expect(page.getByRole('list', { name: 'Notify winners' })).toBeVisible();
  await expectAccessible(page, 'the exports screen');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Operators' }).click();
  await expect(page.getByRole('heading', { name: 'Everyone with a role' })).toBeVisible();
  await expectAccessible(page, 'the operators screen');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit trail' }).click();
  await expect(page.getByRole('list', { name: 'Audit trail' })).toBeVisible();
  await expectAccessible(page, 'the audit trail');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Live numbers' }).click();
  await expect(page.getByText(/^Updated \d\d:\d\d:\d\d$/)).toBeVisible();
  await expectAccessible(page, 'the live numbers');
});

test("the campaign's admin signs in by the e-mailed link and sees every screen", async ({ page }) => {
  const link = await signInToConsole(page, CAMPAIGN_ADMIN);
  expect(new URL(link).pathname).toBe('/console');
  // The token is spent and gone from the address bar.
  await expect(page).toHaveURL(/\/console$/);
  const header = page.getByRole('banner');
  await expect(header).toContainText(CAMPAIGN_ADMIN);
  await expect(header).toContainText('Admin');
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link')).toHaveText([
    'Live numbers',
    'Review',
    'Redeem',
    'Participants',
    'Announcements',
    'Kiosks',
    'Exports',
    'Operators',
    'Audit trail',
    'Campaign',
  ]);

  // The session survives a reload; signing out ends it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
  await header.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Send sign-in link' })).toBeVisible();
  expect((await page.request.get('/api/console/me')).status()).toBe(401);
});

test('a reviewer signs in with the code on another device and sees only the review queue', async ({ page }) => {
  const reviewer = uniqueEmail('reviewer');
  await ops('operator:add', reviewer, '--role', 'reviewer');
  await askForConsoleLink(page, reviewer);
  const [mail] = await readMail(reviewer);
  const code = new RegExp(`\\b(\\d{${OPERATOR_CODE_DIGITS}})\\b`).exec(mail!.text)![1]!;

  await page.getByLabel(`${OPERATOR_CODE_DIGITS}-digit code`).fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Reviewer');
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link')).toHaveText(['Review']);

  // Redemption is not a reviewer's screen, even by its address.
  await page.goto('/console/redeem');
  await expect(page.getByText('Your role does not open this screen.')).toBeVisible();
});

test('an address without a role is refused with the reason', async ({ page }) => {
  const stranger = uniqueEmail('stranger');
  await askForConsoleLink(page, stranger);
  const [mail] = await readMail(stranger);
  await page.goto(linkIn(mail!));
  await expect(page.getByRole('alert')).toHaveText('This address has no role in the console. Ask an admin to add you.');
  await expect(page.getByRole('button', { name: 'Send sign-in link' })).toBeVisible();
});

test('the visitor app does not open the console, and the console is its own page', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((script) => /console/i.test(script))).toEqual([]);
  await page.goto('/console/review');
  await expect(page).toHaveTitle('QuackQuest console');
});
