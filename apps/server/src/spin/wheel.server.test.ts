// The verifiable wheel (decision 082, issue 34 part 2): each day's seed committed before the day and shown once it is
// over; every spin's ducks are what the published procedure (packages/contract/src/wheel.ts) gives for the day's seed,
// the visitor's seed and the spin's number; the visitor's own seed counts from their next spin; `ops wheel:verify` finds a
// spin whose ducks or seed were changed in the database (on a database of its own).
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { seedMatches, sha256Hex, spinDucks, wheelOdds } from '@quackquest/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY, addCheckpoint, api, attempt, createUser, getTestContext, repoRoot } from '../../test/helpers';
import { privateDatabases } from '../../test/private-databases';
import { applyPack } from '../campaign/load';
import { readPack } from '../campaign/pack';
import { queryRows } from '../db/client';
import { users } from '../db/schema';
import { commitWheelDays, wheelDayOf, wheelDays } from './wheel-days';
import { verifyWheelDay } from './wheel-verify';

const databases = privateDatabases();

async function earnSpins(user: Awaited<ReturnType<typeof createUser>>, count: number) {
  for (let i = 0; i < count; i++) {
    const checkpoint = await addCheckpoint({ type: 'Scan' });
    expect((await attempt(user, checkpoint.slug, 'QQ-TEST-RIGHT')).body).toMatchObject({ spinEarned: true });
  }
}

