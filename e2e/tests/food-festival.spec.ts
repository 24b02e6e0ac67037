// Issue 14 part 4's must-show: any festival, not only a cruise. A server of its own (support/own-server.ts: a database
// and a DATA_DIR of its own, mail to the journeys' SMTP server) seeded with the second sample pack,
// campaigns/food-festival-2026, its days placed so that day 5, the last, is today. On a phone a visitor signs up through the
// UI (the pack's sign-up question), completes a checkpoint, spins, sees and claims rewards; every screen visited is
// read, text and pictures' alternative texts alike, and none speaks of a cabin, ship, crew, cruise, deck, on board
// or sailing. The welcome page is kept as a screenshot at 412 and 320 px wide (/tmp/food-festival-welcome-*.png).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, devices } from '@playwright/test';
import { createVisitor, expect, linkIn, readMail, signIn, test, uniqueEmail } from '../support/fixtures';
import { type OwnServer, startOwnServer } from '../support/own-server';
import { OWN_PORTS } from '../support/ports';

const root = fileURLToPath(new URL('../../', import.meta.url));
const CRUISE_WORDS = /cabin|ship|crew|cruise|deck|on board|aboard|sail/i;

// Both journeys share the one server this file starts: in order, in one worker.
test.describe.configure({ mode: 'default' });

let server: OwnServer | undefined;
let packDir = '';
let appUrl = '';

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // The sample pack as it is, with its days moved so that some are open today.
  packDir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-e2e-food-pack-'));
  writeFileSync(
    path.join(packDir, 'campaign.yaml'),
    `basedOn: ${path.join(root, 'campaigns/food-festival-2026')}\nid: food-e2e\nchallengeStart: relative\ntodayIsDay: 5\n`,
  );
  server = await startOwnServer({
    campaign: packDir,
    port: OWN_PORTS.foodFestival,
    // An address without a name: the pack's mail.senderName names the sender.
    env: { MAIL_FROM: 'festival@quackquest.test' },
    timeoutMs: 240_000,
  });
  appUrl = server.url;
});

test.afterAll(async () => {
  await server?.stop();
  if (packDir) rmSync(packDir, { recursive: true, force: true });
});

/** What a visitor reads on the screen now: its text, and the alternative texts and labels of what it shows. */
async function screenWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const labels = Array.from(document.querySelectorAll('[alt], [aria-label], [title], [placeholder]')).map((el) =>
      ['alt', 'aria-label', 'title', 'placeholder'].map((name) => el.getAttribute(name) ?? '').join(' '),
    );
    return [document.title, document.body.innerText, ...labels].join('\n');
  });
}

const visited: string[] = [];
async function expectNoCruiseWords(page: Page, screen: string): Promise<void> {
  const words = await screenWords(page);
  visited.push(screen);
  expect(words.match(CRUISE_WORDS)?.[0], `${screen} says "${words.match(CRUISE_WORDS)?.[0]}"`).toBeUndefined();
}

