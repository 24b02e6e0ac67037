// Journey 2: Google sign-in through a local OpenID Connect provider on loopback (oauth2-mock-server, whose
// authorize endpoint signs the configured identity in and redirects straight back). A new visitor finishes
// on /signup-google; a known one goes straight in.
import { CONTROL_URL } from '../support/ports';
import { expect, test, uniqueEmail } from '../support/fixtures';

/** The identity the provider signs in next (the provider is shared: only this file changes it). */
async function setProviderIdentity(identity: { email: string; name: string }): Promise<void> {
  const response = await fetch(`${CONTROL_URL}/oidc/identity`, { method: 'POST', body: JSON.stringify(identity) });
  expect(response.ok).toBe(true);
}

test('a new visitor signs up with Google, logs out, and signs in with Google again straight to /checkpoints', async ({
  page,
}) => {
  const visitor = { email: uniqueEmail('google'), name: 'Grace Hopper' };
  await setProviderIdentity(visitor);
  const providerVisits: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.isNavigationRequest() && url.pathname === '/authorize') providerVisits.push(url.origin);
  });

  // A new visitor: /login, the provider, back to /login, then /signup-google pre-filled.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/signup-google$/);
  await expect(page.getByText(`Signing up as ${visitor.email}`)).toBeVisible();
  await expect(page.getByLabel('FULL NAME')).toHaveValue(visitor.name);
  // The browser went to the provider on loopback (not the app's port) and back; the identity token
  // never stays in the address bar.
  expect(providerVisits).toHaveLength(1);
  expect(providerVisits[0]).toMatch(/^http:\/\/(127\.0\.0\.1|localhost):\d+$/);
  expect(providerVisits[0]).not.toBe(new URL(page.url()).origin);
  expect(page.url()).not.toContain('idToken');

  const submit = page.getByRole('button', { name: "Let's Get Quackin'" });
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Please accept the terms and conditions');
  await page.getByLabel('FULL NAME').fill('');
  await page.getByRole('checkbox', { name: 'I agree to the T&Cs and want to receive exclusive updates' }).check();
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Full name is required');

  await page.getByLabel('FULL NAME').fill(visitor.name);
  await page.getByLabel('PHONE NUMBER').fill('+65 9000 1111');
  await page.getByLabel('INSTAGRAM HANDLE').fill('@amazing.grace');
  await submit.click();
  const cabin = page.getByRole('dialog', { name: 'Do you already have a cabin?' });
  await cabin.getByRole('button', { name: 'Yes, I have a cabin' }).click();

  await expect(page).toHaveURL(/\/checkpoints$/);
  await expect(page.getByRole('region', { name: 'My Ducks' }).getByText('Ducks: 0', { exact: true })).toBeVisible();
  const me = await page.request.get('/api/me');
  expect(await me.json()).toMatchObject({ userName: visitor.name, duckPoints: 0 });

  // Log out on the welcome page: the session ends on the server too.
  await page.goto('/');
  await expect(page.getByText(`Ahoy, ${visitor.name}!`)).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  const googleButton = page.getByRole('button', { name: 'Sign in with Google' });
  await expect(googleButton).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('isAuthenticated'))).toBeNull();
  expect((await page.request.get('/api/me')).status()).toBe(401);

  // A known visitor: Google from the welcome page goes straight in.
  await googleButton.click();
  await expect(page).toHaveURL(/\/checkpoints$/);
  expect(providerVisits).toHaveLength(2);
  await expect(page.getByRole('region', { name: 'My Ducks' }).getByText('Ducks: 0', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('isAuthenticated'), localStorage.getItem('userName')])).toEqual([
    'true',
    visitor.name,
  ]);
  expect(await (await page.request.get('/api/me')).json()).toMatchObject({ userName: visitor.name });
});