describe('the verifiable wheel', () => {
  it("every spin is what the day's seed, the visitor's seed and its number give; the seed is shown once the day is over", async () => {
    const { app } = await getTestContext();
    const user = await createUser();
    await earnSpins(user, 8);
    const won: number[] = [];
    for (let i = 0; i < 8; i++) {
      const spun = await api('POST', '/api/spin', user, {});
      expect(spun.status).toBe(200);
      won.push(spun.body.duckPointsAwarded as number);
    }

    const campaign = await app.ctx.campaign.get();
    const today = wheelDayOf(campaign, Date.now());
    const published = await api('GET', '/api/wheel/days');
    expect(published.status).toBe(200);
    const todays = (published.body.days as { day: string; commitment: string; seed: string | null; odds: number[] }[]).find(
      (d) => d.day === today,
    )!;
    // Committed, with the pack's odds, and the seed kept until the day is over.
    expect(todays.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(todays.odds).toEqual(wheelOdds(campaign.wheelWeights));
    expect(todays.seed).toBeNull();

    const mine = await api('GET', '/api/wheel/spins', user);
    expect(mine.status).toBe(200);
    const spins = mine.body.spins as { number: number; day: string; visitorSeed: string; ducks: number }[];
    expect(spins.map((s) => s.ducks)).toEqual(won);
    expect(spins.every((s) => s.day === today && s.visitorSeed === mine.body.visitorSeed)).toBe(true);

    // A day later the seed is shown; it is the one committed to, and it gives every spin's ducks.
    const tomorrow = { ...app.ctx, now: () => Date.now() + DAY * 1000 };
    const revealed = (await wheelDays(tomorrow, campaign)).find((d) => d.day === today)!;
    expect(revealed.commitment).toBe(todays.commitment);
    expect(revealed.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(await seedMatches(revealed.seed!, todays.commitment)).toBe(true);
    for (const spin of spins)
      expect(await spinDucks(revealed.seed!, spin.visitorSeed, spin.number, todays.odds)).toBe(spin.ducks);
  });

  it("the visitor's own seed counts from their next spin; the spins before keep theirs; a seed with other characters changes nothing", async () => {
    const user = await createUser();
    await earnSpins(user, 2);
    const before = (await api('GET', '/api/wheel/spins', user)).body.visitorSeed as string;
    expect(before).toMatch(/^[0-9a-f]{16}$/);
    expect((await api('POST', '/api/spin', user, {})).status).toBe(200);

    const refused = await api('PUT', '/api/wheel/seed', user, { seed: 'mine:yours' });
    expect(refused.status).toBe(400);
    expect((await api('GET', '/api/wheel/spins', user)).body.visitorSeed).toBe(before);

    expect(await api('PUT', '/api/wheel/seed', user, { seed: 'Lucky-Duck_7' })).toMatchObject({
      status: 200,
      body: { visitorSeed: 'Lucky-Duck_7' },
    });
    expect((await api('POST', '/api/spin', user, {})).status).toBe(200);
    const after = await api('GET', '/api/wheel/spins', user);
    expect(after.body.visitorSeed).toBe('Lucky-Duck_7');
    expect((after.body.spins as { visitorSeed: string }[]).map((s) => s.visitorSeed)).toEqual([before, 'Lucky-Duck_7']);
  });

  it('the seed and the spins are for the visitor signed in; the commitments are public', async () => {
    expect((await api('GET', '/api/wheel/spins')).status).toBe(401);
    expect((await api('PUT', '/api/wheel/seed', undefined, { seed: 'abc' })).status).toBe(401);
    expect((await api('GET', '/api/wheel/days')).status).toBe(200);
  });

  it("a reloaded pack changes the odds of the days to come, never today's", async () => {
    const { app } = await getTestContext();
    const campaign = await app.ctx.campaign.get();
    const today = wheelDayOf(campaign, Date.now());
    // A context of its own: this process's record of what it wrote is per database and per context's clock.
    const changed = { ...campaign, wheelWeights: { '1': 1, '5': 99 } };
    const later = { ...app.ctx, now: () => Date.now() + 1 };
    try {
      await commitWheelDays(later, changed);
      const days = await wheelDays(later, changed);
      expect(days.find((d) => d.day === today)!.odds).toEqual(wheelOdds(campaign.wheelWeights));
      for (const day of days.filter((d) => d.day > today)) expect(day.odds).toEqual([1000, 0, 0, 0, 99000]);
    } finally {
      await commitWheelDays(later, campaign);
    }
  });

  it('the SQL that spins and the published procedure agree on 2,000 random spins', async () => {
    const { database } = await getTestContext();
    const odds = [35000, 25000, 20000, 12500, 7500];
    const cases = Array.from({ length: 2000 }, (_, i) => ({
      i,
      day: randomBytes(32).toString('hex'),
      visitor: randomBytes(1 + (i % 20)).toString('base64url'),
      number: 1 + Math.floor(Math.random() * 2 ** 40),
    }));
    const rows = await queryRows<{ ducks: number }>(
      database.db,
      sql`select qq_wheel_ducks(c.day, c.visitor, c.number, ${JSON.stringify(odds)}::jsonb) as ducks
          from jsonb_to_recordset(${JSON.stringify(cases)}::jsonb) as c(i int, day text, visitor text, number bigint)
          order by c.i`,
    );
    const expected = await Promise.all(cases.map((c) => spinDucks(c.day, c.visitor, c.number, odds)));
    expect(rows.map((r) => Number(r.ducks))).toEqual(expected);
    // Every number of ducks came up: the roll reaches the whole wheel.
    expect(new Set(expected)).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  describe('on a database of its own', () => {
    const own = databases.before(async () => {
      const database = await databases.fresh();
      await applyPack(database.db, readPack(path.join(repoRoot, 'campaigns/demo')));
      return database;
    });

    it('`ops wheel:verify` finds a spin whose ducks were changed, and a seed that is not the one committed to', async () => {
      const database = own();
      const { db } = database;
      const day = '2026-11-20';
      const seed = randomBytes(32).toString('hex');
      const odds = [35000, 25000, 20000, 12500, 7500];
      await db.execute(
        sql`insert into wheel_days (day, seed, commitment, odds) values (${day}, ${seed}, ${await sha256Hex(seed)}, ${JSON.stringify(odds)}::jsonb)`,
      );
      const [visitor] = await db
        .insert(users)
        .values({ email: 'wheel@example.com', fullName: 'Wheel' })
        .returning({ id: users.id });
      const [checkpoint] = await queryRows<{ id: number }>(db, sql`select id from checkpoints limit 1`);
      for (let i = 0; i < 6; i++) {
        await db.execute(sql`with a as (
          insert into attempts (user_id, checkpoint_id, answer, outcome, counted)
          values (${visitor!.id}, ${checkpoint!.id}, 'x', 'valid', true) returning id)
        insert into spins (user_id, attempt_id, needs_review) select ${visitor!.id}, id, false from a`);
        const [spun] = await queryRows<{ spin_outcome: string }>(
          db,
          sql`select * from qq_spin(p_user => ${visitor!.id}, p_at => ${`${day}T12:00:00Z`}::timestamptz, p_day => ${day}::date)`,
        );
        expect(spun!.spin_outcome).toBe('spent');
      }
      expect(await verifyWheelDay(db, day)).toMatchObject({ committed: true, seedMatches: true, spins: 6, mismatches: [] });
      expect(await verifyWheelDay(db, '2026-11-21')).toMatchObject({ committed: false, spins: 0 });

      // One spin given another number of ducks, its ledger row and the balance with it: only the wheel can tell.
      const [target] = await queryRows<{ id: number; ducks: number }>(
        db,
        sql`select id::int, ducks from spins where wheel_day = ${day} order by id limit 1 offset 2`,
      );
      const other = target!.ducks === 5 ? 4 : target!.ducks + 1;
      await db.execute(sql`update spins set ducks = ${other} where id = ${target!.id}`);
      await db.execute(sql`update ledger set amount = ${other} where spin_id = ${target!.id}`);
      const check = await verifyWheelDay(db, day);
      expect(check.mismatches).toEqual([{ number: target!.id, recorded: other, ledger: other, expected: target!.ducks }]);

      // A seed swapped after the day: it no longer matches what was published.
      await db.execute(sql`update wheel_days set seed = ${randomBytes(32).toString('hex')} where day = ${day}`);
      expect((await verifyWheelDay(db, day)).seedMatches).toBe(false);
    });
  });
});
