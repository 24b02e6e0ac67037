// Stock from the console (issue 32 part 2, decision 071): an admin reopens a sold-out reward or takes stock away,
// with a reason, audited; refusals change nothing; a change racing the claims never oversells.
import { type RewardStock, consoleMessages } from '@quackquest/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestOperator, createOperator } from '../../test/console';
import { type TestUser, addReward, api, createUser, getTestContext, unique } from '../../test/helpers';
import { auditLog, rewards, stockChanges } from '../db/schema';
import { formatVerify, verifyInvariants } from '../db/invariants';

async function change(admin: TestOperator, rewardId: number, body: object) {
  const { app } = await getTestContext();
  const response = await app.inject({
    method: 'POST',
    url: `/api/console/rewards/${rewardId}/stock`,
    headers: { cookie: admin.cookie },
    payload: body,
  });
  return { status: response.statusCode, body: response.json<RewardStock & { code?: string; message?: string }>() };
}

const claim = (user: TestUser, item: string) => api('POST', '/api/claims', user, { item }, { 'idempotency-key': unique('key') });

async function stockRow(rewardId: number) {
  const { database } = await getTestContext();
  const [row] = await database.db.select().from(rewards).where(eq(rewards.id, rewardId));
  return { left: row!.stock, offered: row!.stockLoaded };
}

describe('stock from the console', () => {
  it('an admin reopens a sold-out reward with a reason: the next visitor can claim it, and the trail says who and why', async () => {
    const reward = await addReward({ price: 1, stock: 1 });
    expect((await claim(await createUser({ ducks: 5 }), reward.item)).status).toBe(201);
    const late = await createUser({ ducks: 5 });
    expect((await claim(late, reward.item)).body).toMatchObject({ code: 'rewardSoldOut' });

    const admin = await createOperator('admin');
    const restocked = await change(admin, reward.id, { amount: 2, reason: ' second crate from the galley ' });
    expect(restocked).toEqual({
      status: 200,
      body: {
        rewardId: reward.id,
        item: reward.item,
        left: 2,
        offered: 3,
        claimed: 1,
        changed: 2,
        changes: [{ amount: 2, reason: 'second crate from the galley', actor: admin.email, at: expect.any(Number) as unknown }],
      },
    });
    expect((await claim(late, reward.item)).status).toBe(201);

    const { app, database } = await getTestContext();
    const listed = await app.inject({ method: 'GET', url: '/api/console/rewards', headers: { cookie: admin.cookie } });
    expect(listed.json<{ items: RewardStock[] }>().items.find((r) => r.rewardId === reward.id)).toMatchObject({
      left: 1,
      offered: 3,
      claimed: 2,
    });
    const trail = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reward.stock'), eq(auditLog.subject, `reward:${reward.id}`)));
    expect(trail.map((row) => [row.actor, row.before, row.after])).toEqual([
      [
        admin.email,
        { item: reward.item, left: 0, offered: 1 },
        { left: 2, offered: 3, amount: 2, reason: 'second crate from the galley' },
      ],
    ]);
  });

  it('refuses a change it cannot make, in words, and changes nothing', async () => {
    const reward = await addReward({ stock: 2 });
    const admin = await createOperator('admin');
    for (const [body, code, message] of [
      [{ amount: 0, reason: 'x' }, 'stockAmount', consoleMessages.stockAmount],
      [{ amount: 1.5, reason: 'x' }, 'stockAmount', consoleMessages.stockAmount],
      [{ amount: 100_001, reason: 'x' }, 'stockAmount', consoleMessages.stockAmount],
      [{ amount: 5, reason: '   ' }, 'reasonRequired', consoleMessages.reasonRequired],
      [{ amount: -3, reason: 'miscount' }, 'stockBelowZero', consoleMessages.stockBelowZero({ left: 2 })],
    ] as const) {
      const refused = await change(admin, reward.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(code === 'stockBelowZero' ? 409 : 400);
      expect(refused.body).toMatchObject({ code, message });
    }
    expect(await change(admin, 2_000_000_000, { amount: 1, reason: 'x' })).toMatchObject({
      status: 404,
      body: { code: 'rewardNotFound' },
    });
    expect(await stockRow(reward.id)).toEqual({ left: 2, offered: 2 });
    const { database } = await getTestContext();
    expect(await database.db.select().from(stockChanges).where(eq(stockChanges.rewardId, reward.id))).toEqual([]);
    // Taking away exactly what is left sells it out.
    expect(await change(admin, reward.id, { amount: -2, reason: 'miscount' })).toMatchObject({
      status: 200,
      body: { left: 0, offered: 0 },
    });
  });

  it('a change racing twenty claims never oversells: claimed plus left is what was offered', async () => {
    const reward = await addReward({ price: 1, stock: 10 });
    const visitors = await Promise.all(Array.from({ length: 20 }, () => createUser({ ducks: 5 })));
    const admin = await createOperator('admin');
    const [removal, ...claims] = await Promise.all([
      change(admin, reward.id, { amount: -4, reason: 'two broken' }),
      ...visitors.map((v) => claim(v, reward.item)),
    ]);
    const won = claims.filter((c) => c.status === 201).length;
    const stock = await stockRow(reward.id);
    expect(stock.left).toBeGreaterThanOrEqual(0);
    expect(won + stock.left).toBe(stock.offered);
    // The removal either came first (6 to claim) or found fewer than 4 left and was refused (10 claimed).
    if (removal.status === 200) expect(stock.offered).toBe(6);
    else expect([removal.body.code, stock.offered, won]).toEqual(['stockBelowZero', 10, 10]);
    const result = await verifyInvariants((await getTestContext()).database.db);
    expect(result.ok, formatVerify(result)).toBe(true);
  });
});
