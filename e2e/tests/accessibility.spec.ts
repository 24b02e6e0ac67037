// Journey 9: axe (WCAG 2.0, 2.1 and 2.2, levels A and AA) finds no violation on any route, signed out and
// signed in, nor with the main dialogs open. Each screen is checked once its content has arrived.
import type { Locator, Page } from '@playwright/test';
import { axeOf } from '../support/axe';
import { expect, ops, test } from '../support/fixtures';

async function expectNoViolations(page: Page, screen: string): Promise<void> {
  const { violations } = await axeOf(page).analyze();
  const found = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  }));
  expect(found, `axe violations on ${screen}`).toEqual([]);
}

/** Opens a dialog and waits until its content (not just its frame) is on screen. */
async function openDialog(trigger: Locator, dialog: Locator, content: Locator): Promise<void> {
  await trigger.click();
  await expect(dialog).toBeVisible();
  await expect(content).toBeVisible();
}

test.describe('signed out', () => {
  test('/ and its terms popup', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('One checkpoint a day keeps the landlubber blues away.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    await expectNoViolations(page, '/');

    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await openDialog(
      page.getByRole('button', { name: 'T&C' }),
      terms,
      terms.getByRole('region', { name: 'Terms text' }).locator('h3').first(),
    );
    await expectNoViolations(page, '/ with the terms popup');
    await terms.getByRole('button', { name: 'Close' }).click();
    await expect(terms).toBeHidden();
  });

  test('/ with the e-mail popup and its error', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    const email = page.getByRole('dialog', { name: 'Enter your email' });
    await openDialog(page.getByRole('button', { name: 'Use another way to sign in' }), email, email.getByLabel('EMAIL'));
    await expectNoViolations(page, '/ with the e-mail popup');
    await email.getByRole('button', { name: 'Send Magic Link' }).click();
    await expect(email.getByRole('alert')).toHaveText('Please enter your email address');
    await expectNoViolations(page, '/ with the e-mail popup and its error');
  });

  test('/signup with its validation message and the terms popup', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Ready to Board?' })).toBeVisible();
    await expectNoViolations(page, '/signup');

    await page.getByRole('button', { name: "Let's Get Quackin'" }).click();
    await expect(page.getByRole('alert')).toHaveText('Please accept the terms and conditions');
    await expectNoViolations(page, '/signup with a validation message');

    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await openDialog(
      page.getByRole('button', { name: 'T&Cs' }),
      terms,
      terms.getByRole('region', { name: 'Terms text' }).locator('h3').first(),
    );
    await expectNoViolations(page, '/signup with the terms popup');
  });

  test('/signup-google and the cabin popup', async ({ page }) => {
    // As /login leaves it for a new Google visitor: the pre-filled form and the provider's token.
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem(
        'signupFormData',
        JSON.stringify({
          email: 'grace@example.com',
          fullName: 'Grace Hopper',
          instagram: '',
          phone: '',
          terms: false,
          cabin: false,
        }),
      );
      sessionStorage.setItem('providerIdToken', 'not-used-before-the-cabin-answer');
    });
    await page.goto('/signup-google');
    await expect(page.getByText('Signing up as grace@example.com')).toBeVisible();
    await expectNoViolations(page, '/signup-google');

    await page.getByLabel('PHONE NUMBER').fill('+65 9000 1111');
    await page.getByLabel('INSTAGRAM HANDLE').fill('@grace');
    await page.getByRole('checkbox', { name: 'I agree to the T&Cs and want to receive exclusive updates' }).check();
    const cabin = page.getByRole('dialog', { name: 'Do you already have a cabin?' });
    await openDialog(
      page.getByRole('button', { name: "Let's Get Quackin'" }),
      cabin,
      cabin.getByRole('button', { name: 'No, I need to win one' }),
    );
    await expectNoViolations(page, '/signup-google with the cabin popup');
  });

  test('/login, and with its error', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    await expectNoViolations(page, '/login');
    await page.goto(`/login?error=${encodeURIComponent('Google sign-in failed.')}`);
    await expect(page.getByRole('alert')).toHaveText('Google sign-in failed.');
    await expectNoViolations(page, '/login with an error');
  });
});

const ready = {
  duckTracker: (page: Page) => expect(page.getByRole('region', { name: 'My Ducks' })).toContainText('Ducks pending: 0'),
  checkpoint: (title: string) => async (page: Page) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(
      page.getByRole('img', { name: title }).or(page.getByRole('img', { name: 'Checkpoint picture not available' })),
    ).toBeVisible();
  },
};

