// Issue 27 part 6 (decision 078): the crew's announcements and e-mail reminders. On a server of its own (its banner
// for everyone would otherwise show on every other journey's checkpoints screen): a visitor in Bahasa Melayu turns on
// e-mail reminders; an admin on a laptop writes an announcement in English and Malay and has it e-mailed too; the
// Malay visitor sees the banner in Malay and gets the e-mail, an English visitor sees the English words and hides
// them for good; the admin withdraws it and the banner goes.
import { type Browser, type Page, devices } from '@playwright/test';
import { words } from '../support/catalog';
import { signInToConsole } from '../support/console';
import { type Visitor, createVisitor, expect, readMail, signIn, test, uniqueEmail } from '../support/fixtures';
import { type OwnServer, startOwnServer } from '../support/own-server';
import { OWN_PORTS } from '../support/ports';

let server: OwnServer | undefined;
let appUrl = '';
const admin = uniqueEmail('admin');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer({ port: OWN_PORTS.announcements, operators: [{ email: admin, role: 'admin' }] });
  appUrl = server.url;
});

test.afterAll(async () => {
  await server?.stop();
});

/** A visitor's phone on this server, signed in, in `language`. */
async function phoneOf(browser: Browser, visitor: Visitor, language: string): Promise<Page> {
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: appUrl });
  await signIn(context, visitor, appUrl);
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  return context.newPage();
}

test('an admin announces in two languages; each visitor reads their own, the e-mail goes to who asked, and a withdrawal ends it', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const ms = words('ms');
  const en = words('en');
  const malay = await createVisitor({ name: 'Siti Aminah', appUrl });
  const english = await createVisitor({ name: 'Ethan Lim', appUrl });

  // The Malay visitor turns on e-mail reminders on the checkpoints screen.
  const malayPhone = await phoneOf(browser, malay, 'ms');
  await malayPhone.goto('/checkpoints');
  await expect(malayPhone.getByRole('heading', { name: ms('reminders.emailTitle') })).toBeVisible();
  await expect(malayPhone.getByText(ms('reminders.emailOffer'))).toBeVisible();
  await malayPhone.getByRole('button', { name: ms('reminders.emailTurnOn') }).click();
  await expect(malayPhone.getByText(ms('reminders.emailOn'))).toBeVisible();
  await expect(malayPhone.getByRole('button', { name: ms('reminders.emailTurnOff') })).toBeVisible();
  await malayPhone
    .getByRole('region', { name: ms('reminders.title') })
    .screenshot({ path: test.info().outputPath('reminder-card-ms.png') });

  // The admin, on a laptop.
  const laptop = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: appUrl })).newPage();
  await signInToConsole(laptop, admin);
  await laptop.getByRole('link', { name: 'Announcements' }).first().click();
  await expect(laptop.getByRole('heading', { name: 'Announcements', level: 1 })).toBeVisible();
  // Without English the form says what to fix, and nothing is published.
  await laptop.getByLabel('Malay (optional)').fill('Makan malam di dek 7 pukul 7 malam.');
  await laptop.getByRole('button', { name: 'Publish' }).click();
  await expect(laptop.getByRole('alert')).toHaveText(/Write the announcement in English/);
  await laptop.getByLabel('English (required)').fill('Dinner on deck 7 at 7 pm.');
  await laptop.getByLabel('Also e-mail it to visitors who turned on e-mail reminders').check();
  await laptop.getByRole('button', { name: 'Publish' }).click();
  // An e-mail cannot be called back: a second tap confirms.
  await expect(laptop.getByRole('alert')).toHaveText(/cannot be called back/);
  await laptop.getByRole('button', { name: 'Yes, publish and send' }).click();
  await expect(laptop.getByRole('status')).toHaveText('Published: visitors see it now.');
  const row = laptop.getByRole('listitem').filter({ hasText: 'Dinner on deck 7 at 7 pm.' });
  await expect(row).toContainText('Showing');
  await laptop.screenshot({ path: test.info().outputPath('announcements-console-1280.png'), fullPage: true });
  // The crew's phone.
  await laptop.setViewportSize({ width: 412, height: 915 });
  await laptop.screenshot({ path: test.info().outputPath('announcements-console-412.png'), fullPage: true });
  await laptop.setViewportSize({ width: 1280, height: 900 });

  // The Malay visitor: the banner in Malay, marked as Malay, and the e-mail in Malay.
  await malayPhone.reload();
  const malayBanner = malayPhone.getByRole('status').filter({ hasText: ms('announcements.label') });
  await expect(malayBanner).toContainText('Makan malam di dek 7 pukul 7 malam.');
  await expect(malayBanner.locator('[lang="ms"]')).toHaveText('Makan malam di dek 7 pukul 7 malam.');
  await malayPhone.screenshot({ path: test.info().outputPath('announcement-banner-ms.png') });
  const [mail] = await readMail(malay.email, 2, 20_000).then((mails) => mails.filter((m) => m.text.includes('Makan malam')));
  expect(mail?.subject).toMatch(/mesej daripada krew$/);
  expect(mail?.text).toContain(`${appUrl}/checkpoints`);

  // The English visitor: English words, no e-mail (they never asked); hidden, it stays hidden.
  const englishPhone = await phoneOf(browser, english, 'en');
  await englishPhone.goto('/checkpoints');
  const englishBanner = englishPhone.getByRole('status').filter({ hasText: en('announcements.label') });
  await expect(englishBanner).toContainText('Dinner on deck 7 at 7 pm.');
  await englishBanner.getByRole('button', { name: en('announcements.dismiss') }).click();
  await expect(englishBanner).toHaveCount(0);
  await englishPhone.reload();
  await expect(englishPhone.getByRole('heading', { name: en('checkpoints.title') })).toBeVisible();
  await expect(englishPhone.getByText('Dinner on deck 7 at 7 pm.')).toHaveCount(0);
  expect((await readMail(english.email, 2, 1_000)).filter((m) => m.text.includes('Dinner'))).toEqual([]);

  // The e-mail went: the console counts it.
  await expect
    .poll(async () => {
      await laptop.reload();
      return row.textContent();
    })
    .toContain('E-mail: 1 sent');

  // Withdrawn: the banner goes.
  await row.getByRole('button', { name: 'Withdraw' }).click();
  await expect(laptop.getByRole('status')).toHaveText(/Withdrawn/);
  await expect(row).toContainText('Withdrawn');
  await malayPhone.reload();
  await expect(malayPhone.getByRole('heading', { name: ms('checkpoints.title') })).toBeVisible();
  await expect(malayPhone.getByText('Makan malam di dek 7 pukul 7 malam.')).toHaveCount(0);
});
