// The leaderboard and claims exports (decision 022): the leaderboard's own order and tie rule, times in the
// campaign's time zone, CSV a spreadsheet reads without running anything, and an audit row per export.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOperator } from '../../test/console';
import { type TestUser, addReward, api, createUser, getTestContext, me } from '../../test/helpers';
import { formatZoned } from '../text/time';
import { queryRows } from '../db/client';
import { auditLog, users } from '../db/schema';
import { adjustParticipantDucks } from '../participants/participants';
import { redeemVoucher } from '../vouchers/vouchers';
import { CLAIMS_COLUMNS, type ExportKind, LEADERBOARD_COLUMNS, WINNERS_COLUMNS, exportCsv, readAll } from './exports';

const TIME_ZONE = 'Asia/Singapore';

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
    .filter((r) => emails.has(r.email ?? r.visitor_email!));
}

async function exported(kind: ExportKind) {
  const file = await exportCsv(await db(), kind, { actor: 'cli', now: new Date(), timeZone: TIME_ZONE });
  const csv = await readAll(file);
  return { csv, rows: file.rows() };
}

const claim = (user: TestUser, item: string) =>
  api('POST', '/api/claims', user, { item }, { 'idempotency-key': `key-${randomBytes(8).toString('hex')}` });

describe('the leaderboard export', () => {
  it('is in leaderboard order with the rank the visitor sees; ties go to whoever reached the total first', async () => {
    const first = await createUser({ ducks: 9_007, fullName: 'Ada Lovelace' });
    const second = await createUser({ ducks: 9_007, fullName: 'Grace Hopper' });
    const top = await createUser({ ducks: 9_008, fullName: 'Top Duck' });
    const behind = await createUser({ fullName: 'Zero Ducks' });
    // `first` drops and climbs back: the tie now goes to `second`, who reached 9007 earlier.
    const acting = { reason: 'test', actor: 'cli', now: new Date() };
    await adjustParticipantDucks(await db(), first.id, { ...acting, amount: -1 });
    await adjustParticipantDucks(await db(), first.id, { ...acting, amount: 1 });

    const { csv, rows } = await exported('leaderboard');
    expect(csv.split('\r\n')[0]).toBe(LEADERBOARD_COLUMNS.join(','));
    expect(rows).toBe(parseCsv(csv).length - 1);
    const mine = rowsOf(csv, [first, second, top, behind]);
    expect(mine.map((r) => r.name)).toEqual(['Top Duck', 'Grace Hopper', 'Ada Lovelace', 'Zero Ducks']);
    expect(mine[0]).toMatchObject({ email: top.email, ducks: '9008', pending_ducks: '0', cabin_owner: 'no' });
    for (const [user, row] of [top, second, first, behind].map((u, i) => [u, mine[i]!] as const)) {
      expect(row.rank).toBe(String((await me(user)).rank));
    }
    // Grace and Ada have the same ducks: the time rule put them apart, and ducks_rank says so (decision 073).
    const graceRank = (await me(second)).rank;
    expect(mine.slice(1, 3).map((r) => [r.rank, r.ducks_rank])).toEqual([
      [String(graceRank), `${graceRank}=`],
      [String(graceRank + 1), `${graceRank}=`],
    ]);
    expect(mine[0]!.ducks_rank).toBe(mine[0]!.rank);
  });

  it('leaves blocked visitors out, as the leaderboard does (decision 020)', async () => {
    const blocked = await createUser({ ducks: 9_009, fullName: 'Blocked Duck' });
    const ranked = await createUser({ ducks: 9_009, fullName: 'Ranked Duck' });
    await (await db()).update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked.id));
    const { csv } = await exported('leaderboard');
    const mine = rowsOf(csv, [blocked, ranked]);
    expect(mine.map((r) => r.name)).toEqual(['Ranked Duck']);
    expect(mine[0]!.rank).toBe(String((await me(ranked)).rank));
  });

  it('marks visitors the tie rule cannot tell apart as "N=" and counts them both before the next one', async () => {
    const [a, b, c] = [
      await createUser({ ducks: 7_771 }),
      await createUser({ ducks: 7_771 }),
      await createUser({ ducks: 7_771 }),
    ];
    // a and b reached 7771 at the same instant, c a second later: a and b share a rank, c comes third of them.
    const at = new Date(Date.now() - 60_000);
    await (
      await db()
    )
      .update(users)
      .set({ ducksAt: at })
      .where(inArray(users.id, [a.id, b.id]));
    await (
      await db()
    )
      .update(users)
      .set({ ducksAt: new Date(at.getTime() + 1000) })
      .where(eq(users.id, c.id));

    const mine = rowsOf((await exported('leaderboard')).csv, [a, b, c]);
    const shared = (await me(a)).rank;
    expect(mine.map((r) => [r.email, r.rank])).toEqual([
      [a.email, `${shared}=`],
      [b.email, `${shared}=`],
      [c.email, String(shared + 2)],
    ]);
    // The leaderboard lists the two by sign-up, the file in the same order.
    expect([(await me(b)).rank, (await me(c)).rank]).toEqual([shared + 1, shared + 2]);
  });

  it("writes when the total was reached in the campaign's time zone, with its offset", async () => {
    const user = await createUser({ ducks: 5 });
    const reached = new Date(Date.UTC(2025, 7, 31, 16, 30, 5, 123));
    await (await db()).update(users).set({ ducksAt: reached }).where(eq(users.id, user.id));
    const [row] = rowsOf((await exported('leaderboard')).csv, [user]);
    expect(row!.reached_at).toBe('2025-09-01T00:30:05.123+08:00');
  });

  it('quotes commas and quotes, and neutralises every cell a spreadsheet would run as a formula', async () => {
    const { database } = await getTestContext();
    const quoted = await createUser({ fullName: 'Lovelace, Ada "Duck"' });
    const formula = await createUser({ fullName: '=HYPERLINK("http://evil.example","win")', cabinOwner: true });
    const phone = await createUser({ fullName: '+6591234567' });
    await database.db.update(users).set({ phone: '-1+1', instagram: '@SUM(A1:A9)' }).where(eq(users.id, phone.id));
    await database.db.update(users).set({ instagram: '\t=1+1', phone: '\r=2+2' }).where(eq(users.id, quoted.id));
    const { csv } = await exported('leaderboard');
    const [a, b, c] = [quoted, formula, phone].map((u) => rowsOf(csv, [u])[0]);
    expect(a).toMatchObject({ name: 'Lovelace, Ada "Duck"', instagram: "'\t=1+1", phone: "'=2+2" });
    expect(b).toMatchObject({ name: `'=HYPERLINK("http://evil.example","win")`, cabin_owner: 'yes' });
    expect(c).toMatchObject({ name: "'+6591234567", phone: "'-1+1", instagram: "'@SUM(A1:A9)" });
    expect(csv).toContain('"Lovelace, Ada ""Duck"""');
    // No cell of the file starts with a character a spreadsheet runs, but a phone number in the international form.
    for (const cells of parseCsv(csv)) {
      for (const cell of cells) if (!/^\+\d{1,3}( \d+)+$/.test(cell)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('writes phone numbers and Instagram handles as a call list or a mail merge wants them (decision 073)', async () => {
    const { database } = await getTestContext();
    const [spaced, packed, local, odd] = [await createUser(), await createUser(), await createUser(), await createUser()];
    await database.db.update(users).set({ phone: '(+65) 8123-4567', instagram: '@Ada.L' }).where(eq(users.id, spaced.id));
    await database.db.update(users).set({ phone: '+6591234567', instagram: 'duck_fan' }).where(eq(users.id, packed.id));
    await database.db.update(users).set({ phone: '9123 4567', instagram: '@not a handle' }).where(eq(users.id, local.id));
    await database.db.update(users).set({ phone: '+65 1', instagram: '@' }).where(eq(users.id, odd.id));
    const mine = rowsOf((await exported('leaderboard')).csv, [spaced, packed, local, odd]);
    const byEmail = new Map(mine.map((r) => [r.email, [r.phone, r.instagram]]));
    expect([spaced, packed, local, odd].map((u) => byEmail.get(u.email))).toEqual([
      ['+65 8123 4567', 'Ada.L'],
      ['+65 9123 4567', 'duck_fan'],
      // Without its country code, or not a phone number or a handle: as typed, neutralised where it must be.
      ['9123 4567', "'@not a handle"],
      ['+65 1', "'@"],
    ]);
  });
});

describe('the claims export', () => {
  it('lists each claim with its voucher, reward, visitor, and who redeemed it when', async () => {
    const buyer = await createUser({ ducks: 30, fullName: 'Claire, the Buyer', cabinOwner: true });
    await (await db()).update(users).set({ phone: '+6591234567' }).where(eq(users.id, buyer.id));
    const cap = await addReward({ item: `Captain's Cap ${randomBytes(3).toString('hex')}`, price: 5, eligibility: 'owners' });
    const formulaItem = await addReward({ item: `@SUM(1+1) ${randomBytes(3).toString('hex')}`, price: 7 });
    const one = await claim(buyer, cap.item);
    const two = await claim(buyer, formulaItem.item);
    expect([one.status, two.status]).toEqual([201, 201]);
    const redeemed = await redeemVoucher(await db(), one.body.voucherCode as string, {
      actor: 'staff@crew.example.com',
      now: new Date(),
    });

    const { csv } = await exported('claims');
    expect(csv.split('\r\n')[0]).toBe(CLAIMS_COLUMNS.join(','));
    expect(rowsOf(csv, [buyer])).toEqual([
      {
        voucher_code: one.body.voucherCode,
        reward: cap.item,
        price: '5',
        visitor_name: 'Claire, the Buyer',
        visitor_email: buyer.email,
        visitor_phone: '+65 9123 4567',
        visitor_status: 'active',
        blocked_reason: '',
        // The demo campaign's sign-up question (campaigns/singapore-2025/campaign.yaml), in its words.
        eligibility: 'cabin owners only',
        signup_answer: 'Yes, I have a cabin',
        claimed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+08:00$/) as unknown,
        redeemed_by: 'staff@crew.example.com',
        redeemed_at: formatZoned(redeemed.redeemedAt!, TIME_ZONE),
        redeem_override: '',
      },
      expect.objectContaining({
        reward: `'${formulaItem.item}`,
        price: '7',
        voucher_code: two.body.voucherCode,
        eligibility: 'Everyone',
        redeemed_at: '',
      }),
    ]);
  });

  it("says which visitors are blocked and why, and why an admin handed a blocked visitor's voucher over", async () => {
    const buyer = await createUser({ ducks: 30 });
    const { status, body } = await claim(buyer, (await addReward({ price: 5 })).item);
    expect(status).toBe(201);
    await (
      await db()
    )
      .update(users)
      .set({ blockedAt: new Date(), blockedReason: 'Two accounts, one phone' })
      .where(eq(users.id, buyer.id));
    await redeemVoucher(await db(), body.voucherCode as string, {
      actor: 'admin@crew.example.com',
      now: new Date(),
      override: 'Prize already announced on stage',
    });

    const [row] = rowsOf((await exported('claims')).csv, [buyer]);
    expect(row).toMatchObject({
      visitor_status: 'blocked',
      blocked_reason: 'Two accounts, one phone',
      signup_answer: 'No, I need to win one',
      redeemed_by: 'admin@crew.example.com',
      redeem_override: 'Prize already announced on stage',
    });
  });
});

describe('the winners export (decision 074)', () => {
  it('lists every winner e-mail asked for: when, by whom, rank and ducks then, the deadline, its fate, and why early', async () => {
    const { app } = await getTestContext();
    const admin = await createOperator('admin');
    const visitor = await createUser({ ducks: 12, fullName: 'Wendy Winner' });
    const notify = await app.inject({
      method: 'POST',
      url: '/api/console/winners/notify',
      headers: { cookie: admin.cookie },
      payload: { userIds: [visitor.id], earlyReason: 'Prize draw on stage tonight' },
    });
    expect(notify.statusCode).toBe(200);

    const { csv } = await exported('winners');
    expect(csv.split('\r\n')[0]).toBe(WINNERS_COLUMNS.join(','));
    const rows = parseCsv(csv)
      .slice(1)
      .map((cells) => Object.fromEntries(WINNERS_COLUMNS.map((name, i) => [name, cells[i]])) as Record<string, string>)
      .filter((row) => row.email === visitor.email);
    const stamp = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+08:00$/) as unknown;
    expect(rows).toEqual([
      {
        notified_at: stamp,
        notified_by: admin.email,
        rank: expect.stringMatching(/^\d+=?$/) as unknown,
        ducks: '12',
        name: 'Wendy Winner',
        email: visitor.email,
        reply_by: expect.stringMatching(/T23:59:59\.000\+08:00$/) as unknown,
        sent_at: expect.any(String) as unknown,
        mail: expect.stringMatching(/^(sent|queued)$/) as unknown,
        resend: 'no',
        before_the_end: 'Prize draw on stage tonight',
      },
    ]);
  });
});

