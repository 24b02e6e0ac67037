// Journey 1: sign up by magic link through the UI (the link e-mailed through the real SMTP server), then
// log in again with "Use another way to sign in" in a fresh browser.
import { expect, linkIn, readMail, test, uniqueEmail } from '../support/fixtures';

const visitor = { email: uniqueEmail('signup'), name: 'Nurul Aziz' };

test.describe.configure({ mode: 'serial' });

test('a new visitor signs up by magic link and lands on /checkpoints with the duck tracker', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Ready to Board?' })).toBeVisible();
  const submit = page.getByRole('button', { name: "Let's Get Quackin'" });
  const terms = page.getByRole('checkbox', { name: 'I agree to the T&Cs and want to receive exclusive updates' });

  // Validation, in the spec's order: terms first, then e-mail and full name.
  await page.getByLabel('EMAIL', { exact: true }).fill(visitor.email);
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Please accept the terms and conditions');
  await terms.check();
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Email and full name are required');

  await page.getByLabel('FULL NAME').fill(visitor.name);
  await page.getByLabel('PHONE NUMBER').fill('+65 8123 4567');
  await page.getByLabel('INSTAGRAM HANDLE').fill('@nurul.sails');
  await submit.click();
  await expect(page.getByText('A sign-up link has been sent to your email.')).toBeVisible();
  await expect(page.getByText('Please check your inbox and click the link to complete your registration.')).toBeVisible();

  const [mail] = await readMail(visitor.email);
  expect(mail?.subject).toBe('Finish signing up to QuackQuest');
  const link = linkIn(mail!);
  expect(new URL(link).pathname).toBe('/signup');

  // The link opens in the same browser: the stored form data waits for the cabin answer.
  await page.goto(link);
  const cabin = page.getByRole('dialog', { name: 'Do you already have a cabin?' });
  await expect(cabin).toBeVisible();
  await expect(
    cabin.getByText('If you already have a cabin, you can earn shipping credits instead of competing for one.'),
  ).toBeVisible();
  await cabin.getByRole('button', { name: 'No, I need to win one' }).click();

  await expect(page).toHaveURL(/\/checkpoints$/);
  const tracker = page.getByRole('region', { name: 'My Ducks' });
  await expect(tracker).toContainText('My Ducks');
  await expect(tracker.getByText('Ducks: 0', { exact: true })).toBeVisible();
  // No ducks yet: no "18/18" that only says last (issue 27 part 5).
  await expect(tracker.getByText('Rank: not yet', { exact: true })).toBeVisible();
  expect(
    await page.evaluate(() => [
      localStorage.getItem('isAuthenticated'),
      localStorage.getItem('userEmail'),
      localStorage.getItem('signupFormData'),
    ]),
  ).toEqual(['true', visitor.email, null]);

  // The server holds the account and its session.
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ userName: visitor.name, duckPoints: 0 });
});

test('the registered visitor logs in with "Use another way to sign in" in a fresh browser', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Use another way to sign in' }).click();
  const popup = page.getByRole('dialog', { name: 'Enter your email' });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Send Magic Link' }).click();
  await expect(popup.getByRole('alert')).toHaveText('Please enter your email address');

  await popup.getByLabel('EMAIL').fill(visitor.email);
  await popup.getByRole('button', { name: 'Send Magic Link' }).click();
  await expect(page.getByText("Check your email! We've sent you a magic link to sign in securely.")).toBeVisible();
  await expect(popup).toBeHidden();

  const mails = await readMail(visitor.email, 2);
  const signIn = mails.find((mail) => mail.subject === 'Your QuackQuest sign-in link');
  expect(signIn, 'the sign-in e-mail').toBeDefined();
  const link = linkIn(signIn!);
  expect(new URL(link).pathname).toBe('/');

  await page.goto(link);
  await expect(page).toHaveURL(/\/checkpoints$/);
  await expect(page.getByRole('region', { name: 'My Ducks' }).getByText('Ducks: 0', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('userEmail'), localStorage.getItem('emailForSignIn')])).toEqual([
    visitor.email,
    null,
  ]);
});
