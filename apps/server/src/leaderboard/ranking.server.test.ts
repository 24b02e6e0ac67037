// Other test files share this database, so these tests compare their own visitors with each other,
// except the top-of-the-board test, whose visitors hold more ducks than any other test gives.
import { count, isNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createOperator } from '../../test/console';
import { users } from '../db/schema';
import { addLedgerRow } from '../ledger/ledger';
import { exactRank } from './ranking';
import { type TestUser, addCheckpoint, addReward, api, attempt, createUser, getTestContext, me, spin } from '../../test/helpers';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An operator adjustment: posted ducks, as a ledger row like every change of ducks. */
async function fund(user: TestUser, amount: number): Promise<void> {
  const { database } = await getTestContext();
  await database.db.transaction((tx) =>
    addLedgerRow(tx, { userId: user.id, amount, posted: true, kind: 'adjustment', reason: 'test', at: new Date() }),
  );
}

async function leaderboard(user: TestUser) {
  const response = await api('GET', '/api/leaderboard', user);
  expect(response.status).toBe(200);
  return response.body as unknown as {
    me: { rank: number; totalUsers: number; duckPoints: number };
    top: { rank: number; displayName: string; DuckPoints: number; you: boolean }[];
  };
}

describe('rank', () => {
  it('is 1-based over posted ducks, more ducks first', async () => {
    const few = await createUser({ ducks: 3 });
    const many = await createUser({ ducks: 8 });
    const none = await createUser();
    const [a, b, c] = [await me(many), await me(few), await me(none)];
    expect(a.rank).toBeLessThan(b.rank);
    expect(b.rank).toBeLessThan(c.rank);
    for (const m of [a, b, c]) {
      expect(m.rank).toBeGreaterThanOrEqual(1);
      expect(m.rank).toBeLessThanOrEqual(m.totalUsers);
    }
  });

  it('ties go to whoever was funded first', async () => {
    const first = await createUser({ ducks: 1_234_567 });
    await wait(5);
    const second = await createUser({ ducks: 1_234_567 });
    expect((await me(second)).rank).toBe((await me(first)).rank + 1);
  });

  it('ties go to whoever reached the total first, not who signed up first', async () => {
    const early = await createUser();
    const reachedFirst = await createUser({ ducks: 1_234_321 });
    await wait(5);
    await fund(early, 1_234_321);
    expect((await me(early)).rank).toBe((await me(reachedFirst)).rank + 1);
  });

  it('pending ducks do not count', async () => {
    const pending = await createUser();
    const checkpoint = await addCheckpoint({ type: 'Str' });
    expect((await attempt(pending, checkpoint.slug, 'Quack')).status).toBe(200);
    const won = await spin(pending);
    expect(won.body.pending).toBe(true);
    const mine = await me(pending);
    expect(mine).toMatchObject({ duckPoints: 0, pendingDuckPoints: won.body.duckPointsAwarded });
    // One posted duck beats up to five pending ones, even for a later visitor.
    const onePosted = await createUser({ ducks: 1 });
    expect((await me(onePosted)).rank).toBeLessThan(mine.rank);
    // Among visitors with no posted ducks, the pending ones rank where they signed up.
    const later = await createUser();
    expect((await me(later)).rank).toBe((await me(pending)).rank + 1);
  });

  it('spending ducks on a reward lowers the rank', async () => {
    const spender = await createUser({ ducks: 7_654_321 });
    const rival = await createUser({ ducks: 7_654_320 });
    expect((await me(spender)).rank).toBeLessThan((await me(rival)).rank);
    const reward = await addReward({ price: 2, stock: 1 });
    const claimed = await api('POST', '/api/claims', spender, { item: reward.item }, { 'idempotency-key': 'rank-test-claim' });
    expect(claimed.status).toBe(201);
    expect((await me(spender)).rank).toBeGreaterThan((await me(rival)).rank);
  });
});

