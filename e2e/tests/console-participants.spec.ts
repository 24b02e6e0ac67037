// The helpdesk (docs/product.md §15, decision 020), issue 13's must-show: an admin finds a visitor in the
// console, blocks them, and the visitor then cannot spin: their phone is signed out at the next tap, and signing in
// again says "This account is blocked. Please contact the organisers.". Unblocking lets them back in; an adjustment
// shows in their ducks.
import { devices } from '@playwright/test';
import { signInToConsole } from '../support/console';
import { apiAs, createVisitor, expect, linkIn, ops, readMail, signIn, test, uniqueEmail } from '../support/fixtures';
import { APP_URL } from '../support/ports';

const BLOCKED = 'This account is blocked. Please contact the organisers.';

test('an admin finds a visitor and blocks them; the visitor cannot spin; unblock and adjust', async ({ browser, page }) => {
  const visitor = await createVisitor({ name: 'Siti Rahim' });
  // A text answer earns a spin (its ducks wait for review): the visitor has a spin to take.
  expect((await apiAs(visitor, '/api/checkpoints/day-03-name-that-duck/attempts', { answer: 'Quackers' })).status).toBe(200);
  const admin = uniqueEmail('admin');
  await ops('operator:add', admin, '--role', 'admin');

  // The visitor's phone, on the wheel.
  const visitorContext = await browser.newContext({ ...devices['Pixel 7'], baseURL: APP_URL });
  await signIn(visitorContext, visitor);
  const phone = await visitorContext.newPage();
  await phone.goto('/spin');
  await expect(phone.getByRole('heading', { name: 'SPIN FOR DUCKS' })).toBeVisible();

  // The admin's phone (the test's own page): Participants, search by part of the e-mail, open the visitor, block with a reason.
  await signInToConsole(page, admin);
  await page
    .getByRole('link', { name: /Participants/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Participants' })).toBeVisible();
  await page
    .getByLabel('Search by e-mail, name, phone, Instagram or voucher code')
    .fill(visitor.email.split('@')[0]!.toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status')).toHaveText(/^1 visitor for /);
  await page.screenshot({ path: test.info().outputPath('search-412.png'), fullPage: true });
  await page.getByRole('link', { name: /Siti Rahim/ }).click();
  await expect(page.getByRole('heading', { name: 'Siti Rahim' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Answers' })).toContainText('Quackers');

  const blockCard = page.getByRole('region', { name: 'Block' });
  await blockCard.getByRole('button', { name: 'Block' }).click();
  await expect(blockCard.getByRole('alert')).toHaveText('Type a reason: it goes into the audit trail.');
  await blockCard.getByLabel('Reason').fill('Sharing answers in the group chat');
  await blockCard.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByRole('region', { name: 'Unblock' }).getByRole('status')).toHaveText(
    'Blocked. The visitor was signed out.',
  );
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText('Blocked at');
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText('Sharing answers in the group chat');
  await page.screenshot({ path: test.info().outputPath('blocked-412.png'), fullPage: true });

  // The visitor taps SPIN: their session is gone, no ducks are won, and they are asked to log in again.
  await phone.getByRole('button', { name: 'SPIN', exact: true }).click();
  await expect(phone.getByRole('alertdialog')).toContainText('Please log in to spin the wheel');
  await expect(phone.getByRole('dialog', { name: 'You won!' })).toHaveCount(0);
  await phone.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(phone).toHaveURL(/\/login$/);
  // Signing in again with the e-mail link says why.
  await phone.goto('/');
  await phone.getByRole('button', { name: 'Use another way to sign in' }).click();
  const popup = phone.getByRole('dialog', { name: 'Enter your email' });
  const before = (await readMail(visitor.email, 0)).length;
  await popup.getByLabel('EMAIL').fill(visitor.email);
  await popup.getByRole('button', { name: 'Send Magic Link' }).click();
  await expect(phone.getByText("Check your email! We've sent you a magic link to sign in securely.")).toBeVisible();
  const mails = await readMail(visitor.email, before + 1);
  await phone.goto(linkIn(mails.at(-1)!));
  await expect(phone.getByRole('alertdialog')).toContainText(BLOCKED);
  await phone.screenshot({ path: test.info().outputPath('visitor-blocked-412.png') });
  await phone.getByRole('alertdialog').getByRole('button').click();
  // The old cookie cannot spin either.
  expect((await apiAs(visitor, '/api/spin', {})).status).toBe(401);

  // Unblock: the visitor signs in again and spins.
  await page.getByRole('region', { name: 'Unblock' }).getByRole('button', { name: 'Unblock' }).click();
  await expect(page.getByRole('region', { name: 'Block' }).getByRole('status')).toHaveText(
    'Unblocked. The visitor can sign in and play again.',
  );
  const again = (await readMail(visitor.email, 0)).length;
  await phone.getByRole('button', { name: 'Use another way to sign in' }).click();
  await popup.getByLabel('EMAIL').fill(visitor.email);
  await popup.getByRole('button', { name: 'Send Magic Link' }).click();
  const more = await readMail(visitor.email, again + 1);
  await phone.goto(linkIn(more.at(-1)!));
  await expect(phone).toHaveURL(/\/checkpoints$/);
  await phone.goto('/spin');
  await phone.getByRole('button', { name: 'SPIN', exact: true }).click();
  await expect(phone.getByRole('dialog', { name: 'You won!' })).toBeVisible();

  // Adjust: a refusal first (more than the balance), then 5 ducks with a reason.
  const adjustCard = page.getByRole('region', { name: 'Adjust ducks' });
  await adjustCard.getByLabel('Amount (negative to take away)').fill('-1');
  await adjustCard.getByLabel('Reason').fill('Test');
  await adjustCard.getByRole('button', { name: 'Adjust ducks' }).click();
  await expect(adjustCard.getByRole('alert')).toHaveText(
    'This would make the balance negative: the visitor has 0 ducks. Take at most 0.',
  );
  await adjustCard.getByLabel('Amount (negative to take away)').fill('5');
  await adjustCard.getByLabel('Reason').fill('Lost a scan at the bar');
  await adjustCard.getByRole('button', { name: 'Adjust ducks' }).click();
  await expect(adjustCard.getByRole('status')).toHaveText('Added 5 ducks. The balance is now 5.');
  // The ledger in words (issue 32 part 6): the spin waits for a reviewer, the five came from the crew.
  const ledger = page.getByRole('region', { name: 'Ledger' });
  await expect(ledger).toContainText('+5 Given by the crew: Lost a scan at the bar');
  await expect(ledger).toContainText(/\+\d Won on the wheel, waiting for a reviewer/);
  // The campaign's sign-up question, with the visitor's answer in its words.
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText('Do you already have a cabin?');
  await phone.goto('/checkpoints');
  await expect(phone.getByRole('region', { name: 'My Ducks' }).getByText('Ducks: 5', { exact: true })).toBeVisible();

  // The erase dialog names the consequence; cancelled here.
  await page.getByRole('button', { name: 'Erase personal data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase this personal data?' });
  await expect(dialog).toContainText('This cannot be undone.');
  await expect(dialog.getByRole('button', { name: 'Erase for good' })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('erase-dialog-412.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('profile-1280.png'), fullPage: true });
  // What the crew did about this visitor, in the audit trail, in words; the JSON one click away.
  await page.getByRole('link', { name: 'Audit trail of this visitor' }).click();
  await expect(page.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(/^Only what concerns visitor #\d+/);
  const trail = page.getByRole('list', { name: 'Audit trail' }).getByRole('listitem');
  await expect(trail.first()).toContainText('participant.adjust_ducks');
  await expect(trail.first()).toContainText('Ducks 0 → 5 (+5): Lost a scan at the bar');
  await expect(trail.filter({ hasText: 'participant.block' })).toContainText('Blocked: Sharing answers in the group chat');
  await expect(trail.filter({ hasText: 'participant.unblock' })).toContainText(
    'Unblocked (was blocked: Sharing answers in the group chat)',
  );
  const json = trail.first().getByText(/^After: .*"amount":5/);
  await expect(json).toBeHidden();
  await trail.first().getByText('Details (JSON)').click();
  await expect(json).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('audit-of-visitor-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 412, height: 839 });
  await page.screenshot({ path: test.info().outputPath('audit-of-visitor-412.png'), fullPage: true });
  await page.getByRole('button', { name: 'Show everything' }).click();
  await expect(page.getByText(/^Only what concerns visitor/)).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Back twice: to the visitor's trail, then to the visitor.
  await page.goBack();
  await expect(page.getByText(/^Only what concerns visitor/)).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Siti Rahim' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to the search' }).click();
  await page.screenshot({ path: test.info().outputPath('search-1280.png'), fullPage: true });

  await visitorContext.close();
});
