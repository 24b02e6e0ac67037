// Claim storms (docs/product.md §13: 2,000 visitors, 50 in stock, exactly 50 sold, never a negative
// balance). On PostgreSQL against two real server processes sharing one database, as a deployment with
// several instances runs; on the test database in-process too, so PGlite is covered.
import { messages } from '@quackquest/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { claims, rewards, users } from '../db/schema';
import { formatVerify, verifyInvariants } from '../db/invariants';
import { addReward, getTestContext, unique } from '../../test/helpers';
import {
  type Client,
  type HttpResult,
  type ScratchDatabase,
  type ServerProcess,
  createClient,
  createScratchDatabase,
  killAllServers,
  newKey,
  removeTempDirs,
  runPool,
  spawnServer,
  takePort,
  tempDir,
} from '../../test/resilience/harness';
import { type Visitor, seedSpins, seedVisitors } from '../../test/resilience/seed';

const onPostgres = process.env.TEST_DB === 'postgres';

async function balances(db: Database['db'], visitors: Visitor[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: users.id, ducks: users.ducks })
    .from(users)
    .where(
      inArray(
        users.id,
        visitors.map((v) => v.id),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.ducks]));
}

describe('a claim storm in-process on the test database', () => {
  it('300 funded visitors, 20 in stock: exactly 20 sold, the others refused and keep their ducks', async () => {
    const { app, database } = await getTestContext();
    const visitors = await seedVisitors(database.db, { count: 300, ducks: 10, tag: unique('inproc') });
    const reward = await addReward({ stock: 20, price: 5 });

    const results: HttpResult[] = new Array<HttpResult>(visitors.length);
    await runPool(visitors.length, 100, async (i) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/claims',
        headers: { cookie: visitors[i]!.cookie, 'idempotency-key': newKey() },
        payload: { item: reward.item },
      });
      results[i] = { status: response.statusCode, body: response.json() };
    });

    const winners = visitors.filter((_, i) => results[i]!.status === 201);
    expect(winners).toHaveLength(20);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.filter((r) => r.status !== 409 || r.body.message !== messages.rewardSoldOut)).toEqual([]);
    const [row] = await database.db.select({ stock: rewards.stock }).from(rewards).where(eq(rewards.id, reward.id));
    expect(row?.stock).toBe(0);
    const sold = await database.db.select({ userId: claims.userId }).from(claims).where(eq(claims.rewardId, reward.id));
    expect(sold.map((c) => c.userId).sort()).toEqual(winners.map((w) => w.id).sort());
    const winnerIds = new Set(winners.map((w) => w.id));
    for (const [id, ducks] of await balances(database.db, visitors)) expect(ducks).toBe(winnerIds.has(id) ? 5 : 10);
    const verify = await verifyInvariants(database.db);
    expect(verify.ok, formatVerify(verify)).toBe(true);
  });
});

