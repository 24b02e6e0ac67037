// The per-instance caches (decision 008): the tests run with them off (NODE_ENV=test), so here an app of its
// own turns them on and the cached paths are compared with the exact, uncached answers.
// Other test files share this database; every comparison is made against the whole table at that moment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp, call, cookieFrom, idTokenFor, signupBody, uniqueEmail } from '../../test/auth';
import { type TestUser, addCheckpoint, createUser, getTestContext } from '../../test/helpers';
import { count, eq, isNull } from 'drizzle-orm';
import { readActiveCampaign } from '../campaign/active';
import { findCheckpoint } from '../checkpoints/queries';
import { checkpoints, users } from '../db/schema';
import { addLedgerRow } from '../ledger/ledger';
import { SESSION_COOKIE, hashToken, rememberedUser } from '../session/session';
import { createRankIndex, exactRank } from '../leaderboard/ranking';
import { overrideCacheSettings } from './per-app';
import { NO_CACHES, PRODUCTION_CACHES } from './settings';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fund(user: TestUser, amount: number): Promise<void> {
  const { database } = await getTestContext();
  await database.db.transaction((tx) =>
    addLedgerRow(tx, { userId: user.id, amount, posted: true, kind: 'adjustment', reason: 'cache test', at: new Date() }),
  );
}

const idHash = (user: TestUser) => hashToken(user.cookie.slice('qq_session='.length));

