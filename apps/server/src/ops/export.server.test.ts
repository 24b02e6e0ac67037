import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestUser, addReward, api, createUser, getTestContext, me } from '../../test/helpers';
import { users } from '../db/schema';
import { adjustDucks } from './ducks';
import { CLAIMS_COLUMNS, LEADERBOARD_COLUMNS, exportClaims, exportLeaderboard } from './export';
import { redeemVoucher as redeem } from '../vouchers/vouchers';

const redeemVoucher = (db: Parameters<typeof redeem>[0], code: string) => redeem(db, code, { actor: 'cli', now: new Date() });

async function db() {
  return (await getTestContext()).database.db;
}

/** Reads CSV the way a spreadsheet does (RFC 4180): quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  expect([cell, row]).toEqual(['', []]);
  return rows;
}

/** The CSV rows of these users, as objects by column, in file order. */
function rowsOf(csv: string, users: TestUser[]) {
  const [header, ...rows] = parseCsv(csv);
  const emails = new Set(users.map((u) => u.email));
  return rows
    .map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]])) as Record<string, string>)
    .filter((r) => emails.has(r.email!));
}

const claim = (user: TestUser, item: string) =>
  api('POST', '/api/claims', user, { item }, { 'idempotency-key': `key-${randomBytes(8).toString('hex')}` });

describe('export:leaderboard', () => {
  it('lists users by ducks, ties to whoever reached the total first, with the rank the visitor sees', async () => {
    const first = await createUser({ ducks: 9_007, fullName: 'Ada Lovelace' });
    const second = await createUser({ ducks: 9_007, fullName: 'Grace Hopper' });
    const top = await createUser({ ducks: 9_008, fullName: 'Top Duck' });
    const behind = await createUser({ fullName: 'Zero Ducks' });
    // `first` drops and climbs back: the tie now goes to `second`, who reached 9007 earlier.
    await adjustDucks(await db(), first.email, -1, 'test');
    await adjustDucks(await db(), first.email, 1, 'test');

    const { csv, rows } = await exportLeaderboard(await db());
    expect(csv.split('\r\n')[0]).toBe(LEADERBOARD_COLUMNS.join(','));
    expect(rows).toBe(parseCsv(csv).length - 1);
    const mine = rowsOf(csv, [first, second, top, behind]);
    expect(mine.map((r) => r.full_name)).toEqual(['Top Duck', 'Grace Hopper', 'Ada Lovelace', 'Zero Ducks']);
    expect(mine[0]).toMatchObject({ email: top.email, ducks: '9008', pending_ducks: '0', cabin_owner: 'no' });
    for (const [user, row] of [top, second, first, behind].map((u, i) => [u, mine[i]!] as const)) {
      expect(Number(row.rank)).toBe((await me(user)).rank);
      expect(new Date(row.reached_at!).toISOString()).toBe(row.reached_at);
    }
  });

  it('leaves blocked visitors out, as the leaderboard does (decision 020)', async () => {
    const blocked = await createUser({ ducks: 9_009, fullName: 'Blocked Duck' });
    const ranked = await createUser({ ducks: 9_009, fullName: 'Ranked Duck' });
    await (await db()).update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked.id));
    const { csv } = await exportLeaderboard(await db());
    const mine = rowsOf(csv, [blocked, ranked]);
    expect(mine.map((r) => r.full_name)).toEqual(['Ranked Duck']);
    expect(Number(mine[0]!.rank)).toBe((await me(ranked)).rank);
  });

  it('quotes commas and quotes, and neutralises cells a spreadsheet would run as formulas', async () => {
    const quoted = await createUser({ fullName: 'Lovelace, Ada "Duck"' });
    const formula = await createUser({ fullName: '=HYPERLINK("http://evil.example","win")', cabinOwner: true });
    const phone = await createUser({ fullName: '+6591234567' });
    const { csv } = await exportLeaderboard(await db());
    const [a, b, c] = [quoted, formula, phone].map((u) => rowsOf(csv, [u])[0]);
    expect(a?.full_name).toBe('Lovelace, Ada "Duck"');
    expect(b).toMatchObject({ full_name: `'=HYPERLINK("http://evil.example","win")`, cabin_owner: 'yes' });
    expect(c?.full_name).toBe("'+6591234567");
    expect(csv).toContain('"Lovelace, Ada ""Duck"""');
  });
});

describe('export:claims', () => {
  it('lists each claim with its buyer, price and voucher, and when it was redeemed', async () => {
    const buyer = await createUser({ ducks: 30, fullName: 'Claire, the Buyer' });
    const cap = await addReward({ item: `Captain's Cap ${randomBytes(3).toString('hex')}`, price: 5 });
    const formulaItem = await addReward({ item: `@SUM(1+1) ${randomBytes(3).toString('hex')}`, price: 7 });
    const one = await claim(buyer, cap.item);
    const two = await claim(buyer, formulaItem.item);
    expect([one.status, two.status]).toEqual([201, 201]);
    const redeemed = await redeemVoucher(await db(), one.body.voucherCode as string);

    const { csv } = await exportClaims(await db());
    expect(csv.split('\r\n')[0]).toBe(CLAIMS_COLUMNS.join(','));
    const mine = rowsOf(csv, [buyer]);
    expect(mine).toEqual([
      {
        claimed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
        email: buyer.email,
        full_name: 'Claire, the Buyer',
        item: cap.item,
        price: '5',
        voucher_code: one.body.voucherCode,
        redeemed_at: redeemed.redeemedAt!.toISOString(),
      },
      expect.objectContaining({ item: `'${formulaItem.item}`, price: '7', voucher_code: two.body.voucherCode, redeemed_at: '' }),
    ]);
  });
});
