import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledger } from '../db/schema';
import { createUser, getTestContext, me } from '../../test/helpers';
import { adjustDucks } from './ducks';

async function db() {
  return (await getTestContext()).database.db;
}

describe('ducks:adjust', () => {
  it('gives and takes away ducks, the visitor sees the new balance, and each change keeps its reason', async () => {
    const user = await createUser();
    expect(await adjustDucks(await db(), user.email, 5, 'lost a scan to a bad network')).toMatchObject({ ducks: 5 });
    expect((await me(user)).duckPoints).toBe(5);
    expect(await adjustDucks(await db(), user.email, -3, 'counted twice')).toMatchObject({ ducks: 2 });
    expect((await me(user)).duckPoints).toBe(2);
    const rows = await (await db()).select().from(ledger).where(eq(ledger.userId, user.id)).orderBy(asc(ledger.id));
    expect(rows.map((r) => [r.kind, r.amount, r.reason])).toEqual([
      ['adjustment', 5, 'lost a scan to a bad network'],
      ['adjustment', -3, 'counted twice'],
    ]);
  });

  it('finds the visitor whatever the case of the e-mail typed', async () => {
    const user = await createUser({ ducks: 1 });
    expect(await adjustDucks(await db(), ` ${user.email.toUpperCase()} `, 2, 'booth bonus')).toMatchObject({ ducks: 3 });
  });

  it('refuses to go below zero and changes nothing', async () => {
    const user = await createUser({ ducks: 2 });
    await expect(adjustDucks(await db(), user.email, -3, 'too much')).rejects.toThrow(
      `${user.email} has 2 ducks: cannot take away 3.`,
    );
    expect((await me(user)).duckPoints).toBe(2);
  });

  it.each([
    ['an unknown e-mail', 'nobody-here@example.com', 1, 'x', 'No user with the e-mail nobody-here@example.com.'],
    ['a zero amount', null, 0, 'x', 'The amount must be a whole number other than 0'],
    ['a fraction', null, 1.5, 'x', 'The amount must be a whole number other than 0'],
    ['an absurd amount', null, 5_000_000_000, 'x', 'at most 1000000'],
    ['a blank reason', null, 1, '  ', 'A reason is required.'],
  ])('refuses %s', async (_, email, amount, reason, message) => {
    const user = await createUser({ ducks: 1 });
    await expect(adjustDucks(await db(), email ?? user.email, amount, reason)).rejects.toThrow(message);
    expect((await me(user)).duckPoints).toBe(1);
  });
});
