// Rotating venue codes (issue 34 part 1, decision 083): a kiosk started from the console shows codes the server
// accepts in their window and the one after, and refuses, in words and counted as an invalid scan, once older; an
// answer kept offline is judged at the age the phone gives it; a revoked kiosk's codes stop working.
import { randomUUID } from 'node:crypto';
import { KIOSK_QUEUED_MAX_SEC } from '@quackquest/contract';
import { kioskCodeText } from '@quackquest/contract/kiosk';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildTestApp } from '../../test/auth';
import { type TestOperator, createOperator } from '../../test/console';
import { type TestUser, addCheckpoint, createUser, getTestContext } from '../../test/helpers';
import { attempts, auditLog, type checkpoints } from '../db/schema';

const PERIOD = 30;
/** The middle of a window: the app's clock, which the test moves by whole windows. */
let clock = (Math.floor(Date.now() / (PERIOD * 1000)) + 0.5) * PERIOD * 1000;
let app: App;
let checkpoint: typeof checkpoints.$inferSelect;
let staff: TestOperator;

beforeAll(async () => {
  app = await buildTestApp({}, { now: () => clock });
  checkpoint = await addCheckpoint({ type: 'Scan', qrTexts: null, codePeriod: PERIOD });
  staff = await createOperator('staff');
});

afterAll(async () => {
  await app.close();
});