describe('a blocked visitor', () => {
  async function setBlocked(user: TestUser, blocked: boolean) {
    const admin = await createOperator('admin');
    const response = await api(
      'POST',
      `/api/console/participants/${user.id}/${blocked ? 'block' : 'unblock'}`,
      undefined,
      blocked ? { reason: 'test' } : undefined,
      {
        cookie: admin.cookie,
      },
    );
    expect(response.status).toBe(200);
  }

  it('is counted by no rank path between two reads: own rank, the others, the total and the top', async () => {
    const ahead = await createUser({ ducks: 3_456_789 });
    const behind = await createUser({ ducks: 3_456_788 });
    const last = await createUser();
    const first = { behind: await me(behind), last: await me(last) };
    const board = await leaderboard(behind);
    expect(board.me).toEqual({ rank: first.behind.rank, totalUsers: first.behind.totalUsers, duckPoints: 3_456_788 });

    await setBlocked(ahead, true);
    const blocked = { behind: await me(behind), last: await me(last) };
    expect(blocked.behind).toMatchObject({ rank: first.behind.rank - 1, totalUsers: first.behind.totalUsers - 1 });
    expect(blocked.last).toMatchObject({ rank: first.last.rank - 1, totalUsers: first.last.totalUsers - 1 });
    expect((await leaderboard(behind)).me).toEqual({
      rank: blocked.behind.rank,
      totalUsers: blocked.behind.totalUsers,
      duckPoints: 3_456_788,
    });
    expect((await api('GET', '/api/me', ahead)).status).toBe(401);
    expect(await exactRank((await getTestContext()).database.db, ahead.id)).toBeUndefined();
    expect(await exactRank((await getTestContext()).database.db, behind.id)).toBe(blocked.behind.rank);

    await setBlocked(ahead, false);
    expect(await me(behind)).toMatchObject({ rank: first.behind.rank, totalUsers: first.behind.totalUsers });
    expect(await me(last)).toMatchObject({ rank: first.last.rank, totalUsers: first.last.totalUsers });
  });

  it('is off the top of the leaderboard', async () => {
    const top = await createUser({ ducks: 1_800_000_000, fullName: 'Blocked Topper' });
    const viewer = await createUser();
    expect((await leaderboard(viewer)).top[0]).toEqual({
      rank: 1,
      displayName: 'Blocked T.',
      DuckPoints: 1_800_000_000,
      you: false,
    });
    await setBlocked(top, true);
    const names = (await leaderboard(viewer)).top.map((t) => t.displayName);
    expect(names).not.toContain('Blocked T.');
    expect((await leaderboard(viewer)).top[0]?.rank).toBe(1);
    await fund(top, -1_800_000_000);
  });
});

describe('totalUsers', () => {
  it('counts every registered visitor', async () => {
    const { database } = await getTestContext();
    const viewer = await createUser();
    const before = (await me(viewer)).totalUsers;
    // Blocked visitors (decision 020) are not players.
    const [row] = await database.db.select({ n: count() }).from(users).where(isNull(users.blockedAt));
    expect(before).toBe(row?.n);
    await createUser();
    expect((await me(viewer)).totalUsers).toBe(before + 1);
  });
});

describe('GET /api/leaderboard', () => {
  const BASE = 1_500_000_000;
  const topUsers: { user: TestUser; ducks: number }[] = [];

  // These visitors outrank everyone; give the ducks back so later test files see an ordinary board.
  afterAll(async () => {
    for (const { user, ducks } of topUsers) await fund(user, -ducks);
  });

  it('lists the top by display name and ducks, never an e-mail address', async () => {
    for (const [fullName, ducks] of [
      ['Ada Lovelace', BASE + 3],
      ['Grace Brewster Hopper', BASE + 2],
      ['Cher', BASE + 1],
      // Visitors do type their e-mail address into the name field.
      ['  mary.anning@example.org ', BASE],
      ['Jane Eyre jane@example.org', BASE - 1],
    ] as const) {
      topUsers.push({ user: await createUser({ fullName, ducks }), ducks });
    }
    const [ada, grace, cher, mary, jane] = topUsers.map((t) => t.user) as [TestUser, TestUser, TestUser, TestUser, TestUser];
    const response = await api('GET', '/api/leaderboard', grace);
    expect(response.status).toBe(200);
    const text = JSON.stringify(response.body);
    expect(text).not.toContain('@');
    for (const user of [ada, grace, cher, mary, jane]) expect(text).not.toContain(user.email);

    const board = response.body as unknown as Awaited<ReturnType<typeof leaderboard>>;
    expect(board.top.slice(0, 5)).toEqual([
      { rank: 1, displayName: 'Ada L.', DuckPoints: BASE + 3, you: false },
      { rank: 2, displayName: 'Grace H.', DuckPoints: BASE + 2, you: true },
      { rank: 3, displayName: 'Cher', DuckPoints: BASE + 1, you: false },
      { rank: 4, displayName: `Duck #${mary.id}`, DuckPoints: BASE, you: false },
      { rank: 5, displayName: 'Jane E.', DuckPoints: BASE - 1, you: false },
    ]);
    // Each visitor finds their own row, and only theirs; a visitor off the top finds none.
    expect((await leaderboard(cher)).top.filter((row) => row.you).map((row) => row.displayName)).toEqual(['Cher']);
    expect((await leaderboard(await createUser())).top.some((row) => row.you)).toBe(false);
    expect(board.me).toMatchObject({ rank: 2, duckPoints: BASE + 2 });
    expect(board.top.length).toBeLessThanOrEqual(10);
    for (let i = 1; i < board.top.length; i++) {
      expect(board.top[i]!.rank).toBe(i + 1);
      expect(board.top[i]!.DuckPoints).toBeLessThanOrEqual(board.top[i - 1]!.DuckPoints);
    }
  });

  it('me agrees with /api/me', async () => {
    const user = await createUser({ ducks: 42 });
    const board = await leaderboard(user);
    const mine = await me(user);
    expect(board.me).toEqual({ rank: mine.rank, totalUsers: mine.totalUsers, duckPoints: 42 });
    expect(mine.duckPoints).toBe(42);
  });

  it.each(['/api/leaderboard', '/api/me'])('%s without a session: 401 with a message', async (url) => {
    const response = await api('GET', url);
    expect(response).toMatchObject({ status: 401, body: { message: 'Please log in to continue.' } });
  });
});
