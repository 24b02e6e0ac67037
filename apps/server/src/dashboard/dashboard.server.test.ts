// The console's live numbers (docs/product.md §10, decision 021): each number moves when a visitor does what it
// counts, "today" starts at midnight in the campaign's time zone, and a claim shows at once even on an instance
// whose caches are on.
import { type Dashboard } from '@quackquest/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../test/auth';
import { type TestOperator, createOperator } from '../../test/console';
import { addCheckpoint, addReward, api, attempt, createUser, getTestContext, spin, unique } from '../../test/helpers';
import { overrideCacheSettings } from '../cache/per-app';
import { PRODUCTION_CACHES } from '../cache/settings';
import { and, eq, sql } from 'drizzle-orm';
import { attempts, users } from '../db/schema';
import { reviewAttempt } from '../reviews/review';
import { startOfToday } from '../text/time';

async function dashboard(operator: TestOperator): Promise<Dashboard> {
  const { app } = await getTestContext();
  const response = await app.inject({ method: 'GET', url: '/api/console/dashboard', headers: { cookie: operator.cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<Dashboard>();
}

const completions = (d: Dashboard, slug: string) => d.checkpoints.find((c) => c.checkpointId === slug)!.completions;

describe('the console dashboard', () => {
  it('counts visitors, today in the campaign time zone, and who was active in the last 15 minutes', async () => {
    const admin = await createOperator('admin');
    const { database, app } = await getTestContext();
    const before = await dashboard(admin);
    expect(before.timeZone).toBe('Asia/Singapore');
    const midnight = startOfToday(app.ctx.now(), before.timeZone);
    // Midnight in Singapore is 16:00 UTC the day before: a UTC "today" would count these two the other way.
    expect(midnight.getUTCHours()).toBe(16);
    const row = (at: Date) => ({ email: `${unique('old')}@example.com`, fullName: 'Quiet Visitor', createdAt: at });
    await database.db.insert(users).values([row(new Date(midnight.getTime() - 1000)), row(new Date(midnight.getTime() + 1000))]);

    const after = await dashboard(admin);
    expect(after.visitors).toEqual({ total: before.visitors.total + 2, today: before.visitors.today + 1 });
    // Neither signed in nor played: not active.
    expect(after.activeLast15Minutes).toBe(before.activeLast15Minutes);

    const player = await createUser(); // signs in: a session started now
    expect((await dashboard(admin)).activeLast15Minutes).toBe(before.activeLast15Minutes + 1);
    // Signed in an hour ago: active again only once they play, here with a scan and its spin.
    await database.db.execute(sql`update sessions set created_at = now() - interval '1 hour' where user_id = ${player.id}`);
    expect((await dashboard(admin)).activeLast15Minutes).toBe(before.activeLast15Minutes);
    const scanned = await addCheckpoint({ type: 'Scan' });
    expect((await attempt(player, scanned.slug, 'QQ-TEST-RIGHT')).body.outcome).toBe('valid');
    expect((await dashboard(admin)).activeLast15Minutes).toBe(before.activeLast15Minutes + 1);
    await database.db.execute(sql`update attempts set created_at = now() - interval '1 hour' where user_id = ${player.id}`);
    expect((await dashboard(admin)).activeLast15Minutes).toBe(before.activeLast15Minutes);
    expect((await spin(player)).status).toBe(200);
    expect((await dashboard(admin)).activeLast15Minutes).toBe(before.activeLast15Minutes + 1);
  });

  it('follows a text answer from completion and review to posted ducks', async () => {
    const admin = await createOperator('admin');
    const visitor = await createUser();
    const { database } = await getTestContext();
    const before = await dashboard(admin);

    expect((await attempt(visitor, 'day-03-name-that-duck', 'Quackers')).status).toBe(200);
    const won = (await spin(visitor)).body.duckPointsAwarded as number;
    const answered = await dashboard(admin);
    expect(completions(answered, 'day-03-name-that-duck')).toBe(completions(before, 'day-03-name-that-duck') + 1);
    expect(answered.reviews.pending).toBe(before.reviews.pending + 1);
    expect(answered.reviews.oldestPendingAt).not.toBeNull();
    expect(answered.ducks).toEqual({ posted: before.ducks.posted, pending: before.ducks.pending + won });

    const [row] = await database.db
      .select({ id: attempts.id })
      .from(attempts)
      .where(and(eq(attempts.userId, visitor.id), eq(attempts.review, 'pending')));
    await reviewAttempt(database.db, row!.id, 'approve', { actor: admin.email, now: new Date() });
    const approved = await dashboard(admin);
    expect(approved.reviews.pending).toBe(before.reviews.pending);
    expect(approved.ducks).toEqual({ posted: before.ducks.posted + won, pending: before.ducks.pending });
    // Still completed once approved.
    expect(completions(approved, 'day-03-name-that-duck')).toBe(completions(answered, 'day-03-name-that-duck'));
  });

  it('shows a claim made a moment before, stock and all, even with the caches of production on', async () => {
    const cached = await buildTestApp();
    overrideCacheSettings(cached.ctx, PRODUCTION_CACHES);
    const admin = await createOperator('admin');
    const read = async () => {
      const response = await call(cached, 'GET', '/api/console/dashboard', { cookie: admin.cookie });
      expect(response.status).toBe(200);
      return response.body as unknown as Dashboard;
    };
    try {
      const reward = await addReward({ price: 3, stock: 7 });
      const visitor = await createUser({ ducks: 10 });
      const before = await read();
      expect(before.rewards.find((r) => r.item === reward.item)).toEqual({
        item: reward.item,
        stockLeft: 7,
        claimed: 0,
        redeemed: 0,
      });

      const claim = await api('POST', '/api/claims', visitor, { item: reward.item }, { 'idempotency-key': unique('key') });
      expect(claim.status).toBe(201);
      const after = await read();
      expect(after.claims).toEqual({ total: before.claims.total + 1, today: before.claims.today + 1 });
      expect(after.rewards.find((r) => r.item === reward.item)).toEqual({
        item: reward.item,
        stockLeft: 6,
        claimed: 1,
        redeemed: 0,
      });

      const staff = await createOperator('staff');
      const code = claim.body.voucherCode as string;
      const redeemed = await call(cached, 'POST', `/api/console/vouchers/${code}/redeem`, { cookie: staff.cookie });
      expect(redeemed.status).toBe(200);
      const handedOut = await read();
      expect(handedOut.redemptions).toEqual({ total: before.redemptions.total + 1, today: before.redemptions.today + 1 });
      expect(handedOut.rewards.find((r) => r.item === reward.item)).toMatchObject({ claimed: 1, redeemed: 1 });
      // The visitor numbers may be a few seconds old on this instance, and say when they were read.
      expect(handedOut.visitorsAt).toBeLessThanOrEqual(handedOut.at);
    } finally {
      await cached.close();
    }
  });

  it('lists every checkpoint and reward of the campaign in its order', async () => {
    const admin = await createOperator('admin');
    const d = await dashboard(admin);
    expect(d.checkpoints.slice(0, 3).map((c) => c.checkpointId)).toEqual([
      'day-01-gangway',
      'day-02-lifeboat-drill',
      'day-03-name-that-duck',
    ]);
    expect(d.rewards[0]).toMatchObject({ item: 'Free 3D2N Cabin' });
  });
});