async function request(method: 'GET' | 'POST', url: string, cookie?: string, body?: object, headers: object = {}) {
  const response = await app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(body ? { payload: body } : {}),
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

async function startKiosk(name = 'Pool deck tablet') {
  const started = await request('POST', '/api/console/kiosks', staff.cookie, { checkpoint: checkpoint.slug, name });
  expect(started.status).toBe(201);
  return started.body as { id: number; key: string; period: number; checkpointTitle: string };
}

const scan = (user: TestUser, answer: string, more: object = {}, headers: object = {}) =>
  request('POST', `/api/checkpoints/${checkpoint.slug}/attempts`, user.cookie, { answer, ...more }, headers);

async function attemptsOf(user: TestUser) {
  const { database } = await getTestContext();
  return database.db
    .select({ outcome: attempts.outcome, counted: attempts.counted })
    .from(attempts)
    .where(and(eq(attempts.userId, user.id), eq(attempts.checkpointId, checkpoint.id)));
}

describe('a kiosk of a rotating checkpoint', () => {
  it('is started by staff with its key, once, and on the audit trail', async () => {
    const kiosk = await startKiosk();
    expect(kiosk).toMatchObject({ period: PERIOD, checkpointTitle: checkpoint.title });
    expect(kiosk.key).toMatch(/^[A-Z2-7]{32}$/);
    const { database } = await getTestContext();
    const [row] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `kiosk:${kiosk.id}`));
    expect(row).toMatchObject({ actor: staff.email, action: 'kiosk.start' });
    expect(JSON.stringify(row)).not.toContain(kiosk.key);
    const list = await request('GET', '/api/console/kiosks', staff.cookie);
    const entry = (list.body.checkpoints as { id: string; kiosks: { id: number }[] }[]).find((c) => c.id === checkpoint.slug);
    expect(entry?.kiosks.map((k) => k.id)).toContain(kiosk.id);
    expect(JSON.stringify(list.body)).not.toContain(kiosk.key);
  });

  it('is refused to a reviewer, for a checkpoint without a rotating code, and without a name', async () => {
    const reviewer = await createOperator('reviewer');
    expect(
      (await request('POST', '/api/console/kiosks', reviewer.cookie, { checkpoint: checkpoint.slug, name: 'x' })).status,
    ).toBe(403);
    const printed = await addCheckpoint({ type: 'Scan' });
    const refused = await request('POST', '/api/console/kiosks', staff.cookie, { checkpoint: printed.slug, name: 'Tablet' });
    expect(refused).toMatchObject({ status: 404 });
    expect(refused.body.message).toContain('rotatingCode');
    const unnamed = await request('POST', '/api/console/kiosks', staff.cookie, { checkpoint: checkpoint.slug, name: '  ' });
    expect(unnamed.status).toBe(400);
    expect(JSON.stringify(unnamed.body)).toContain('Give the kiosk a name');
  });

  it('accepts the code of this window and of the one before, refuses one two windows old as changed', async () => {
    const kiosk = await startKiosk();
    const code = (windowsAgo: number) => kioskCodeText(kiosk.id, kiosk.key, PERIOD, clock - windowsAgo * PERIOD * 1000);
    const [now, before, older] = [await createUser(), await createUser(), await createUser()];
    expect(await scan(now, code(0))).toMatchObject({ status: 200, body: { outcome: 'valid', spinEarned: true } });
    expect(await scan(before, code(1))).toMatchObject({ status: 200, body: { outcome: 'valid' } });
    const refused = await scan(older, code(2));
    expect(refused).toMatchObject({ status: 200, body: { outcome: 'invalid', codeChanged: true } });
    // Kept as the invalid scan it is, so the limits on wrong codes count it.
    expect(await attemptsOf(older)).toEqual([{ outcome: 'invalid', counted: false }]);
    // A wrong code of no kiosk is invalid as any wrong scan is.
    const wrong = await scan(older, 'QQ-SOMETHING-ELSE');
    expect(wrong).toMatchObject({ status: 200, body: { outcome: 'invalid' } });
    expect(wrong.body.codeChanged).toBeUndefined();
  });

  it('says the code changed again when the phone sends the same answer again', async () => {
    const kiosk = await startKiosk();
    const old = kioskCodeText(kiosk.id, kiosk.key, PERIOD, clock - 2 * PERIOD * 1000);
    const visitor = await createUser();
    // The reply lost on the ship's Wi-Fi: the phone sends the answer again with the same Idempotency-Key.
    const key = { 'idempotency-key': randomUUID() };
    const changed = { status: 200, body: { outcome: 'invalid', codeChanged: true } };
    expect(await scan(visitor, old, {}, key)).toMatchObject(changed);
    expect(await scan(visitor, old, {}, key)).toMatchObject(changed);
    // A double tap without a key within 5 s: the first answer's result, told the same way.
    const other = await createUser();
    expect(await scan(other, old)).toMatchObject(changed);
    expect(await scan(other, old)).toMatchObject(changed);
    expect(await attemptsOf(visitor)).toHaveLength(1);
    expect(await attemptsOf(other)).toHaveLength(1);
  });

  it('accepts the code typed by hand from under the QR', async () => {
    const kiosk = await startKiosk();
    const text = kioskCodeText(kiosk.id, kiosk.key, PERIOD, clock);
    const typed = text.toLowerCase().replaceAll('.', ' ');
    expect(await scan(await createUser(), typed, { typed: true })).toMatchObject({ status: 200, body: { outcome: 'valid' } });
  });

  it('judges an answer kept offline at the age the phone gives it, up to a bound', async () => {
    const kiosk = await startKiosk();
    // Scanned four windows ago by a phone whose clock is an hour fast: the age, not its clock, decides.
    const scannedAgo = 4 * PERIOD * 1000;
    const phoneNow = clock + 3_600_000;
    const text = kioskCodeText(kiosk.id, kiosk.key, PERIOD, clock - scannedAgo);
    const queued = { answeredAt: phoneNow - scannedAgo, sentAt: phoneNow };
    expect(await scan(await createUser(), text, queued)).toMatchObject({ status: 200, body: { outcome: 'valid' } });
    // Without the time it was sent, the same answer is judged now.
    expect(await scan(await createUser(), text, { answeredAt: queued.answeredAt })).toMatchObject({
      status: 200,
      body: { codeChanged: true },
    });
    // Kept longer than the bound: judged when it arrives.
    const long = (KIOSK_QUEUED_MAX_SEC + PERIOD) * 1000;
    const stale = kioskCodeText(kiosk.id, kiosk.key, PERIOD, clock - long);
    const late = await scan(await createUser(), stale, { answeredAt: phoneNow - long, sentAt: phoneNow });
    expect(late).toMatchObject({ status: 200, body: { outcome: 'invalid', codeChanged: true } });
  });

  it('stops working once revoked; the kiosk learns it and the time', async () => {
    const kiosk = await startKiosk();
    expect(await request('GET', `/api/kiosks/${kiosk.id}`)).toEqual({ status: 200, body: { state: 'on', serverTime: clock } });
    const revoked = await request('POST', `/api/console/kiosks/${kiosk.id}/revoke`, staff.cookie);
    expect(revoked).toMatchObject({ status: 200, body: { revoked: true } });
    expect((await request('GET', `/api/kiosks/${kiosk.id}`)).body).toMatchObject({ state: 'revoked' });
    const text = kioskCodeText(kiosk.id, kiosk.key, PERIOD, clock);
    expect(await scan(await createUser(), text)).toMatchObject({ status: 200, body: { outcome: 'invalid', codeChanged: true } });
    // Revoking again changes nothing and writes no second audit row.
    expect((await request('POST', `/api/console/kiosks/${kiosk.id}/revoke`, staff.cookie)).status).toBe(200);
    const { database } = await getTestContext();
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `kiosk:${kiosk.id}`));
    expect(rows.map((r) => r.action).sort()).toEqual(['kiosk.revoke', 'kiosk.start']);
    expect((await request('GET', '/api/kiosks/999999999')).status).toBe(404);
  });

  it('is marked seen when its tablet asks with the code it shows, not when anyone else asks', async () => {
    const kiosk = await startKiosk();
    const code = (at: number) => kioskCodeText(kiosk.id, kiosk.key, PERIOD, at);
    const ask = (query = '') => request('GET', `/api/kiosks/${kiosk.id}${query}`);
    const lastSeen = async () => {
      const list = await request('GET', '/api/console/kiosks', staff.cookie);
      const entry = (list.body.checkpoints as { id: string; kiosks: { id: number; lastSeenAt: string | null }[] }[]).find(
        (c) => c.id === checkpoint.slug,
      );
      return entry?.kiosks.find((k) => k.id === kiosk.id)?.lastSeenAt;
    };
    expect(await lastSeen()).toBeNull();
    // Anyone may ask whether it is on; without the key's code that marks nothing.
    expect(await ask()).toMatchObject({ status: 200, body: { state: 'on' } });
    expect(await ask(`?code=QQK1.${kiosk.id}.12345678`)).toMatchObject({ status: 200, body: { state: 'on' } });
    expect(await ask(`?code=${code(clock - 2 * PERIOD * 1000)}`)).toMatchObject({ status: 200 });
    expect(await lastSeen()).toBeNull();
    const seenAt = clock;
    expect(await ask(`?code=${code(clock)}`)).toMatchObject({ status: 200, body: { state: 'on' } });
    expect(await lastSeen()).toBe(new Date(seenAt).toISOString());
    // Asked every 30 s, it writes once a minute or so: the next ask changes nothing, the one after does.
    clock += PERIOD * 1000;
    await ask(`?code=${code(clock)}`);
    expect(await lastSeen()).toBe(new Date(seenAt).toISOString());
    clock += PERIOD * 1000;
    await ask(`?code=${code(clock - PERIOD * 1000)}`);
    expect(await lastSeen()).toBe(new Date(clock).toISOString());
    // Turned off, it is told so and no longer marked seen.
    const before = await lastSeen();
    await request('POST', `/api/console/kiosks/${kiosk.id}/revoke`, staff.cookie);
    clock += 2 * PERIOD * 1000;
    expect(await ask(`?code=${code(clock)}`)).toMatchObject({ status: 200, body: { state: 'revoked' } });
    expect(await lastSeen()).toBe(before);
    expect((await ask(`?code=${'9'.repeat(41)}`)).status).toBe(400);
  });

  it('moves on with the clock: a code accepted now is refused two windows later', async () => {
    const kiosk = await startKiosk();
    const text = kioskCodeText(kiosk.id, kiosk.key, PERIOD, clock);
    expect(await scan(await createUser(), text)).toMatchObject({ body: { outcome: 'valid' } });
    clock += PERIOD * 1000;
    expect(await scan(await createUser(), text)).toMatchObject({ body: { outcome: 'valid' } });
    clock += PERIOD * 1000;
    expect(await scan(await createUser(), text)).toMatchObject({ status: 200, body: { outcome: 'invalid', codeChanged: true } });
  });
});