test('a visitor plays the food festival on a phone, and no screen speaks of a cruise', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: appUrl });
  await context.route('**/*', (route) =>
    new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort('blockedbyclient'),
  );
  const page = await context.newPage();
  const email = uniqueEmail('foodie');

  // The welcome page: the pack's logo, tagline, prize banner and colours.
  await page.goto('/');
  await expect(page.getByRole('img', { name: 'QuackQuest Food Festival' })).toBeVisible();
  await expect(page.getByText('Five days, fifty stalls, one hungry flock.')).toBeVisible();
  const prize = page.getByRole('link', { name: /Win a 5-day festival pass/ });
  await expect(prize).toContainText("All five days, every stall, plus a seat at the chef's table");
  await expect(page.getByRole('img', { name: 'Win a 5-day festival pass' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--sea-700').trim())).toBe(
    '#a4370f',
  );
  await expectNoCruiseWords(page, 'welcome');
  await page.screenshot({ path: test.info().outputPath('food-festival-welcome-412.png'), fullPage: true });
  await page.setViewportSize({ width: 320, height: 700 });
  await page.screenshot({ path: test.info().outputPath('food-festival-welcome-320.png'), fullPage: true });
  await page.setViewportSize(devices['Pixel 7'].viewport);
  await page.getByRole('button', { name: 'T&C' }).click();
  await expect(page.getByRole('dialog', { name: 'Terms and Conditions' })).toContainText('Riverside Food Festival Lda.');
  await expectNoCruiseWords(page, 'terms');
  await page.keyboard.press('Escape');

  // Sign-up: the pack's banner and pitch, then its e-mail, then its question.
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Hungry for More?' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Three tacos on a paper tray' })).toBeVisible();
  await expectNoCruiseWords(page, 'signup');
  await page.getByLabel('EMAIL', { exact: true }).fill(email);
  await page.getByLabel('FULL NAME').fill('Fatima Foodie');
  await page.getByLabel('PHONE NUMBER').fill('+351 912 345 678');
  await page.getByLabel('INSTAGRAM HANDLE').fill('@fatima.eats');
  await page.getByRole('checkbox', { name: 'I agree to the T&Cs and want to receive exclusive updates' }).check();
  await page.getByRole('button', { name: "Let's Get Quackin'" }).click();
  await expect(page.getByText('A sign-up link has been sent to your email.')).toBeVisible();
  const [mail] = await readMail(email);
  expect(mail).toMatchObject({
    subject: 'Finish signing up to the Riverside Food Festival challenge',
    from: expect.stringContaining('Riverside Food Festival'),
  });
  expect(mail!.text).toContain('Tap the link below to finish signing up to Riverside Food Festival:');
  expect(`${mail!.subject}\n${mail!.text}`).not.toMatch(CRUISE_WORDS);
  await page.goto(linkIn(mail!));
  const question = page.getByRole('dialog', { name: 'Do you have a 5-day festival pass?' });
  await expect(question).toContainText('Pass holders collect tastings and upgrades; day-ticket visitors can win a 5-day pass.');
  await expectNoCruiseWords(page, 'signup question');
  await question.getByRole('button', { name: 'No, I am on day tickets' }).click();

  // The checkpoints: the pack's booking button.
  await expect(page).toHaveURL(/\/checkpoints$/);
  await expect(page.getByRole('link', { name: 'Get Festival Tickets (opens in a new tab)' })).toHaveAttribute(
    'href',
    'https://example.com/food-festival-tickets',
  );
  await expect(page.getByRole('region', { name: 'Checkpoint list' }).getByRole('link', { name: 'Spice Quiz' })).toBeVisible();
  await expectNoCruiseWords(page, 'checkpoints');

  // A checkpoint completed in the app, then the wheel.
  await page.getByRole('region', { name: 'Checkpoint list' }).getByRole('link', { name: 'Spice Quiz' }).click();
  await expect(page.getByText('Which spice gives paella its golden colour?')).toBeVisible();
  await expectNoCruiseWords(page, 'checkpoint');
  await page.getByRole('group', { name: 'Answers' }).getByRole('button', { name: 'Saffron' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText('Correct!');
  await page.waitForURL(/\/congrats$/);
  await expect(page.getByText('Quacking good! Checkpoint complete! Rack up Ducks to win a 5-day festival pass!')).toBeVisible();
  await expectNoCruiseWords(page, 'congrats');
  await page.getByRole('link', { name: 'Spin for Ducks' }).click();
  await page.getByRole('button', { name: 'SPIN', exact: true }).click();
  const won = page.getByRole('dialog', { name: 'You won!' });
  await expect(won).toBeVisible();
  await expectNoCruiseWords(page, 'spin');
  await won.getByRole('button', { name: 'Close' }).click();

  // A second checkpoint (the QR scan, through the API) and its spin: at least the 2 ducks of a lemonade.
  const cookie = (await context.cookies()).find((c) => c.name === 'qq_session')!.value;
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${appUrl}${url}`, {
      method: 'POST',
      headers: { cookie: `qq_session=${cookie}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  expect((await post('/api/checkpoints/day-1-welcome-arch/attempts', { answer: 'QQFF26-ARCH-7KD2PW' })).status).toBe(200);
  expect((await post('/api/spin', {})).status).toBe(200);
  // A reward for pass holders is refused in the pack's words.
  const refused = await post('/api/claims', { item: "Chef's Table Dinner" }, { 'idempotency-key': randomUUID() });
  expect([refused.status, await refused.text()]).toEqual([
    403,
    expect.stringContaining('This reward is for 5-day pass holders only.'),
  ]);

  // The rewards: the pack's banner and caption; a claim, its voucher and where to show it.
  await page.goto('/rewards');
  await expect(page.getByRole('img', { name: 'Festival food stalls and a basket of prizes' })).toBeVisible();
  await expect(page.getByText('Passes, tastings, cooking classes, lemonade, desserts - all up for grabs!')).toBeVisible();
  const lemonade = page
    .getByRole('region', { name: 'Rewards' })
    .getByRole('button')
    .filter({ has: page.getByText('Craft Lemonade', { exact: true }) });
  await expect(page.getByRole('region', { name: 'Rewards' }).getByText('Free 5-Day Pass', { exact: true })).toBeVisible();
  await expectNoCruiseWords(page, 'rewards');
  await expect(page.getByRole('region', { name: 'Your ducks' })).toHaveText(/^([2-9]|10)Ducks/);
  await lemonade.click();
  await page.getByRole('dialog', { name: 'Confirm Reward Claim' }).getByRole('button', { name: 'Confirm' }).click();
  const claimed = page.getByRole('dialog', { name: 'You claimed the Craft Lemonade!' });
  await expect(claimed).toContainText('Your voucher is waiting in My Rewards. Show it at the Duck Hut by the main gate.');
  await expectNoCruiseWords(page, 'claimed');
  await claimed.getByRole('link', { name: 'My Rewards' }).click();
  await expect(page).toHaveURL(/\/my-rewards$/);
  await expectNoCruiseWords(page, 'my rewards');
  await page.getByText('Craft Lemonade').first().click();
  await expect(page.getByText('Show this code at the Duck Hut by the main gate to collect your reward.')).toBeVisible();
  await expectNoCruiseWords(page, 'reward detail');

  // The leaderboard, and a page that does not exist.
  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { name: 'LEADERBOARD' })).toBeVisible();
  await expectNoCruiseWords(page, 'leaderboard');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'This plate is empty' })).toBeVisible();
  await expectNoCruiseWords(page, 'not found');
  expect(visited).toHaveLength(14);
  await context.close();
});