describe('rank from a snapshot', () => {
  const visitors: TestUser[] = [];

  beforeAll(async () => {
    // Ties on purpose: several visitors on the same totals, reached at different moments.
    for (const ducks of [0, 3, 3, 3, 7, 7, 12, 0, 3, 40, 7, 0]) {
      visitors.push(await createUser(ducks ? { ducks } : {}));
      await wait(2);
    }
  });

  it('equals the exact count for every visitor, whatever the stride', async () => {
    const { database } = await getTestContext();
    for (const rankStride of [1, 2, 3, 7, 500]) {
      const index = createRankIndex(database.db, { ...PRODUCTION_CACHES, rankRefreshMs: 0, rankStride });
      for (const visitor of visitors) {
        // Twice: without a hint, then with the one the first call left.
        for (let i = 0; i < 2; i++) {
          const standing = await index.standing(idHash(visitor), Date.now());
          expect(standing?.rank, `stride ${rankStride}, visitor ${visitor.id}`).toBe(await exactRank(database.db, visitor.id));
        }
      }
    }
  });

  it('leaves blocked visitors out of every position and count, whatever the stride (decision 020)', async () => {
    const { database } = await getTestContext();
    const blocked = [await createUser({ ducks: 7 }), await createUser({ ducks: 3 }), await createUser()];
    for (const user of blocked) await database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, user.id));
    const [{ n: players } = { n: 0 }] = await database.db.select({ n: count() }).from(users).where(isNull(users.blockedAt));
    for (const rankStride of [1, 2, 3, 7, 500]) {
      const index = createRankIndex(database.db, { ...PRODUCTION_CACHES, rankRefreshMs: 0, rankStride });
      for (const visitor of visitors) {
        for (let i = 0; i < 2; i++) {
          const standing = await index.standing(idHash(visitor), Date.now());
          expect(standing?.rank, `stride ${rankStride}, visitor ${visitor.id}`).toBe(await exactRank(database.db, visitor.id));
          expect(standing?.totalUsers).toBe(players);
        }
      }
      for (const user of blocked) expect(await index.standing(idHash(user), Date.now())).toBeUndefined();
    }
  });

  it('stays exact for many visitors asking at once (their ranks are counted in shared queries)', async () => {
    const { database } = await getTestContext();
    const index = createRankIndex(database.db, { ...PRODUCTION_CACHES, rankRefreshMs: 0, rankStride: 2 });
    for (const visitor of visitors) await index.standing(idHash(visitor), Date.now()); // each now has a remembered position
    // Other files may add users meanwhile: each rank must lie between the exact ranks before and after.
    const before = await Promise.all(visitors.map((v) => exactRank(database.db, v.id)));
    const standings = await Promise.all([...visitors, ...visitors].map((v) => index.standing(idHash(v), Date.now())));
    const after = await Promise.all(visitors.map((v) => exactRank(database.db, v.id)));
    standings.forEach((standing, i) => {
      const n = i % visitors.length;
      expect(standing?.id).toBe(visitors[n]!.id);
      expect(standing!.rank).toBeGreaterThanOrEqual(Math.min(before[n]!, after[n]!));
      expect(standing!.rank).toBeLessThanOrEqual(Math.max(before[n]!, after[n]!));
    });
    expect(await index.standing(hashToken('not a session'), Date.now())).toBeUndefined();
  });

  it('stays exact for many visitors asking at once for the first time (their users are found in shared queries)', async () => {
    const { database } = await getTestContext();
    const index = createRankIndex(database.db, { ...PRODUCTION_CACHES, rankRefreshMs: 0, rankStride: 3 });
    const hashes = [...visitors.map(idHash), hashToken('not a session'), ...visitors.map(idHash)];
    const before = await Promise.all(visitors.map((v) => exactRank(database.db, v.id)));
    const standings = await Promise.all(hashes.map((hash) => index.standing(hash, Date.now())));
    const after = await Promise.all(visitors.map((v) => exactRank(database.db, v.id)));
    expect(standings[visitors.length]).toBeUndefined();
    standings.forEach((standing, i) => {
      if (i === visitors.length) return;
      const n = i % (visitors.length + 1);
      expect(standing?.id).toBe(visitors[n]!.id);
      expect(standing!.rank).toBeGreaterThanOrEqual(Math.min(before[n]!, after[n]!));
      expect(standing!.rank).toBeLessThanOrEqual(Math.max(before[n]!, after[n]!));
    });
  });

  it('stays exact when a visitor moves past the remembered position, up or down', async () => {
    const { database } = await getTestContext();
    const index = createRankIndex(database.db, { ...PRODUCTION_CACHES, rankRefreshMs: 0, rankStride: 2 });
    const [mover] = visitors;
    for (const visitor of visitors) await index.standing(idHash(visitor), Date.now());
    for (const change of [25, -20, 100, -105]) {
      await fund(mover!, change);
      expect((await index.standing(idHash(mover!), Date.now()))?.rank).toBe(await exactRank(database.db, mover!.id));
    }
  });

  it('with a cached snapshot, is off by at most the number of changes since it was read', async () => {
    const { database } = await getTestContext();
    const index = createRankIndex(database.db, { ...PRODUCTION_CACHES, rankRefreshMs: 60_000, rankStride: 2 });
    for (const visitor of visitors) await index.standing(idHash(visitor), Date.now());
    const changed = visitors.slice(0, 3);
    for (const visitor of changed) await fund(visitor, 9);
    // Two visitors sign up meanwhile as well.
    await createUser({ ducks: 5 });
    await createUser();
    for (const visitor of visitors) {
      const standing = await index.standing(idHash(visitor), Date.now());
      const exact = await exactRank(database.db, visitor.id);
      expect(Math.abs(standing!.rank - exact!)).toBeLessThanOrEqual(changed.length + 2);
      expect(standing!.totalUsers).toBeGreaterThanOrEqual(standing!.rank);
    }
  });

  it("stays exact, rank never above the total, when the visitor's own claim moves them past a cached snapshot position", async () => {
    // Issue 15: right after a claim the header read "Rank 3/3, 3 Players" with two players. The snapshot held
    // the last player at rank 2 while the claimer was still ahead of them; the claimer then fell behind that
    // position and was counted twice: once in its rank, once between it and them.
    const { database } = await getTestContext();
    const index = createRankIndex(database.db, { ...PRODUCTION_CACHES, rankRefreshMs: 600_000, rankStride: 500 });
    // Every player a position: `other` below is counted from one whatever the number of players. With a stride of
    // 500 they are counted from the top in this file run alone, from a position once the shared database holds 500
    // players ahead of them (one full run held 533).
    const everyPosition = createRankIndex(database.db, { ...PRODUCTION_CACHES, rankRefreshMs: 600_000, rankStride: 1 });
    const claimer = await createUser({ ducks: 900_000 });
    const other = await createUser({ ducks: 1 });
    await wait(2);
    const first = await index.standing(idHash(claimer), Date.now()); // reads (and keeps) the snapshot
    expect(first?.rank).toBe(await exactRank(database.db, claimer.id));
    const otherBefore = (await exactRank(database.db, other.id))!;
    expect((await everyPosition.standing(idHash(other), Date.now()))?.rank).toBe(otherBefore); // reads its snapshot
    await fund(claimer, -900_000); // the claim: 0 ducks now, reached last of all
    const exact = await exactRank(database.db, claimer.id);
    // Twice: the first asks from where the claimer stood before, the second from the position now before them.
    for (let i = 0; i < 2; i++) expect((await index.standing(idHash(claimer), Date.now()))?.rank).toBe(exact);
    const after = await index.standing(idHash(claimer), Date.now());
    expect(after!.totalUsers).toBe(first!.totalUsers);
    expect(after!.rank).toBeLessThanOrEqual(after!.totalUsers);
    // Another visitor, who did not move: the claim took the claimer from ahead of them to behind them, a move the
    // snapshots do not know. Counted from the top, their rank is exact; counted from a position the claimer was
    // ahead of, it is still the snapshot's, one more. Off by at most that one move for a few seconds (decisions 008
    // and 028), never above the total.
    const otherAfter = await exactRank(database.db, other.id);
    expect(otherAfter).toBe(otherBefore - 1);
    for (const from of [index, everyPosition]) {
      const standing = await from.standing(idHash(other), Date.now());
      expect(standing!.rank).toBeGreaterThanOrEqual(otherAfter!);
      expect(standing!.rank).toBeLessThanOrEqual(otherBefore);
      expect(standing!.rank).toBeLessThanOrEqual(standing!.totalUsers);
    }
    // Back up past the position: still exact.
    await fund(claimer, 900_001);
    for (let i = 0; i < 2; i++) {
      expect((await index.standing(idHash(claimer), Date.now()))?.rank).toBe(await exactRank(database.db, claimer.id));
    }
  });

  it('is undefined for an unknown or expired session', async () => {
    const { database } = await getTestContext();
    const index = createRankIndex(database.db, { ...PRODUCTION_CACHES, rankRefreshMs: 0, rankStride: 2 });
    expect(await index.standing(hashToken('no such session'), Date.now())).toBeUndefined();
    expect(await index.standing(idHash(visitors[0]!), Date.now() + 365 * 86_400_000)).toBeUndefined();
  });
});

