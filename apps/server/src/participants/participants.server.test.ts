// The helpdesk (docs/product.md §15, decision 020): an admin finds a visitor, adjusts their ducks, blocks and
// unblocks them, and erases their personal data. Each rule is checked as a person would notice it: what the
// visitor's own calls answer, what the leaderboard shows, what the audit trail keeps.
import { ERASE_CONFIRMATION, type Participant, type ParticipantSearch, consoleMessages, messages } from '@quackquest/contract';
import { randomBytes, randomInt } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, idTokenFor, requestLink, uniqueIp } from '../../test/auth';
import { type TestOperator, createOperator } from '../../test/console';
import {
  type TestUser,
  addCheckpoint,
  addReward,
  api,
  attempt,
  claimVoucher,
  createUser,
  getTestContext,
  me,
  spin,
} from '../../test/helpers';
import { auditLog, emailLinks, mailQueue, sessions, users } from '../db/schema';
import { addLedgerRow } from '../ledger/ledger';
import { verifyInvariants } from '../db/invariants';
import { SESSION_COOKIE, createSession } from '../session/session';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4AWP4f4bhPwAHZALL9TQrVQAAAABJRU5ErkJggg==',
  'base64',
);

async function consoleCall(operator: TestOperator, method: 'GET' | 'POST', url: string, body?: unknown) {
  const { app } = await getTestContext();
  const response = await app.inject({
    method,
    url,
    headers: { cookie: operator.cookie },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, body: response.json<Participant & { message?: string }>() };
}

const search = async (admin: TestOperator, q: string) => {
  const response = await consoleCall(admin, 'GET', `/api/console/participants?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return (response.body as unknown as ParticipantSearch).items;
};
const profile = (admin: TestOperator, user: { id: number }) => consoleCall(admin, 'GET', `/api/console/participants/${user.id}`);
const adjust = (admin: TestOperator, user: { id: number }, amount: unknown, reason: unknown) =>
  consoleCall(admin, 'POST', `/api/console/participants/${user.id}/ducks`, { amount, reason });
const block = (admin: TestOperator, user: { id: number }, reason = 'Shared answers with other visitors') =>
  consoleCall(admin, 'POST', `/api/console/participants/${user.id}/block`, { reason });
const unblock = (admin: TestOperator, user: { id: number }) =>
  consoleCall(admin, 'POST', `/api/console/participants/${user.id}/unblock`);
const erase = (admin: TestOperator, user: { id: number }, confirm: unknown = ERASE_CONFIRMATION) =>
  consoleCall(admin, 'POST', `/api/console/participants/${user.id}/erase`, { confirm });

async function lastAudit(subject: string) {
  const { database } = await getTestContext();
  const [row] = await database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subject, subject))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

/** A session for the visitor as another server instance might still remember it (decision 008). */
async function staleSession(user: TestUser): Promise<TestUser> {
  const { database } = await getTestContext();
  const cookie = `${SESSION_COOKIE}=${await createSession(database.db, user.id, Date.now())}`;
  return { ...user, cookie, headers: { cookie } };
}

describe('search', () => {
  it('finds a visitor by any part of the e-mail, a word of the name in any case, and by the voucher code', async () => {
    const admin = await createOperator('admin');
    const user = await createUser({ ducks: 10, fullName: 'Wilhelmina Quackenbush' });
    const { code } = await claimVoucher(user);
    const local = user.email.split('@')[0]!;
    expect((await search(admin, local.slice(3).toUpperCase())).map((p) => p.userId)).toContain(user.id);
    expect((await search(admin, 'quackENBUSH')).map((p) => p.userId)).toContain(user.id);
    expect((await search(admin, code.toLowerCase()))[0]).toMatchObject({ userId: user.id, name: 'Wilhelmina Quackenbush' });
    // Part of a voucher code finds it too, dashes or not (issue 32 part 6).
    expect((await search(admin, code.slice(3, 11).replace('-', ''))).map((p) => p.userId)).toContain(user.id);
    // LIKE's wildcards are plain characters.
    expect(await search(admin, '%_%_%_nobody')).toEqual([]);
  });

  it('finds a visitor by phone in any form, by Instagram handle, by a word of the name but not inside one (issue 32 part 6)', async () => {
    const admin = await createOperator('admin');
    const { database } = await getTestContext();
    // A number and a handle of this test's own.
    const digits = String(randomInt(10_000_000, 100_000_000));
    const handle = `duck_${randomBytes(3).toString('hex')}`;
    const word = `ong${randomBytes(3).toString('hex')}`;
    const ong = await createUser({ fullName: `O${word.slice(1)} Tan` });
    const wong = await createUser({ fullName: `W${word} Lee` });
    await database.db
      .update(users)
      .set({ phone: `+65 ${digits.slice(0, 4)} ${digits.slice(4)}`, instagram: `@${handle}` })
      .where(eq(users.id, ong.id));
    const found = async (q: string) => (await search(admin, q)).map((p) => p.userId);
    for (const phone of [
      digits,
      `${digits.slice(0, 4)} ${digits.slice(4)}`,
      `+65${digits}`,
      `(65) ${digits.slice(0, 4)}-${digits.slice(4)}`,
    ]) {
      expect(await found(phone), phone).toEqual([ong.id]);
    }
    expect(await found(digits.slice(0, 5))).not.toContain(ong.id);
    expect(await found(`@${handle.toUpperCase()}`)).toEqual([ong.id]);
    expect(await found(handle.slice(2))).toEqual([ong.id]);
    // "Ong" finds the Ongs, not the Wongs; a whole name finds its owner.
    expect(await found(word.toUpperCase())).toEqual([ong.id]);
    expect(await found(`w${word}`)).toEqual([wong.id]);
    expect(await found(`${word} tan`)).toEqual([ong.id]);
    // What tells namesakes apart comes with each row.
    expect((await search(admin, handle))[0]).toMatchObject({
      phone: `+65 ${digits.slice(0, 4)} ${digits.slice(4)}`,
      instagram: `@${handle}`,
    });
  });

  it('answers at most 50, an exact e-mail first', async () => {
    const admin = await createOperator('admin');
    const user = await createUser();
    const all = await search(admin, 'visitor-');
    expect(all.length).toBeLessThanOrEqual(50);
    expect((await search(admin, user.email.toUpperCase()))[0]?.userId).toBe(user.id);
  });

  it('is for admins only', async () => {
    for (const role of ['reviewer', 'staff'] as const) {
      const response = await consoleCall(await createOperator(role), 'GET', '/api/console/participants?q=a');
      expect(response).toMatchObject({ status: 403, body: { message: consoleMessages.roleRefused } });
    }
  });
});

describe('profile', () => {
  it('shows the visitor, their answers, ledger and claims with who redeemed them', async () => {
    const admin = await createOperator('admin');
    const user = await createUser({ ducks: 10, fullName: 'Pia Profile' });
    const checkpoint = await addCheckpoint({ type: 'Str' });
    expect((await attempt(user, checkpoint.slug, 'Quack')).status).toBe(200);
    const { code, item } = await claimVoucher(user);
    const staff = await createOperator('staff');
    const { app } = await getTestContext();
    await app.inject({ method: 'POST', url: `/api/console/vouchers/${code}/redeem`, headers: { cookie: staff.cookie } });

    const { status, body } = await profile(admin, user);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      userId: user.id,
      name: 'Pia Profile',
      email: user.email,
      ducks: 7,
      blocked: false,
      erasedAt: null,
    });
    expect(body.attempts[0]).toMatchObject({
      checkpointTitle: checkpoint.title,
      type: 'Str',
      answer: 'Quack',
      review: 'pending',
    });
    // The debit names the reward it bought (issue 32 part 6).
    expect(body.ledger.map((l) => [l.kind, l.amount, l.item])).toEqual([
      ['claim', -3, item],
      ['adjustment', 10, null],
    ]);
    expect(body.claims[0]).toMatchObject({ voucherCode: code, redeemedBy: staff.email });
  });

  it('is 404 with a message for an unknown visitor', async () => {
    const response = await profile(await createOperator('admin'), { id: 1_999_999_999 });
    expect(response).toMatchObject({ status: 404, body: { message: consoleMessages.participantNotFound } });
  });
});

describe('reading personal data (issue 29 part 4)', () => {
  it('is on the record: who searched and how many were shown (never the words), and whose profile was opened', async () => {
    const admin = await createOperator('admin');
    const user = await createUser({ fullName: 'Rita Recorded' });
    expect(await search(admin, 'Rita Recorded')).toHaveLength(1);
    expect((await profile(admin, user)).status).toBe(200);
    const { database } = await getTestContext();
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.actor, admin.email)).orderBy(auditLog.id);
    expect(rows.map((row) => [row.action, row.subject, row.after])).toEqual([
      ['participant.search', 'participants', { results: 1 }],
      ['participant.view', `user:${user.id}`, null],
    ]);
    expect(JSON.stringify(rows)).not.toContain('Rita');
  });
});

describe('adjusting ducks', () => {
  it('posts a ledger row, moves the balance and the rank, and audits the balance before and after', async () => {
    const admin = await createOperator('admin');
    const user = await createUser({ ducks: 5 });
    const rankBefore = (await me(user)).rank;
    const response = await adjust(admin, user, 7, 'Lost scan at the bar');
    expect(response).toMatchObject({ status: 200, body: { ducks: 12 } });
    expect(response.body.ledger[0]).toMatchObject({
      kind: 'adjustment',
      amount: 7,
      reason: 'Lost scan at the bar',
      posted: true,
    });
    expect(await me(user)).toMatchObject({ duckPoints: 12 });
    expect((await me(user)).rank).toBeLessThanOrEqual(rankBefore);
    expect(await lastAudit(`user:${user.id}`)).toMatchObject({
      actor: admin.email,
      action: 'participant.adjust_ducks',
      before: { ducks: 5 },
      after: { ducks: 12, amount: 7, reason: 'Lost scan at the bar' },
    });
  });

  it('never makes the balance negative', async () => {
    const admin = await createOperator('admin');
    const user = await createUser({ ducks: 4 });
    expect(await adjust(admin, user, -5, 'Correction')).toMatchObject({
      status: 409,
      body: { message: consoleMessages.adjustNegative({ ducks: 4 }) },
    });
    expect(await adjust(admin, user, -4, 'Correction')).toMatchObject({ status: 200, body: { ducks: 0 } });
    expect((await me(user)).duckPoints).toBe(0);
  });

  it.each([
    ['zero', 0, 'Because', consoleMessages.adjustAmount],
    ['a fraction', 1.5, 'Because', consoleMessages.adjustAmount],
    ['too many', 10_001, 'Because', consoleMessages.adjustAmount],
    ['text', '5', 'Because', consoleMessages.adjustAmount],
    ['no reason', 5, '   ', consoleMessages.reasonRequired],
    ['a missing reason', 5, undefined, consoleMessages.reasonRequired],
  ])('refuses %s with a sentence and changes nothing', async (_, amount, reason, message) => {
    const admin = await createOperator('admin');
    const user = await createUser({ ducks: 3 });
    expect(await adjust(admin, user, amount, reason)).toMatchObject({ status: 400, body: { message } });
    expect((await me(user)).duckPoints).toBe(3);
  });
});

describe('blocking', () => {
  /** More ducks than any other test gives: this visitor tops the board. */
  const TOP = 1_900_000_000;

  it('ends the sessions; sign-in, spin, claim and attempts answer 403; off the leaderboard; unblock restores', async () => {
    const admin = await createOperator('admin');
    const viewer = await createUser();
    const user = await createUser({ ducks: TOP });
    const scan = await addCheckpoint({ type: 'Scan', qrTexts: ['BLOCK-SCAN'] });
    const reward = await addReward({ price: 1 });
    const topBefore = (await api('GET', '/api/leaderboard', viewer)).body as { top: { DuckPoints: number }[] };
    expect(topBefore.top[0]?.DuckPoints).toBe(TOP);
    const before = await me(viewer);

    const blocked = await block(admin, user, 'Shared answers');
    expect(blocked).toMatchObject({ status: 200, body: { blocked: true, blockedReason: 'Shared answers' } });
    expect(await lastAudit(`user:${user.id}`)).toMatchObject({
      action: 'participant.block',
      before: { blocked: false },
      after: { blocked: true, reason: 'Shared answers', sessionsEnded: 1 },
    });
    // The session ended at once.
    expect((await api('GET', '/api/me', user)).status).toBe(401);
    // Off the leaderboard: the top list, the others' ranks and the total.
    const board = (await api('GET', '/api/leaderboard', viewer)).body as { top: { DuckPoints: number }[] };
    expect(board.top.map((t) => t.DuckPoints)).not.toContain(TOP);
    expect(await me(viewer)).toMatchObject({ rank: before.rank - 1, totalUsers: before.totalUsers - 1 });

    // A session another instance still remembers: refused under the visitor's lock.
    const stale = await staleSession(user);
    expect((await api('GET', '/api/me', stale)).status).toBe(401);
    expect(await spin(stale)).toMatchObject({ status: 403, body: { message: messages.accountBlocked } });
    const claim = await api('POST', '/api/claims', stale, { item: reward.item }, { 'idempotency-key': `blocked-${user.id}` });
    expect(claim).toMatchObject({ status: 403, body: { message: messages.accountBlocked } });
    expect(await attempt(stale, scan.slug, 'BLOCK-SCAN')).toMatchObject({
      status: 403,
      body: { message: messages.accountBlocked },
    });

    // Signing in again: the link or code, and the login with a proof earned before the block.
    const { app } = await getTestContext();
    const ip = uniqueIp();
    const { token } = await requestLink(app, user.email, ip);
    const verified = await call(app, 'POST', '/api/auth/email-link/verify', { body: { token }, ip });
    expect(verified).toMatchObject({ status: 403, body: { message: messages.accountBlocked } });
    const { code } = await requestLink(app, user.email, ip);
    const byCode = await call(app, 'POST', '/api/auth/email-link/verify', { body: { email: user.email, code }, ip });
    expect(byCode).toMatchObject({ status: 403, body: { message: messages.accountBlocked } });

    const restored = await unblock(admin, user);
    expect(restored).toMatchObject({ status: 200, body: { blocked: false, blockedReason: null } });
    expect(await me(viewer)).toMatchObject({ rank: before.rank, totalUsers: before.totalUsers });
    const idToken = await idTokenFor(app, user.email);
    const login = await call(app, 'POST', '/api/auth', { body: { action: 'login', idToken, email: user.email } });
    expect(login.status).toBe(200);
    expect(await spin(stale)).toMatchObject({ status: 403, body: { message: messages.spinWithoutCheckpoint } });
    // Give the ducks back so later test files see an ordinary board.
    const { database } = await getTestContext();
    await database.db.transaction((tx) =>
      addLedgerRow(tx, { userId: user.id, amount: -TOP, posted: true, kind: 'adjustment', reason: 'test', at: new Date() }),
    );
  });

  it('refuses the login of a proof earned before the block', async () => {
    const admin = await createOperator('admin');
    const user = await createUser();
    const { app } = await getTestContext();
    const idToken = await idTokenFor(app, user.email);
    expect((await block(admin, user)).status).toBe(200);
    const login = await call(app, 'POST', '/api/auth', { body: { action: 'login', idToken, email: user.email } });
    expect(login).toMatchObject({ status: 403, body: { message: messages.accountBlocked } });
    const { database } = await getTestContext();
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('a blocked visitor is blocked once; an unblocked one unblocked once', async () => {
    const admin = await createOperator('admin');
    const user = await createUser();
    expect(await unblock(admin, user)).toMatchObject({ status: 409, body: { message: consoleMessages.notBlocked } });
    expect((await block(admin, user)).status).toBe(200);
    expect(await block(admin, user)).toMatchObject({ status: 409, body: { message: consoleMessages.alreadyBlocked } });
    expect(await consoleCall(admin, 'POST', `/api/console/participants/${user.id}/block`, { reason: ' ' })).toMatchObject({
      status: 400,
      body: { message: consoleMessages.reasonRequired },
    });
  });
});

describe('erasure', () => {
  it('pseudonymises the visitor, deletes their photos and links, ends their sessions, keeps the game rows', async () => {
    const admin = await createOperator('admin');
    const user = await createUser({ ducks: 10, fullName: 'Erin Erasable' });
    const { database, app } = await getTestContext();
    await database.db.update(users).set({ phone: '+65 8000 0000', instagram: '@erin' }).where(eq(users.id, user.id));
    const text = await addCheckpoint({ type: 'Str' });
    expect((await attempt(user, text.slug, 'Secret')).status).toBe(200);
    const photo = await addCheckpoint({ type: 'Upload' });
    const query = new URLSearchParams({
      filetype: 'image/png',
      filename: 'me.png',
      checkpointId: photo.slug,
      filesize: String(PNG.length),
    });
    const { uploadUrl, key } = (await api('GET', `/api/uploads/url?${query.toString()}`, user)).body as Record<string, string>;
    expect((await api('PUT', uploadUrl!, undefined, PNG, { 'content-type': 'image/png' })).status).toBe(200);
    expect((await attempt(user, photo.slug, key)).status).toBe(200);
    const { code } = await claimVoucher(user);
    await requestLink(app, user.email, uniqueIp());
    const shown = await profile(admin, user);
    const photoUrl = shown.body.attempts.find((a) => a.type === 'Upload')?.photoUrl;
    expect(photoUrl).toBeTruthy();
    // A reviewer looked at it: its thumbnail is made and kept in the store (decision 054).
    expect(
      (await app.inject({ method: 'GET', url: `${photoUrl!}?size=thumb`, headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(200);
    expect(await app.ctx.storage.inspect(`${key!}.thumb.webp`)).toBeDefined();

    expect(await erase(admin, user, 'erase')).toMatchObject({ status: 400, body: { message: consoleMessages.eraseConfirm } });
    expect(await consoleCall(admin, 'POST', `/api/console/participants/${user.id}/erase`, {})).toMatchObject({
      status: 400,
      body: { message: consoleMessages.eraseConfirm },
    });
    const erased = await erase(admin, user);
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({
      name: 'Erased visitor',
      email: `erased-${user.id}@erased.invalid`,
      phone: '',
      instagram: '',
      blocked: true,
      ducks: 7,
      erasedAt: expect.any(Number) as unknown,
    });
    const texts = JSON.stringify(erased.body);
    // The whole phone number: a part of it ("8000") can be part of any Unix time in the answer (1795800024 was).
    for (const gone of ['Erin', user.email, '+65 8000 0000', '@erin', 'Secret']) expect(texts).not.toContain(gone);
    // Rows kept: the ledger and the claim, its voucher code replaced (a bearer token in the visitor's hands).
    expect(erased.body.ledger).toHaveLength(2);
    expect(erased.body.claims[0]?.voucherCode).toMatch(/^erased-\d+$/);
    expect(texts).not.toContain(code);
    // The photo is gone from the store and from the console.
    expect(erased.body.attempts.find((a) => a.type === 'Upload')?.photoUrl).toBeNull();
    expect(await app.inject({ method: 'GET', url: photoUrl!, headers: { cookie: admin.cookie } })).toMatchObject({
      statusCode: 404,
    });
    expect(await app.ctx.storage.read(key!)).toBeUndefined();
    expect(await app.ctx.storage.inspect(`${key!}.thumb.webp`)).toBeUndefined();
    // No session, no sign-in link, and the old address no longer finds anyone.
    expect((await api('GET', '/api/me', user)).status).toBe(401);
    expect(await database.db.select().from(emailLinks).where(eq(emailLinks.email, user.email))).toEqual([]);
    // The sign-in e-mail asked for above keeps neither the address nor its body, and is not sent if it was waiting.
    expect(await database.db.select().from(mailQueue).where(eq(mailQueue.recipient, user.email))).toEqual([]);
    const mails = await database.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.recipient, `erased-${user.id}@erased.invalid`));
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(mail).toMatchObject({ text: '', html: '' });
    expect(mails.some((mail) => mail.state === 'queued')).toBe(false);
    expect(await search(admin, user.email)).toEqual([]);
    // Audited without the personal data.
    const audit = await lastAudit(`user:${user.id}`);
    expect(audit).toMatchObject({ action: 'participant.erase', after: { erased: true, photosDeleted: 1, sessionsEnded: 1 } });
    expect(JSON.stringify(audit)).not.toContain(user.email);
    // Irreversible: nothing more changes.
    for (const again of [await erase(admin, user), await unblock(admin, user), await adjust(admin, user, 1, 'Correction')]) {
      expect(again).toMatchObject({ status: 409, body: { message: consoleMessages.participantErased } });
    }
    // Balances and stock still add up.
    expect(await verifyInvariants(database.db)).toMatchObject({ ok: true });
  });
});