// Issue 27 part 4: a wrong answer with a try left keeps the visitor playing. Day 5 asks to pick both desserts and
// allows two tries: one right choice and one wrong is not right, yet neither choice is marked, so the right one
// is not called wrong; the screen says a try is left and stays; the second try wins.
test('a partly right answer with a try left marks no choice wrong and lets the visitor try again where they are', async ({
  browser,
}) => {
  const visitor = await createVisitor({ appUrl });
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: appUrl });
  await signIn(context, visitor, appUrl);
  const page = await context.newPage();
  await page.goto('/checkpoint?id=day-5-sweet-tooth');
  const answers = page.getByRole('group', { name: 'Answers' });
  const nata = answers.getByRole('button', { name: 'Pastel de nata' });
  const gazpacho = answers.getByRole('button', { name: 'Gazpacho' });
  await nata.click();
  await gazpacho.click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText('Not quite. You have 1 try left.');
  // No verdict on any choice: Pastel de nata is right, and must not read "Incorrect".
  await expect(answers).not.toContainText(/correct/i);
  await expect(nata).toHaveAttribute('aria-pressed', 'true');
  await expect(nata).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('mcq-try-left.png'), fullPage: true });

  // The button invites another go; changing the choice starts a fresh answer.
  await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
  await gazpacho.click();
  await expect(page.getByRole('status')).toHaveText('');
  await answers.getByRole('button', { name: 'Churros' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText('Correct!');
  await expect(nata).toContainText('Correct');
  await page.waitForURL(/\/congrats$/);
  await context.close();
});