describe('rank from a snapshot read in slices (decision 039)', () => {
  const visitors: TestUser[] = [];
  /** About 20 slices over everyone the shared test database holds. */
  let sliceRows = 3;

  async function players(): Promise<number> {
    const { database } = await getTestContext();
    const [{ n } = { n: 0 }] = await database.db.select({ n: count() }).from(users).where(isNull(users.blockedAt));
    return n;
  }

  /** Every visitor's rank and total from `index`, against the exact count and the number of players now. */
  async function expectExact(index: ReturnType<typeof createRankIndex>, who: TestUser[], label: string) {
    const { database } = await getTestContext();
    const total = await players();
    for (const visitor of who) {
      for (let i = 0; i < 2; i++) {
        const standing = await index.standing(idHash(visitor), Date.now());
        expect(standing?.rank, `${label}: visitor ${visitor.id}`).toBe(await exactRank(database.db, visitor.id));
        expect(standing?.totalUsers, `${label}: total`).toBe(total);
      }
    }
  }

  beforeAll(async () => {
    for (const ducks of [0, 3, 3, 3, 7, 7, 12, 0, 3, 40, 7, 0]) {
      visitors.push(await createUser(ducks ? { ducks } : {}));
      await wait(2);
    }
    sliceRows = Math.max(3, Math.ceil((await players()) / 20));
  });

  it('equals the exact count for every visitor, whatever the slice and the stride', async () => {
    const { database } = await getTestContext();
    for (const rows of [sliceRows, 2 * sliceRows + 1, 1_000_000]) {
      for (const rankStride of [1, 3, 50]) {
        // One snapshot per index, read in slices, kept while the visitors ask.
        const index = createRankIndex(database.db, {
          ...PRODUCTION_CACHES,
          rankRefreshMs: 600_000,
          rankStride,
          rankSliceRows: rows,
        });
        await expectExact(index, visitors, `slices of ${rows}, stride ${rankStride}`);
      }
    }
  });

  it("counts a visitor once who fell from a slice already read into one read later, and lets others' queries run between slices", async () => {
    const { database } = await getTestContext();
    const mover = await createUser({ ducks: 1_950_000_000 }); // first of all: in the first slice
    let asked: Promise<unknown> | undefined;
    let answeredBeforeTheNextSlice = false;
    const index = createRankIndex(
      database.db,
      { ...PRODUCTION_CACHES, rankRefreshMs: 600_000, rankStride: 2, rankSliceRows: sliceRows },
      async (slice) => {
        if (slice === 0) {
          await fund(mover, -1_950_000_000); // 0 ducks, reached last of all: in the last slice
          asked = exactRank(database.db, visitors[0]!.id).then(() => (answeredBeforeTheNextSlice = true));
        }
        if (slice === 1) await asked;
      },
    );
    await expectExact(index, [mover, ...visitors], 'fell');
    expect(answeredBeforeTheNextSlice).toBe(true);
  });

  it('counts a visitor once who rose from a slice not read yet into one already read', async () => {
    const { database } = await getTestContext();
    const mover = await createUser(); // 0 ducks, signed up last: in the last slice
    const index = createRankIndex(
      database.db,
      { ...PRODUCTION_CACHES, rankRefreshMs: 600_000, rankStride: 2, rankSliceRows: sliceRows },
      async (slice) => {
        if (slice === 0) await fund(mover, 1_950_000_000);
      },
    );
    await expectExact(index, [mover, ...visitors], 'rose');
    await fund(mover, -1_950_000_000);
  });

  it('stays exact when a visitor moves several times while the slices are read, and for their own later moves', async () => {
    const { database } = await getTestContext();
    const mover = await createUser({ ducks: 7 });
    const moves: Record<number, number> = { 0: 1_950_000_000, 2: -1_950_000_007, 5: 3 };
    const index = createRankIndex(
      database.db,
      { ...PRODUCTION_CACHES, rankRefreshMs: 600_000, rankStride: 3, rankSliceRows: sliceRows },
      async (slice) => {
        if (moves[slice]) await fund(mover, moves[slice]);
      },
    );
    await expectExact(index, [mover, ...visitors], 'several moves');
    // After the snapshot (decision 028): their own claim is counted once too.
    await fund(mover, 37);
    await expectExact(index, [mover], 'own move after the snapshot');
  });
});

