// Issue 30 part 3: signing up takes one e-mail and one code, whichever way the visitor proves the address. The
// "sent" screens name the address and offer to send again after a short wait; at 320 px the ways in are above the
// fold.
import type { Page } from '@playwright/test';
import { SIGNIN_CODE_DIGITS } from '@quackquest/contract/core';
import { expect, readMail, test, uniqueEmail, type Mail } from '../support/fixtures';

const codeIn = (mail: Mail) => new RegExp(`\\b(\\d{${SIGNIN_CODE_DIGITS}})\\b`).exec(mail.text)![1]!;

/** Throw-away screenshots when SHOTS_DIR is set (never in git). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}.png`, animations: 'disabled' });
}

/** Counts the sign-in e-mails the page asks for. */
function countLinkRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/auth/email-link') count++;
  });
  return () => count;
}

async function askForLink(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Use another way to sign in' }).click();
  const popup = page.getByRole('dialog', { name: 'Enter your email' });
  await popup.getByLabel('EMAIL').fill(email);
  await popup.getByRole('button', { name: 'Send Magic Link' }).click();
  await expect(page.getByText("Check your email! We've sent you a magic link to sign in securely.")).toBeVisible();
}

test('a new visitor signs up by the typed code with exactly one e-mail sent', async ({ page }) => {
  const email = uniqueEmail('one-mail');
  const linkRequests = countLinkRequests(page);
  await page.goto('/');
  await askForLink(page, email);
  const sent = page.getByRole('status').filter({ hasText: 'Check your email!' });
  await expect(sent.getByText(`Sent to ${email}`)).toBeVisible();
  await expect(sent.getByRole('button', { name: /^Send again in \d+ s$/ })).toBeDisabled();
  await shot(page, 'welcome-sent');

  const [mail] = await readMail(email);
  await sent.getByRole('button', { name: 'Have a code instead?' }).click();
  const popup = page.getByRole('dialog', { name: 'Enter your code' });
  await popup.getByLabel('CODE').fill(codeIn(mail!));
  await popup.getByRole('button', { name: 'Sign in' }).click();

  // The address is proven: the form asks only for the rest, and says so.
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByText(`Signing up as ${email}`)).toBeVisible();
  await expect(page.getByText('Your e-mail address is confirmed. Tell us a little more to finish signing up.')).toBeVisible();
  await expect(page.getByLabel('EMAIL', { exact: true })).toHaveCount(0);
  await page.getByLabel('FULL NAME').fill('Aisyah Karim');
  await page.getByLabel('PHONE NUMBER').fill('+65 8123 0000');
  await page.getByLabel('INSTAGRAM HANDLE').fill('@aisyah.at.sea');
  await page.getByRole('checkbox', { name: 'I agree to the T&Cs and want to receive exclusive updates' }).check();
  await shot(page, 'signup-proven');
  await page.getByRole('button', { name: "Let's Get Quackin'" }).click();
  await page
    .getByRole('dialog', { name: 'Do you already have a cabin?' })
    .getByRole('button', { name: 'No, I need to win one' })
    .click();

  await expect(page).toHaveURL(/\/checkpoints$/);
  expect(await (await page.request.get('/api/me')).json()).toMatchObject({ userName: 'Aisyah Karim' });
  expect(linkRequests()).toBe(1);
  expect(await readMail(email, 2, 1_000)).toHaveLength(1);
  expect(await page.evaluate(() => sessionStorage.getItem('emailProof'))).toBeNull();
});

test('the sign-up form names the address and sends the e-mail again only after the wait, which then doubles', async ({
  page,
}) => {
  await page.clock.install();
  const email = uniqueEmail('resend');
  await page.goto('/signup');
  await page.getByLabel('EMAIL', { exact: true }).fill(email);
  await page.getByLabel('FULL NAME').fill('Ravi Kumar');
  await page.getByLabel('PHONE NUMBER').fill('+65 8123 1111');
  await page.getByLabel('INSTAGRAM HANDLE').fill('@ravi');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: "Let's Get Quackin'" }).click();
  const sent = page.getByRole('status').filter({ hasText: 'A sign-up link has been sent to your email.' });
  await expect(sent.getByText(`Sent to ${email}`)).toBeVisible();
  await expect(sent.getByRole('button', { name: 'Send again in 30 s' })).toBeDisabled();
  await shot(page, 'signup-sent');

  await page.clock.fastForward(30_000);
  await sent.getByRole('button', { name: 'Send the e-mail again' }).click();
  await expect(sent.getByText(`Sent again to ${email}`)).toBeVisible();
  await expect(sent.getByRole('button', { name: 'Send again in 60 s' })).toBeDisabled();
  const mails = await readMail(email, 2);
  expect(mails.map((mail) => mail.subject)).toEqual(['Finish signing up to QuackQuest', 'Finish signing up to QuackQuest']);
});

test('at 320 px the welcome page shows the ways in above the fold', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 568 });
  await page.goto('/');
  const ways = [
    page.getByRole('button', { name: 'Sign in with Google' }),
    page.getByRole('button', { name: 'Use another way to sign in' }),
    page.getByRole('link', { name: 'Sign up' }),
  ];
  for (const way of ways) {
    await expect(way).toBeInViewport({ ratio: 1 });
  }
  await shot(page, 'welcome');
});
