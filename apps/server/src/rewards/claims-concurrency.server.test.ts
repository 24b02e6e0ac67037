// Claims under load: stock, balance and vouchers stay right when many requests arrive at once.
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { claims, rewards, users } from '../db/schema';
import { type TestUser, addReward, api, createUser, getTestContext, me } from '../../test/helpers';

const newKey = () => `key-${randomBytes(8).toString('hex')}`;
const claim = (user: TestUser, item: string, key = newKey()) =>
  api('POST', '/api/claims', user, { item }, { 'idempotency-key': key });

describe('a claim storm', () => {
  it('200 funded visitors, 10 in stock: exactly 10 sold, the others keep their ducks', async () => {
    const { database } = await getTestContext();
    const visitors = await Promise.all(Array.from({ length: 200 }, () => createUser({ ducks: 10 })));
    const reward = await addReward({ stock: 10, price: 5 });

    const results = await Promise.all(visitors.map((visitor) => claim(visitor, reward.item)));

    const winners = visitors.filter((_, i) => results[i]!.status === 201);
    const losers = results.filter((r) => r.status !== 201);
    expect(winners).toHaveLength(10);
    expect(losers).toHaveLength(190);
    for (const loser of losers)
      expect(loser).toMatchObject({ status: 409, body: { message: 'Limit for this reward is reached.' } });
    const vouchers = results.filter((r) => r.status === 201).map((r) => r.body.voucherCode);
    expect(new Set(vouchers).size).toBe(10);

    const [row] = await database.db.select({ stock: rewards.stock }).from(rewards).where(eq(rewards.id, reward.id));
    expect(row?.stock).toBe(0);
    const inventory = await api('GET', '/api/inventory', visitors[0]);
    expect((inventory.body.items as { item: string; quantity: number }[]).find((r) => r.item === reward.item)?.quantity).toBe(0);
    const sold = await database.db.select({ userId: claims.userId }).from(claims).where(eq(claims.rewardId, reward.id));
    expect(sold.map((c) => c.userId).sort()).toEqual(winners.map((w) => w.id).sort());

    const balances = await database.db
      .select({ id: users.id, ducks: users.ducks })
      .from(users)
      .where(
        inArray(
          users.id,
          visitors.map((v) => v.id),
        ),
      );
    const winnerIds = new Set(winners.map((w) => w.id));
    expect(balances).toHaveLength(200);
    for (const { id, ducks } of balances) expect(ducks).toBe(winnerIds.has(id) ? 5 : 10);
  });

  it('one visitor, 20 parallel claims with different keys, ducks for 3: exactly 3 sold', async () => {
    const user = await createUser({ ducks: 15 });
    const reward = await addReward({ stock: 100, price: 5 });

    const results = await Promise.all(Array.from({ length: 20 }, () => claim(user, reward.item)));

    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(17);
    for (const r of refused) {
      expect(r).toMatchObject({
        status: 409,
        body: { message: 'You need 5 ducks to claim this reward. You currently have 0 ducks.' },
      });
    }
    expect((await me(user)).duckPoints).toBe(0);
    const profile = await api('GET', '/api/profile', user);
    expect(profile.body.claimed).toHaveLength(3);
    const inventory = await api('GET', '/api/inventory', user);
    expect((inventory.body.items as { item: string; quantity: number }[]).find((r) => r.item === reward.item)?.quantity).toBe(97);
  });
});