const signedInScreens: { path: string; ready: (page: Page) => Promise<void> }[] = [
  { path: '/', ready: (page) => expect(page.getByRole('button', { name: 'Logout' })).toBeVisible() },
  {
    path: '/checkpoints',
    ready: async (page) => {
      await ready.duckTracker(page);
      await expect(page.getByRole('region', { name: 'Checkpoint list' }).getByRole('link').first()).toBeVisible();
    },
  },
  { path: '/checkpoint?id=day-01-gangway', ready: ready.checkpoint('Gangway Hello') },
  { path: '/checkpoint?id=day-02-lifeboat-drill', ready: ready.checkpoint('Lifeboat Drill') },
  { path: '/checkpoint?id=day-03-name-that-duck', ready: ready.checkpoint('Name That Duck') },
  { path: '/checkpoint?id=day-04-deck-selfie', ready: ready.checkpoint('Deck Selfie') },
  { path: '/congrats', ready: (page) => expect(page.getByRole('heading', { name: 'CHECKPOINT COMPLETED' })).toBeVisible() },
  {
    // A new visitor has no spin: the screen settles on SPIN disabled with its reason (decision 023).
    path: '/spin',
    ready: async (page) => {
      await expect(page.getByText('No spins left. Complete a checkpoint to earn a spin.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'SPIN' })).toBeDisabled();
    },
  },
  {
    path: '/leaderboard',
    ready: async (page) => {
      await expect(page.getByRole('list', { name: 'Top players' }).getByRole('listitem').first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Your ducks' })).not.toContainText('∞');
    },
  },
  {
    path: '/my-rewards',
    ready: (page) =>
      expect(page.getByText("You haven't claimed any rewards yet. Visit the rewards page to claim some!")).toBeVisible(),
  },
  {
    path: '/reward-detail',
    ready: (page) => expect(page.getByText('No reward selected. Please go back to select a reward.')).toBeVisible(),
  },
  {
    path: '/wheel-check',
    ready: (page) => expect(page.getByText('You have no spins to check yet.')).toBeVisible(),
  },
];

test.describe('signed in', () => {
  for (const screen of signedInScreens) {
    test(screen.path, async ({ signedInPage: page }) => {
      await page.goto(screen.path);
      await screen.ready(page);
      await expectNoViolations(page, screen.path);
    });
  }

  test('/rewards with the alert, the claim dialogs, then /my-rewards and /reward-detail', async ({
    signedInPage: page,
    visitor,
  }) => {
    await ops('ducks:adjust', visitor.email, '10', '--reason', 'e2e accessibility');
    await page.goto('/rewards');
    await expect(page.getByRole('region', { name: 'Your ducks' })).toHaveText(/^10Ducks/);
    const row = (item: string) =>
      page
        .getByRole('region', { name: 'Rewards' })
        .getByRole('button')
        .filter({ has: page.getByText(item, { exact: true }) });
    await expect(row('Draught Beer')).toBeVisible();
    await expectNoViolations(page, '/rewards');

    const alert = page.getByRole('alertdialog');
    await openDialog(row('Champagne Toast'), alert, alert.getByRole('button', { name: 'OK' }));
    await expectNoViolations(page, '/rewards with an alert');
    await alert.getByRole('button', { name: 'OK' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm Reward Claim' });
    await openDialog(row('Draught Beer'), confirm, confirm.getByRole('button', { name: 'Confirm' }));
    await expectNoViolations(page, '/rewards with the confirm dialog');
    await confirm.getByRole('button', { name: 'Confirm' }).click();

    const claimed = page.getByRole('dialog', { name: 'You claimed the Draught Beer!' });
    await expect(claimed.getByRole('button', { name: 'Back to Rewards' })).toBeVisible();
    await expectNoViolations(page, '/rewards with the success popup');
    await claimed.getByRole('link', { name: 'My Rewards' }).click();

    await expect(page).toHaveURL(/\/my-rewards$/);
    const owned = page.getByRole('button').filter({ has: page.getByText('Draught Beer', { exact: true }) });
    await expect(owned).toBeVisible();
    await expectNoViolations(page, '/my-rewards');

    await owned.click();
    await expect(page).toHaveURL(/\/reward-detail$/);
    await expect(page.getByRole('img', { name: /^QR code of voucher QQ-/ })).toBeVisible();
    await expectNoViolations(page, '/reward-detail');
  });
});
