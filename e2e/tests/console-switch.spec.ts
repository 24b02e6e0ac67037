// Another operator's sign-in link, opened where an admin is signed in to the console (decision 056): anybody
// can have a link sent to an operator, so the console names both addresses and asks before the session is
// replaced. Every link for an operator address opens the console, whatever the requester asked for.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { signInToConsole } from '../support/console';
import { expect, linkIn, ops, readMail, test, uniqueEmail } from '../support/fixtures';

/** Screenshots on a phone (the Pixel 7 of the config) and a laptop when E2E_SHOTS names a folder (looked at by hand). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const phone = page.viewportSize()!;
  await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${dir}/${name}-laptop.png`, fullPage: true });
  await page.setViewportSize(phone);
}

test("an admin opening another operator's link is asked before their session is replaced", async ({ page, request }) => {
  const admin = uniqueEmail('admin');
  const reviewer = uniqueEmail('reviewer');
  await ops('operator:add', admin, '--role', 'admin');
  await ops('operator:add', reviewer, '--role', 'reviewer');
  await signInToConsole(page, admin);

  // Somebody else asks for the reviewer's link, for the visitor app: it opens the console all the same.
  const ask = async (count: number) => {
    expect((await request.post('/api/auth/email-link', { data: { email: reviewer, returnTo: '/' } })).status()).toBe(202);
    const link = linkIn((await readMail(reviewer, count)).at(-1)!);
    expect(new URL(link).pathname).toBe('/console');
    return link;
  };
  await page.goto(await ask(1));
  const question = page.getByRole('region', { name: 'Switch operator?' });
  await expect(question).toContainText(`You are signed in as ${admin}.`);
  await expect(question).toContainText(`This sign-in link is for ${reviewer}.`);
  await expect(page).toHaveURL(/\/console$/);
  await expectAccessible(page, 'the question to switch operator');
  await shot(page, 'console-switch');

  // Staying keeps the admin's session, and nothing else changed.
  await question.getByRole('button', { name: `Stay signed in as ${admin}` }).click();
  await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(admin);
  await page.reload();
  await expect(page.getByRole('banner')).toContainText('Admin');

  // Continuing signs the admin out and the reviewer in.
  const second = await ask(2);
  await page.goto(second);
  await page.getByRole('button', { name: `Continue as ${reviewer}` }).click();
  await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(reviewer);
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link')).toHaveText(['Review']);

  // A link already used, opened again, changes nothing and says why.
  await page.goto(second);
  await expect(page.getByRole('alert')).toHaveText('This sign-in link has already been used. Please request a new one.');
  await expect(page.getByRole('banner')).toContainText(reviewer);
});