describe('an app with its caches on', () => {
  let app: App;
  // Long lifetimes: what these tests see must not depend on how fast they run.
  const longLived = {
    ...PRODUCTION_CACHES,
    rankStride: 2,
    sessionTtlMs: 600_000,
    rankRefreshMs: 600_000,
    topTtlMs: 600_000,
    checkpointsTtlMs: 600_000,
  };

  beforeAll(async () => {
    app = await buildTestApp();
    overrideCacheSettings(app.ctx, longLived);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers /api/me and /api/leaderboard like an app without caches', async () => {
    const plain = await buildTestApp();
    overrideCacheSettings(plain.ctx, NO_CACHES);
    const user = await createUser({ ducks: 11 });
    const cached = await call(app, 'GET', '/api/me', { cookie: user.cookie });
    const exact = await call(plain, 'GET', '/api/me', { cookie: user.cookie });
    expect(cached.status).toBe(200);
    expect(cached.body).toEqual(exact.body);
    const board = await call(app, 'GET', '/api/leaderboard', { cookie: user.cookie });
    expect(board.body).toEqual((await call(plain, 'GET', '/api/leaderboard', { cookie: user.cookie })).body);
    await plain.close();
  });

  it("marks each visitor's own row in the cached top list, not the row of whoever asked first", async () => {
    const first = await createUser({ ducks: 1_900_000_002, fullName: 'First Asker' });
    const second = await createUser({ ducks: 1_900_000_001, fullName: 'Second Asker' });
    overrideCacheSettings(app.ctx, longLived); // a fresh top list, read when the first visitor asks
    const mine = async (user: TestUser) =>
      (
        (await call(app, 'GET', '/api/leaderboard', { cookie: user.cookie })).body as {
          top: { displayName: string; you: boolean }[];
        }
      ).top
        .filter((row) => row.you)
        .map((row) => row.displayName);
    expect(await mine(first)).toEqual(['First A.']);
    expect(await mine(second)).toEqual(['Second A.']);
    await fund(first, -1_900_000_002);
    await fund(second, -1_900_000_001);
  });

  it("shows a visitor's own new ducks at once, though the snapshot is cached", async () => {
    const user = await createUser({ ducks: 2 });
    expect((await call(app, 'GET', '/api/me', { cookie: user.cookie })).body).toMatchObject({ duckPoints: 2 });
    await fund(user, 3);
    expect((await call(app, 'GET', '/api/me', { cookie: user.cookie })).body).toMatchObject({ duckPoints: 5 });
  });

  it('remembers the session it made at sign-up and at log-in: the next request needs no session lookup (decision 094)', async () => {
    const email = uniqueEmail('remembered');
    const signedUp = await call(app, 'POST', '/api/auth', { body: signupBody(email, await idTokenFor(app, email)) });
    expect(signedUp.status).toBe(201);
    const [user] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const signUpToken = cookieFrom(signedUp.headers, SESSION_COOKIE)!.split('=')[1]!;
    expect(rememberedUser(app.ctx, signUpToken, Date.now())).toBe(user!.id);
    const loggedIn = await call(app, 'POST', '/api/auth', {
      body: { action: 'login', idToken: await idTokenFor(app, email), email },
    });
    expect(loggedIn.status).toBe(200);
    const logInToken = cookieFrom(loggedIn.headers, SESSION_COOKIE)!.split('=')[1]!;
    expect(rememberedUser(app.ctx, logInToken, Date.now())).toBe(user!.id);
    // And forgotten at logout, as a looked-up one is.
    expect((await call(app, 'POST', '/api/auth/logout', { cookie: `${SESSION_COOKIE}=${logInToken}` })).status).toBe(200);
    expect(rememberedUser(app.ctx, logInToken, Date.now())).toBeUndefined();
    expect((await call(app, 'GET', '/api/me', { cookie: `${SESSION_COOKIE}=${logInToken}` })).status).toBe(401);
  });

  it('logout ends the session at once, though the session was cached', async () => {
    const user = await createUser();
    // /api/inventory and /api/profile find the user through the session cache.
    expect((await call(app, 'GET', '/api/inventory', { cookie: user.cookie })).status).toBe(200);
    expect((await call(app, 'GET', '/api/profile', { cookie: user.cookie })).status).toBe(200);
    expect((await call(app, 'POST', '/api/auth/logout', { cookie: user.cookie })).status).toBe(200);
    for (const url of ['/api/inventory', '/api/profile', '/api/me', '/api/checkpoints']) {
      expect((await call(app, 'GET', url, { cookie: user.cookie })).status, url).toBe(401);
    }
  });

  it('logout in another app instance of this process ends the cached session here too', async () => {
    const other = await buildTestApp();
    const user = await createUser();
    expect((await call(app, 'GET', '/api/inventory', { cookie: user.cookie })).status).toBe(200);
    expect((await call(other, 'POST', '/api/auth/logout', { cookie: user.cookie })).status).toBe(200);
    expect((await call(app, 'GET', '/api/inventory', { cookie: user.cookie })).status).toBe(401);
    await other.close();
  });

  it("lists the checkpoints with the visitor's own attempts at once, the content from the cache", async () => {
    const user = await createUser();
    const list = async (from: App) => {
      const response = await call(from, 'GET', '/api/checkpoints', { cookie: user.cookie });
      expect(response.status).toBe(200);
      return response.body.data as { checkpointId: string; attempts: number; completed: boolean }[];
    };
    const known = await addCheckpoint({ type: 'Scan' });
    // An instance whose checkpoint cache is first filled now.
    const cachedApp = await buildTestApp();
    overrideCacheSettings(cachedApp.ctx, longLived);
    expect((await list(cachedApp)).find((c) => c.checkpointId === known.slug)).toMatchObject({ attempts: 0, completed: false });
    // Added after the content was cached: this instance shows it only when its cache expires.
    const later = await addCheckpoint({ type: 'Scan' });
    const scanned = await call(cachedApp, 'POST', `/api/checkpoints/${known.slug}/attempts`, {
      cookie: user.cookie,
      body: { answer: 'QQ-TEST-RIGHT' },
    });
    expect(scanned.status).toBe(200);
    const cached = await list(cachedApp);
    expect(cached.find((c) => c.checkpointId === known.slug)).toMatchObject({ attempts: 1, completed: true });
    expect(cached.map((c) => c.checkpointId)).not.toContain(later.slug);

    const fresh = await buildTestApp();
    const uncached = await list(fresh);
    expect(uncached.map((c) => c.checkpointId)).toContain(later.slug);
    expect(uncached.filter((c) => c.checkpointId !== later.slug)).toEqual(cached);
    await fresh.close();
    await cachedApp.close();
  });
});

