// Issue 12: the sign-up form filled in one browser (often Instagram's), the e-mail opened in another. The
// other browser finishes the sign-up with the details sent with the link; the first browser's code then says
// it was used. And /login shows only known messages, whatever ?error= says.
import { SIGNIN_CODE_DIGITS } from '@quackquest/contract/core';
import { expect, linkIn, readMail, test, uniqueEmail } from '../support/fixtures';

const instagram =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0 Mobile Safari/537.36 Instagram 329.0.0.41.93 Android';

test('a sign-up link opened in another browser finishes the sign-up without retyping; the first browser hears "already used"', async ({
  browser,
}) => {
  const email = uniqueEmail('crossing');
  const a = await browser.newContext({ userAgent: instagram });
  const b = await browser.newContext();
  try {
    // Browser A (an in-app browser): the form.
    const pageA = await a.newPage();
    await pageA.goto('/signup');
    await pageA.getByLabel('EMAIL', { exact: true }).fill(email);
    await pageA.getByLabel('FULL NAME').fill('Siti Rahman');
    await pageA.getByLabel('PHONE NUMBER').fill('+65 9876 5432');
    await pageA.getByLabel('INSTAGRAM HANDLE').fill('@siti.sails');
    await pageA.getByRole('checkbox', { name: 'I agree to the T&Cs and want to receive exclusive updates' }).check();
    await pageA.getByRole('button', { name: "Let's Get Quackin'" }).click();
    await expect(pageA.getByText('A sign-up link has been sent to your email.')).toBeVisible();

    // Browser B: the link from the e-mail. It asks for the address, then goes straight to the cabin question.
    const [mail] = await readMail(email);
    const pageB = await b.newPage();
    await pageB.goto(linkIn(mail!));
    const prompt = pageB.getByRole('dialog', { name: 'Please provide your email for confirmation' });
    await prompt.getByLabel('EMAIL').fill(email);
    await prompt.getByRole('button', { name: 'OK' }).click();
    const cabin = pageB.getByRole('dialog', { name: 'Do you already have a cabin?' });
    await expect(cabin).toBeVisible();
    await cabin.getByRole('button', { name: 'Yes, I have a cabin' }).click();
    await expect(pageB).toHaveURL(/\/checkpoints$/);
    const me = await pageB.request.get('/api/me');
    expect(await me.json()).toMatchObject({ userName: 'Siti Rahman' });

    // Browser A: the code from the same e-mail has been used.
    await pageA.getByRole('button', { name: 'Have a code instead?' }).click();
    const codePopup = pageA.getByRole('dialog', { name: 'Enter your code' });
    await codePopup.getByLabel('CODE').fill(new RegExp(`\\b(\\d{${SIGNIN_CODE_DIGITS}})\\b`).exec(mail!.text)![1]!);
    await codePopup.getByRole('button', { name: 'Sign in' }).click();
    await expect(codePopup.getByRole('alert')).toHaveText('This code has already been used. Please request a new one.');
  } finally {
    await a.close();
    await b.close();
  }
});

test('the sign-up form carries the server limits', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('FULL NAME').fill('x'.repeat(104));
  await expect(page.getByLabel('FULL NAME')).toHaveValue('x'.repeat(100));
  await expect(page.getByLabel('PHONE NUMBER')).toHaveAttribute('maxlength', '40');
  await expect(page.getByLabel('EMAIL', { exact: true })).toHaveAttribute('maxlength', '254');
  await expect(page.getByLabel('INSTAGRAM HANDLE')).toHaveAttribute('maxlength', '100');
});

test('an in-app browser is told that Google may not work and pointed to the e-mail way', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: instagram });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('note')).toHaveText(/^Google sign-in may not work inside Instagram's browser\./);
    // On the welcome page the e-mail way is the link just below; /login points back to the welcome page.
    await expect(page.getByRole('note')).toContainText('Use "Use another way to sign in" below');
    await page.goto('/login');
    await expect(page.getByRole('note')).toContainText('on the welcome page: we e-mail you a sign-in link and a code');
  } finally {
    await context.close();
  }
});

test('/login shows only known messages, whatever ?error= says', async ({ page }) => {
  await page.goto(`/login?error=${encodeURIComponent('Your account is locked. Call +1 555 0100')}`);
  await expect(page.getByRole('alert')).toHaveText('Google sign-in failed.');
  await expect(page.getByText('Call +1 555 0100')).toHaveCount(0);
  await page.goto('/login?error=not_configured');
  await expect(page.getByRole('alert')).toHaveText(
    'Google sign-in is not available on this server. Please use "Use another way to sign in".',
  );
  // An ordinary browser sees no in-app notice.
  await expect(page.getByRole('note')).toHaveCount(0);
});
