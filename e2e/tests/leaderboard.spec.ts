// Journey 8: the leaderboard. Several visitors with different ducks each see the rank and total the server
// computes, on /leaderboard's header and /checkpoints' duck tracker, and the top list in the server's order.
// Other journeys add visitors while this runs, so each comparison re-reads the server and the screen together.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiAs, createVisitor, expect, ops, signIn, test, type Visitor } from '../support/fixtures';
import { APP_URL } from '../support/ports';

interface Me {
  duckPoints: number;
  rank: number;
  totalUsers: number;
}
interface Leaderboard {
  me: Me;
  top: { rank: number; displayName: string; DuckPoints: number }[];
}

/** The screen and the server agree, read again until no other journey changed the totals in between. */
async function expectScreenMatchesServer(page: Page, visitor: Visitor, path: string, screenText: (me: Me) => RegExp) {
  await expect(async () => {
    const before = (await apiAs<Me>(visitor, '/api/me')).body;
    await page.goto(path);
    const region = path === '/leaderboard' ? 'Your ducks' : 'My Ducks';
    await expect(page.getByRole('region', { name: region })).toHaveText(screenText(before), { timeout: 2_000 });
    const after = (await apiAs<Me>(visitor, '/api/me')).body;
    expect(after).toEqual(before);
  }).toPass({ timeout: 30_000 });
}

/** Puts another visitor's session cookie in the browser (the stored flags only open the gate). */
async function switchTo(page: Page, visitor: Visitor): Promise<void> {
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'qq_session', value: visitor.cookie, url: APP_URL, httpOnly: true, sameSite: 'Lax' }]);
}

test('several visitors see the rank, total and ducks the server computes, and the top list in its order', async ({
  context,
  page,
}) => {
  // Far more ducks than any other journey gives, in a known order: these three lead the board.
  const tag = randomBytes(3).toString('hex');
  const ducks = [9_030, 9_010, 9_020];
  const visitors = await Promise.all(ducks.map((_, i) => createVisitor({ name: `Skipper${tag} ${'XYZ'[i]!}ork` })));
  for (const [i, visitor] of visitors.entries()) {
    await ops('ducks:adjust', visitor.email, String(ducks[i]), '--reason', 'e2e leaderboard');
  }
  const ranks = await Promise.all(visitors.map(async (visitor) => (await apiAs<Me>(visitor, '/api/me')).body.rank));
  // More ducks, better rank: 9030 before 9020 before 9010.
  expect(ranks[0]).toBeLessThan(ranks[2]!);
  expect(ranks[2]).toBeLessThan(ranks[1]!);

  await signIn(context, visitors[0]!);
  for (const [i, visitor] of visitors.entries()) {
    await switchTo(page, visitor);
    await expectScreenMatchesServer(
      page,
      visitor,
      '/leaderboard',
      (me) => new RegExp(`^${me.duckPoints}Ducks${me.rank}/${me.totalUsers}Rank${me.totalUsers}Players$`),
    );
    await expectScreenMatchesServer(
      page,
      visitor,
      '/checkpoints',
      (me) => new RegExp(`My DucksRank: ${me.rank}/${me.totalUsers}Ducks: ${me.duckPoints}Ducks pending: 0$`),
    );
    expect((await apiAs<Me>(visitor, '/api/me')).body.duckPoints).toBe(ducks[i]);
  }

  // The top list shows display names (never e-mails) in the server's order, with each one's ducks.
  await page.goto('/leaderboard');
  const board = (await apiAs<Leaderboard>(visitors[0]!, '/api/leaderboard')).body;
  const list = page.getByRole('list', { name: 'Top players' });
  await expect(list.getByRole('listitem')).toHaveCount(board.top.length);
  for (const [i, visitor] of visitors.entries()) {
    const displayName = `Skipper${tag} ${'XYZ'[i]!}.`;
    const entry = board.top.find((player) => player.displayName === displayName);
    expect(entry, `${displayName} on the server's top list`).toMatchObject({ rank: ranks[i], DuckPoints: ducks[i] });
    const row = list.getByRole('listitem').filter({ hasText: displayName });
    await expect(row.getByLabel(`Rank ${ranks[i]}`)).toBeVisible();
    await expect(row).toContainText(`${ducks[i]} ducks`);
    await expect(row).not.toContainText(visitor.email);
  }
});