describe('the checkpoints an answer is graded against', () => {
  it('are kept for one version of the campaign and read again for the next', async () => {
    const { database } = await getTestContext();
    const cached = await buildTestApp();
    overrideCacheSettings(cached.ctx, PRODUCTION_CACHES);
    const checkpoint = await addCheckpoint({ type: 'Scan', qrTexts: ['QQ-BEFORE-RELOAD'] });
    const active = await readActiveCampaign(database.db);
    const [one, two] = [
      { ...active, version: 900_001 },
      { ...active, version: 900_002 },
    ];
    expect((await findCheckpoint(cached.ctx, one, checkpoint.slug)).qrTexts).toEqual(['QQ-BEFORE-RELOAD']);
    // What a load does (decision 032): new rows, and a new version with them.
    await database.db
      .update(checkpoints)
      .set({ qrTexts: ['QQ-AFTER-RELOAD'] })
      .where(eq(checkpoints.id, checkpoint.id));
    expect((await findCheckpoint(cached.ctx, one, checkpoint.slug)).qrTexts).toEqual(['QQ-BEFORE-RELOAD']);
    expect((await findCheckpoint(cached.ctx, two, checkpoint.slug)).qrTexts).toEqual(['QQ-AFTER-RELOAD']);
    await cached.close();
  });
});
