// The operator console's sign-in for the journeys (docs/product.md §15): the e-mail link, as a crew member
// would open it on the same phone.
import { expect, type Page } from '@playwright/test';
import { linkIn, readMail } from './fixtures';

/** /console: asks for a sign-in link for `email` and waits for "Check your email". */
export async function askForConsoleLink(page: Page, email: string): Promise<void> {
  await page.goto('/console');
  await expect(page.getByRole('heading', { name: 'QuackQuest console' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
}

/** Signs `email` (an operator) in through the newest link e-mailed to it; returns the link. */
export async function signInToConsole(page: Page, email: string): Promise<string> {
  const before = (await readMail(email, 0)).length;
  await askForConsoleLink(page, email);
  const mails = await readMail(email, before + 1);
  const link = linkIn(mails.at(-1)!);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
  return link;
}