describe.skipIf(!onPostgres)('two server instances on one PostgreSQL', () => {
  let scratch: ScratchDatabase | undefined;
  let database: Database | undefined;
  let client: Client | undefined;
  let servers: [ServerProcess, ServerProcess];
  let setupMs = 0;

  beforeAll(async () => {
    const started = Date.now();
    scratch = await createScratchDatabase();
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: tempDir('storm') });
    // Both instances start together: migrations and the campaign pack must not trip over each other.
    const [portA, portB] = [await takePort(), await takePort()];
    servers = await Promise.all([
      spawnServer({ name: 'A', port: portA, dataDir: tempDir('storm-a'), databaseUrl: scratch.url }),
      spawnServer({ name: 'B', port: portB, dataDir: tempDir('storm-b'), databaseUrl: scratch.url }),
    ]);
    client = createClient(100);
    setupMs = Date.now() - started;
  }, 120_000);

  afterAll(async () => {
    client?.destroy();
    await killAllServers();
    await database?.close();
    await scratch?.drop();
    removeTempDirs();
  });

  // Added after start-up: loading the pack marks rewards it does not list as removed.
  async function addStormReward(stock: number) {
    const [reward] = await database!.db
      .insert(rewards)
      .values({
        campaignId: 'demo',
        item: unique('Storm Reward'),
        price: 5,
        stock,
        stockLoaded: stock,
        description: 'Storm',
        sequence: 100,
      })
      .returning();
    return reward!;
  }

  const claimOn = (server: ServerProcess, visitor: Visitor, item: string, key: string) =>
    client!.request(server.baseUrl, 'POST', '/api/claims', {
      cookie: visitor.cookie,
      body: { item },
      headers: { 'idempotency-key': key },
    });

  it(
    'a claim storm: 2,000 funded visitors, 50 in stock, 200 claims in flight over both: exactly 50 sold',
    { timeout: 120_000 },
    async () => {
      const testStarted = Date.now();
      const db = database!.db;
      const visitors = await seedVisitors(db, { count: 2000, ducks: 10, tag: unique('storm') });
      const seededMs = Date.now() - testStarted;
      const reward = await addStormReward(50);
      const item = reward.item;

      const keys = visitors.map(() => newKey());
      const results: (HttpResult | string)[] = new Array<HttpResult | string>(visitors.length);
      const stormStarted = Date.now();
      await runPool(visitors.length, 200, async (i) => {
        results[i] = await claimOn(servers[i % 2]!, visitors[i]!, item, keys[i]!).catch((error: unknown) => String(error));
      });
      const stormMs = Date.now() - stormStarted;

      const failed = results.filter((r): r is string => typeof r === 'string');
      expect(failed).toEqual([]);
      const answers = results as HttpResult[];
      const won = answers.flatMap((r, i) => (r.status === 201 ? [i] : []));
      expect(won).toHaveLength(50);
      const refused = answers.filter((r) => r.status !== 201);
      expect(refused).toHaveLength(1950);
      expect(refused.filter((r) => r.status !== 409 || r.body.message !== messages.rewardSoldOut)).toEqual([]);
      expect(new Set(won.map((i) => answers[i]!.body.voucherCode)).size).toBe(50);

      const [row] = await db.select({ stock: rewards.stock }).from(rewards).where(eq(rewards.id, reward.id));
      expect(row?.stock).toBe(0);
      const sold = await db.select({ userId: claims.userId }).from(claims).where(eq(claims.rewardId, reward.id));
      expect(sold).toHaveLength(50);
      expect(sold.map((c) => c.userId).sort()).toEqual(won.map((i) => visitors[i]!.id).sort());
      const winnerIds = new Set(won.map((i) => visitors[i]!.id));
      const ducks = await balances(db, visitors);
      expect(ducks.size).toBe(2000);
      for (const [id, n] of ducks) expect(n).toBe(winnerIds.has(id) ? 5 : 10);
      // The same key on the other instance returns the first claim and charges nothing.
      const first = won[0]!;
      const replay = await claimOn(servers[(first + 1) % 2]!, visitors[first]!, item, keys[first]!);
      expect(replay).toMatchObject({ status: 200, body: { voucherCode: answers[first]!.body.voucherCode, duckPoints: 5 } });
      const verify = await verifyInvariants(db);
      expect(verify.ok, formatVerify(verify)).toBe(true);

      const soldByA = won.filter((i) => i % 2 === 0).length;
      console.info(
        `[resilience] two-instance claim storm on PostgreSQL: set-up (database, 2 servers) ${setupMs} ms, start-up A ` +
          `${servers[0].startupMs} ms, B ${servers[1].startupMs} ms; 2000 visitors seeded in ${seededMs} ms; ` +
          `2000 claims in ${stormMs} ms (${Math.round(2000 / (stormMs / 1000))}/s), sold ${soldByA} on A and ${50 - soldByA} on B; ` +
          `test ${Date.now() - testStarted} ms`,
      );
    },
  );

  it('the same Idempotency-Key sent to both instances at once: one claim, one debit, the same voucher twice', async () => {
    const db = database!.db;
    const visitors = await seedVisitors(db, { count: 100, ducks: 10, tag: unique('twice') });
    const reward = await addStormReward(1000);
    const pairs = await Promise.all(
      visitors.map((visitor) => {
        const key = newKey();
        return Promise.all([claimOn(servers[0], visitor, reward.item, key), claimOn(servers[1], visitor, reward.item, key)]);
      }),
    );
    for (const [a, b] of pairs) {
      expect([a.status, b.status].sort()).toEqual([200, 201]);
      expect(a.body.voucherCode).toBe(b.body.voucherCode);
    }
    const sold = await db.select({ userId: claims.userId }).from(claims).where(eq(claims.rewardId, reward.id));
    expect(sold).toHaveLength(100);
    for (const ducks of (await balances(db, visitors)).values()) expect(ducks).toBe(5);
    const verify = await verifyInvariants(db);
    expect(verify.ok, formatVerify(verify)).toBe(true);
  });

  it('one spin entitlement spent on both instances at once: one spin, one award', async () => {
    const db = database!.db;
    const tag = unique('spin-twice');
    const visitors = await seedVisitors(db, { count: 100, ducks: 0, tag });
    expect(await seedSpins(db, { tag, campaignId: 'demo', slugs: ['day-01-gangway'] })).toBe(100);
    const spinOn = (server: ServerProcess, visitor: Visitor) =>
      client!.request(server.baseUrl, 'POST', '/api/spin', { cookie: visitor.cookie, body: { type: 'Scan' } });
    const pairs = await Promise.all(
      visitors.map((visitor) => Promise.all([spinOn(servers[0], visitor), spinOn(servers[1], visitor)])),
    );
    const ducks = await balances(db, visitors);
    visitors.forEach((visitor, i) => {
      const [a, b] = pairs[i]!;
      expect([a.status, b.status].sort()).toEqual([200, 403]);
      const won = a.status === 200 ? a : b;
      const lost = a.status === 200 ? b : a;
      expect(lost.body.message).toBe(messages.spinWithoutCheckpoint);
      expect(ducks.get(visitor.id)).toBe(won.body.duckPointsAwarded);
    });
    const verify = await verifyInvariants(db);
    expect(verify.ok, formatVerify(verify)).toBe(true);
  });
});