const FORM = 'application/x-www-form-urlencoded';

describe('POST /api/console/exports/*.csv', () => {
  it.each(['leaderboard', 'claims'] as const)(
    'downloads the %s as a CSV attachment and audits who, which export and how many rows',
    async (kind) => {
      const { app, database } = await getTestContext();
      const admin = await createOperator('admin');
      await createUser({ ducks: 3 });
      // As the console's form sends it: url-encoded and empty.
      const response = await app.inject({
        method: 'POST',
        url: `/api/console/exports/${kind}.csv`,
        headers: { cookie: admin.cookie, 'content-type': FORM },
        payload: '',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const disposition = String(response.headers['content-disposition']);
      expect(disposition).toMatch(new RegExp(`^attachment; filename="${kind}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
      const lines = parseCsv(response.body).length - 1;
      const [row] = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actor, admin.email), eq(auditLog.action, `export.${kind}`)))
        .orderBy(desc(auditLog.id));
      expect(row).toMatchObject({ subject: disposition.split('"')[1], after: { rows: lines } });
      if (kind === 'leaderboard') {
        const [count] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
        expect(lines).toBeGreaterThanOrEqual(1);
        expect(lines).toBeLessThanOrEqual(count!.n);
      }
    },
  );

  it('cannot be run by a link or an image, nor by a form of another site: nothing exported, nothing audited', async () => {
    const { app, database } = await getTestContext();
    const admin = await createOperator('admin');
    for (const url of ['/api/console/exports/leaderboard.csv', '/api/console/exports/claims.csv', '/api/console/audit.csv']) {
      const get = await app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
      expect([url, get.statusCode]).toEqual([url, 404]);
      const foreign = await app.inject({
        method: 'POST',
        url,
        headers: { cookie: admin.cookie, origin: 'https://tickets.quackquest.example', 'content-type': FORM },
        payload: '',
      });
      expect([url, foreign.statusCode]).toEqual([url, 403]);
    }
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.actor, admin.email));
    expect(rows).toEqual([]);
  });

  it('reads the file in pages: more rows than a page arrive whole, in order, once each', async () => {
    const { database } = await getTestContext();
    const tag = randomBytes(4).toString('hex');
    await database.db
      .insert(users)
      .values(Array.from({ length: 2_500 }, (_, i) => ({ email: `page-${tag}-${i}@example.com`, fullName: `Page ${i}` })));
    const file = await exportCsv(database.db, 'leaderboard', { actor: 'cli', now: new Date(), timeZone: TIME_ZONE });
    const chunks: string[] = [];
    for await (const chunk of file.chunks) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(3);
    const emails = parseCsv(chunks.join(''))
      .map((cells) => cells[LEADERBOARD_COLUMNS.indexOf('email')]!)
      .filter((email) => email.startsWith(`page-${tag}-`));
    expect(emails).toHaveLength(2_500);
    expect(new Set(emails).size).toBe(2_500);
  });

  it('a download stopped halfway was audited before its first byte, and leaves the database free', async () => {
    const { database } = await getTestContext();
    const actor = `stopped-${randomBytes(4).toString('hex')}@crew.example.com`;
    const file = await exportCsv(database.db, 'leaderboard', { actor, now: new Date(), timeZone: TIME_ZONE });
    for await (const chunk of file.chunks) {
      expect(chunk).toBe(`${LEADERBOARD_COLUMNS.join(',')}\r\n`);
      break;
    }
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.actor, actor));
    expect(audit).toMatchObject({ action: 'export.leaderboard', after: { rows: expect.any(Number) as unknown } });
    expect((await exported('claims')).csv.startsWith('voucher_code,')).toBe(true);
  });
});
