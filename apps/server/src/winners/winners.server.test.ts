// Notifying winners (decision 022): the e-mail goes out over a real SMTP server with the terms' reply deadline
// in the campaign's time zone, is recorded per visitor, audited, and not sent twice unless asked.
import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Winner } from '@quackquest/contract';
import { type App, buildTestApp, call } from '../../test/auth';
import { type TestOperator, createOperator } from '../../test/console';
import { type TestUser, addCheckpoint, attempt, claimVoucher, createUser, getTestContext, spin } from '../../test/helpers';
import { type TestSmtp, startSmtp } from '../../test/smtp';
import { attempts, auditLog, mailQueue, users, winnerNotices } from '../db/schema';
import { vettingOf } from './vetting';
import { campaignEnded, formatDeadline, notifyWinners, replyDeadline } from './winners';

/** Waits for a condition the worker brings about; generous, for a loaded machine. */
const until = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 20_000, interval: 50 });

let smtp: TestSmtp;
let app: App;

beforeAll(async () => {
  smtp = await startSmtp();
  app = await buildTestApp({ SMTP_URL: smtp.url });
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** The demo campaign runs for days yet: notifying now takes a reason (issue 32 part 3). */
const EARLY = 'Prize draw on stage tonight';

/** Far above any other test's visitor: the top of the leaderboard. */
let topDucks = 1_000_000_000;

async function noticesOf(user: TestUser) {
  const { database } = await getTestContext();
  return database.db.select().from(winnerNotices).where(eq(winnerNotices.userId, user.id)).orderBy(winnerNotices.id);
}

const mailsTo = (user: TestUser) => smtp.received.filter((m) => m.to.includes(user.email));

describe('the reply deadline', () => {
  it("is the end of the day winnerReplyDays after the day of notice, in the campaign's time zone", () => {
    // 20:00 UTC on 14 September is already 15 September in Singapore: 14 days later is 29 September.
    const deadline = replyDeadline(new Date('2025-09-14T20:00:00Z'), 14, 'Asia/Singapore');
    expect(deadline.toISOString()).toBe('2025-09-29T15:59:59.000Z');
    expect(formatDeadline(deadline, 'Asia/Singapore')).toBe('Monday 29 September 2025, 23:59 (Asia/Singapore time)');
  });
});

describe('POST /api/console/winners/notify', () => {
  it('e-mails the top visitor with the deadline, records and audits it, and does not e-mail them twice', async () => {
    const admin = await createOperator('admin');
    const winner = await createUser({ ducks: ++topDucks, fullName: 'Wanda Winner' });

    const preview = await call(app, 'GET', '/api/console/winners?top=1', { cookie: admin.cookie });
    expect(preview.body.winners).toEqual([
      {
        userId: winner.id,
        rank: '1',
        name: 'Wanda Winner',
        email: winner.email,
        ducks: topDucks,
        notifiedAt: null,
        notifiedBy: null,
        deadline: null,
        queued: false,
        // createUser's funds are an adjustment by hand.
        flags: { adjusted: topDucks, adjustments: 1, everBlocked: false, samePhone: 0 },
        vetting: expect.objectContaining({
          earned: { spins: 0, approvals: 0, reversed: 0, adjusted: topDucks, spent: 0 },
        }) as unknown,
      },
    ]);

    const sent = await call(app, 'POST', '/api/console/winners/notify', {
      cookie: admin.cookie,
      body: { earlyReason: EARLY, top: 1 },
    });
    expect(sent.status).toBe(200);
    const deadline = formatDeadline(replyDeadline(new Date(), 14, 'Asia/Singapore'), 'Asia/Singapore');
    expect(sent.body.results).toEqual([
      expect.objectContaining({
        userId: winner.id,
        rank: '1',
        outcome: 'notified',
        message: null,
        deadline,
        notifiedBy: admin.email,
      }),
    ]);

    const mail = await smtp.waitFor(winner.email);
    expect(mail.parsed.subject).toBe(`You are a QuackQuest Demo winner: please reply by ${deadline}`);
    expect(mail.parsed.text).toContain('Hello Wanda Winner,');
    expect(mail.parsed.text).toContain(`rank 1 with ${topDucks} ducks`);
    expect(mail.parsed.text).toContain(`reply to this e-mail by ${deadline}`);
    expect(mail.parsed.text).toContain('passport number');
    expect(mail.parsed.replyTo?.text).toBe('ops@example.com');

    // Queued until the worker has handed it to the SMTP server; then the notice says when.
    await until(async () => expect((await noticesOf(winner))[0]?.notifiedAt).toBeInstanceOf(Date));
    const [notice] = await noticesOf(winner);
    expect(notice).toMatchObject({
      notifiedBy: admin.email,
      rank: 1,
      ducks: topDucks,
      mailId: mail.parsed.messageId?.slice(1, -1),
    });
    expect(notice!.notifiedAt).toBeInstanceOf(Date);
    expect(notice!.deadline.toISOString()).toBe(replyDeadline(new Date(), 14, 'Asia/Singapore').toISOString());
    const { database } = await getTestContext();
    // The queue kept the body sealed while it waited and holds nothing of it once sent (issue 29 part 3).
    await until(async () => {
      const [row] = await database.db.select().from(mailQueue).where(eq(mailQueue.messageId, notice!.mailId));
      expect(row).toMatchObject({ sealed: true, state: 'sent', text: '', html: '' });
    });
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor, admin.email), eq(auditLog.action, 'winners.notify')));
    expect(audit).toMatchObject({
      subject: `user:${winner.id}`,
      after: { rank: '1', ducks: topDucks, mailId: notice!.mailId, resend: false, beforeTheEnd: EARLY },
    });

    // Again: skipped, and no second e-mail.
    const again = await call(app, 'POST', '/api/console/winners/notify', {
      cookie: admin.cookie,
      body: { earlyReason: EARLY, top: 1 },
    });
    expect(again.body.results).toEqual([
      expect.objectContaining({
        userId: winner.id,
        outcome: 'skipped',
        message: 'Already notified: choose "Send again" to e-mail again.',
      }),
    ]);
    expect(await noticesOf(winner)).toHaveLength(1);
    expect(mailsTo(winner)).toHaveLength(1);
    const marked = await call(app, 'GET', '/api/console/winners?top=1', { cookie: admin.cookie });
    expect(marked.body.winners).toEqual([expect.objectContaining({ userId: winner.id, notifiedBy: admin.email, deadline })]);

    // Asked to send again: a second e-mail and a second notice.
    const resent = await call(app, 'POST', '/api/console/winners/notify', {
      cookie: admin.cookie,
      body: { earlyReason: EARLY, userIds: [winner.id], resend: true },
    });
    expect(resent.body.results).toEqual([expect.objectContaining({ userId: winner.id, outcome: 'notified' })]);
    await smtp.waitFor(winner.email, { after: smtp.received.indexOf(mail) + 1 });
    expect(mailsTo(winner)).toHaveLength(2);
    expect(await noticesOf(winner)).toHaveLength(2);
  });

  it('e-mails chosen visitors, in leaderboard order, each once', async () => {
    const admin = await createOperator('admin');
    const [low, high] = [await createUser({ ducks: 3, fullName: 'Low' }), await createUser({ ducks: 4, fullName: 'High' })];
    const sent = await call(app, 'POST', '/api/console/winners/notify', {
      cookie: admin.cookie,
      body: { earlyReason: EARLY, userIds: [low.id, high.id, low.id] },
    });
    expect((sent.body.results as { userId: number; outcome: string }[]).map((r) => [r.userId, r.outcome])).toEqual([
      [high.id, 'notified'],
      [low.id, 'notified'],
    ]);
    await smtp.waitFor(low.email);
    await smtp.waitFor(high.email);
    expect([mailsTo(low).length, mailsTo(high).length]).toEqual([1, 1]);
  });

  it('writes to each winner in the language of their last sign-in, English without one (decision 037)', async () => {
    const admin = await createOperator('admin');
    const [malay, english] = [
      await createUser({ ducks: 5, fullName: 'Aminah' }),
      await createUser({ ducks: 5, fullName: 'Ben' }),
    ];
    const { database } = await getTestContext();
    await database.db.update(users).set({ language: 'ms' }).where(eq(users.id, malay.id));
    await call(app, 'POST', '/api/console/winners/notify', {
      cookie: admin.cookie,
      body: { earlyReason: EARLY, userIds: [malay.id, english.id] },
    });
    const [inMalay, inEnglish] = [await smtp.waitFor(malay.email), await smtp.waitFor(english.email)];
    expect(inMalay.parsed.subject).toMatch(/^Anda pemenang QuackQuest Demo: sila balas sebelum /);
    expect(inMalay.parsed.text).toMatch(
      /^Salam Aminah,\n\nTahniah! Anda menamatkan QuackQuest Demo di kedudukan \d+=? ?(\(seri\))? dengan 5 itik/,
    );
    expect(inEnglish.parsed.subject).toMatch(/^You are a QuackQuest Demo winner: please reply by /);
    expect(inEnglish.parsed.text).toMatch(/^Hello Ben,\n\nCongratulations!/);
  });

  it('queues the e-mail while SMTP is down, and frees the visitor when the queue gives it up', async () => {
    const channel = `winners-${Date.now()}-${Math.random()}`;
    const broken = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' }, { mailChannel: channel });
    // The same queue a day later, when the e-mail's life (a day) is over.
    const dayLater = await buildTestApp({ SMTP_URL: smtp.url }, { mailChannel: channel, now: () => Date.now() + 25 * 3_600_000 });
    try {
      const admin = await createOperator('admin');
      const visitor = await createUser({ ducks: 2 });
      const queued = await call(broken, 'POST', '/api/console/winners/notify', {
        cookie: admin.cookie,
        body: { earlyReason: EARLY, userIds: [visitor.id] },
      });
      expect(queued.body.results).toEqual([expect.objectContaining({ outcome: 'notified', notifiedAt: null, queued: true })]);
      expect(await noticesOf(visitor)).toEqual([expect.objectContaining({ notifiedAt: null })]);
      // While queued, a second request does not e-mail the visitor again.
      const twice = await call(broken, 'POST', '/api/console/winners/notify', {
        cookie: admin.cookie,
        body: { earlyReason: EARLY, userIds: [visitor.id] },
      });
      expect(twice.body.results).toEqual([
        expect.objectContaining({ outcome: 'skipped', message: 'An e-mail to this visitor is on its way.' }),
      ]);
      // Given up: no notice (no deadline runs), nothing sent, and the visitor can be notified later.
      await call(dayLater, 'GET', '/readyz');
      await until(async () => expect(await noticesOf(visitor)).toEqual([]));
      expect(mailsTo(visitor)).toEqual([]);
      const later = await call(app, 'POST', '/api/console/winners/notify', {
        cookie: admin.cookie,
        body: { earlyReason: EARLY, userIds: [visitor.id] },
      });
      expect(later.body.results).toEqual([expect.objectContaining({ outcome: 'notified' })]);
      await smtp.waitFor(visitor.email);
    } finally {
      await broken.close();
      await dayLater.close();
    }
  });

  it('refuses a request without exactly one selection, and unknown visitors', async () => {
    const admin = await createOperator('admin');
    const notify = (body: unknown) => call(app, 'POST', '/api/console/winners/notify', { cookie: admin.cookie, body });
    expect(await notify({})).toMatchObject({
      status: 400,
      body: { message: 'Choose either the top N or a list of visitors.' },
    });
    expect(await notify({ top: 1, userIds: [1] })).toMatchObject({ status: 400 });
    expect(await notify({ top: 0 })).toMatchObject({
      status: 400,
      body: { message: 'The number of winners must be between 1 and 100.' },
    });
    expect(await notify({ userIds: [2_000_000_000], earlyReason: EARLY })).toMatchObject({
      status: 404,
      body: { message: 'No visitor has the id 2000000000.' },
    });
    const latest = await getTestContext().then(({ database }) =>
      database.db.select().from(auditLog).where(eq(auditLog.actor, admin.email)).orderBy(desc(auditLog.id)),
    );
    expect(latest).toEqual([]);
  });
});

describe('winners before the end, and what the committee must see (issue 32 part 3)', () => {
  it('refuses to notify before the campaign ends without a reason, and says until when; after the end none is needed', async () => {
    const admin = await createOperator('admin');
    const visitor = await createUser({ ducks: 7 });
    const preview = await call(app, 'GET', '/api/console/winners?top=1', { cookie: admin.cookie });
    const campaign = await app.ctx.campaign.get();
    const endsAt = formatDeadline(new Date(campaign.info.endTime * 1000), 'Asia/Singapore');
    expect(preview.body).toMatchObject({ ended: false, endsAt });
    for (const body of [{ userIds: [visitor.id] }, { userIds: [visitor.id], earlyReason: '  ' }]) {
      const refused = await call(app, 'POST', '/api/console/winners/notify', { cookie: admin.cookie, body });
      expect(refused.status).toBe(body.earlyReason === undefined ? 409 : 400);
    }
    const refused = await call(app, 'POST', '/api/console/winners/notify', {
      cookie: admin.cookie,
      body: { userIds: [visitor.id] },
    });
    expect(refused.body).toEqual({
      code: 'winnersBeforeEnd',
      message: `The campaign runs until ${endsAt}: the standings can still change. To notify winners now, give a reason.`,
      params: { end: endsAt },
    });
    expect(await noticesOf(visitor)).toEqual([]);

    // The day after the end: the standings are final, and no reason is asked (the notifying itself, on that clock).
    const dayAfter = new Date(campaign.info.endTime * 1000 + 86_400_000);
    expect(campaignEnded(campaign, dayAfter)).toBe(true);
    const { database } = await getTestContext();
    const sent = await notifyWinners(database.db, app.ctx.mail, {
      userIds: [visitor.id],
      actor: admin.email,
      now: () => dayAfter,
      campaign,
    });
    expect(sent).toEqual([expect.objectContaining({ userId: visitor.id, outcome: 'notified' })]);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'winners.notify'), eq(auditLog.subject, `user:${visitor.id}`)));
    expect(audit!.after).not.toHaveProperty('beforeTheEnd');
  });

  it('flags ducks adjusted by hand, a block in the history and accounts sharing a phone number', async () => {
    const admin = await createOperator('admin');
    const { database } = await getTestContext();
    const flagged = await createUser({ ducks: 9, fullName: 'Flagged' });
    const twin = await createUser({ ducks: 1, fullName: 'Twin' });
    const clean = await createUser({ fullName: 'Clean' });
    // A number of this test's own, written two ways.
    const digits = String(randomInt(10_000_000, 100_000_000));
    await database.db
      .update(users)
      .set({ phone: `+65 ${digits.slice(0, 4)} ${digits.slice(4)}` })
      .where(eq(users.id, flagged.id));
    await database.db
      .update(users)
      .set({ phone: `65${digits}` })
      .where(eq(users.id, twin.id));
    const asAdmin = (url: string, body: object) => call(app, 'POST', url, { cookie: admin.cookie, body });
    expect(
      (await asAdmin(`/api/console/participants/${flagged.id}/ducks`, { amount: -2, reason: 'Duplicate photo' })).status,
    ).toBe(200);
    expect((await asAdmin(`/api/console/participants/${flagged.id}/block`, { reason: 'Shared account?' })).status).toBe(200);
    expect((await asAdmin(`/api/console/participants/${flagged.id}/unblock`, {})).status).toBe(200);

    const preview = await call(app, 'POST', '/api/console/winners/notify', {
      cookie: admin.cookie,
      body: { userIds: [flagged.id, twin.id, clean.id], earlyReason: EARLY },
    });
    const flags = Object.fromEntries((preview.body.results as { name: string; flags: object }[]).map((r) => [r.name, r.flags]));
    expect(flags).toEqual({
      Flagged: { adjusted: 7, adjustments: 2, everBlocked: true, samePhone: 1 },
      Twin: { adjusted: 1, adjustments: 1, everBlocked: false, samePhone: 1 },
      Clean: { adjusted: 0, adjustments: 0, everBlocked: false, samePhone: 0 },
    });
  });
});

describe('how the ducks came: the vetting the committee reads (decision 074)', () => {
  const total = (e: { spins: number; approvals: number; reversed: number; adjusted: number; spent: number }) =>
    e.spins + e.approvals + e.reversed + e.adjusted + e.spent;

  async function decide(reviewer: TestOperator, attemptId: number, decision: 'approve') {
    const response = await call(app, 'POST', '/api/console/reviews/decisions', {
      cookie: reviewer.cookie,
      body: { decisions: [{ attemptId, decision }] },
    });
    expect(response.body.results).toMatchObject([{ attemptId, ok: true }]);
  }

  /** A text answer of the visitor, spun: its attempt's id and the ducks the spin gave (pending until reviewed). */
  async function spunTextAnswer(user: TestUser) {
    const { slug, id: checkpointId } = await addCheckpoint({ type: 'Str', title: 'Name the duck' });
    expect((await attempt(user, slug, 'Quackers')).body).toMatchObject({ outcome: 'submitted' });
    const ducks = (await spin(user)).body.duckPointsAwarded as number;
    const { database } = await getTestContext();
    const [row] = await database.db
      .select({ id: attempts.id })
      .from(attempts)
      .where(and(eq(attempts.userId, user.id), eq(attempts.checkpointId, checkpointId)));
    return { attemptId: row!.id, ducks };
  }

  it("adds up to each visitor's ducks: spins, approvals, an approval undone, adjustments by whom and why, rewards, blocks", async () => {
    const { database } = await getTestContext();
    const [admin, reviewer] = [await createOperator('admin'), await createOperator('reviewer')];
    const visitor = await createUser({ fullName: 'Vetted Visitor' });
    const twin = await createUser({ fullName: 'Vetted Twin' });
    const digits = String(randomInt(10_000_000, 100_000_000));
    await database.db
      .update(users)
      .set({ phone: `+65 ${digits}` })
      .where(eq(users.id, visitor.id));
    await database.db
      .update(users)
      .set({ phone: `65-${digits}` })
      .where(eq(users.id, twin.id));

    // A scan: ducks at once.
    const scan = await addCheckpoint({ type: 'Scan' });
    expect((await attempt(visitor, scan.slug, 'QQ-TEST-RIGHT')).body).toMatchObject({ outcome: 'valid' });
    const spun = (await spin(visitor)).body.duckPointsAwarded as number;
    // Two text answers approved, the second one undone.
    const approved = await spunTextAnswer(visitor);
    await decide(reviewer, approved.attemptId, 'approve');
    const undone = await spunTextAnswer(visitor);
    await decide(reviewer, undone.attemptId, 'approve');
    const undo = await call(app, 'POST', '/api/console/reviews/undo', {
      cookie: reviewer.cookie,
      body: { attemptId: undone.attemptId },
    });
    expect(undo.status).toBe(200);
    // Given by hand, a reward bought, blocked and let back.
    const asAdmin = (url: string, body: object) => call(app, 'POST', url, { cookie: admin.cookie, body });
    expect((await asAdmin(`/api/console/participants/${visitor.id}/ducks`, { amount: 4, reason: 'Lost photo' })).status).toBe(
      200,
    );
    await claimVoucher(visitor, { price: 3 });
    expect((await asAdmin(`/api/console/participants/${visitor.id}/block`, { reason: 'Same phone as another' })).status).toBe(
      200,
    );
    expect((await asAdmin(`/api/console/participants/${visitor.id}/unblock`, {})).status).toBe(200);

    const vetting = (await vettingOf(database.db, [visitor.id])).get(visitor.id)!;
    expect(vetting.earned).toEqual({
      spins: spun,
      approvals: approved.ducks + undone.ducks,
      reversed: -undone.ducks,
      adjusted: 4,
      spent: -3,
    });
    // The block ended the visitor's sessions: their balance as the leaderboard reads it.
    const [{ ducks }] = (await database.db.select({ ducks: users.ducks }).from(users).where(eq(users.id, visitor.id))) as [
      { ducks: number },
    ];
    expect(ducks).toBe(spun + approved.ducks + 4 - 3);
    expect(total(vetting.earned)).toBe(ducks);
    expect(vetting.history.map(({ what, by, amount, reason }) => ({ what, by, amount, reason }))).toEqual([
      { what: 'adjust', by: admin.email, amount: 4, reason: 'Lost photo' },
      { what: 'block', by: admin.email, amount: null, reason: 'Same phone as another' },
      { what: 'unblock', by: admin.email, amount: null, reason: null },
    ]);
    expect(vetting.samePhoneAccounts).toEqual([{ userId: twin.id, name: 'Vetted Twin', email: twin.email, blocked: false }]);
  });

  it('comes with each visitor of the winners list, adding up to their ducks', async () => {
    const admin = await createOperator('admin');
    const top = await createUser({ ducks: (topDucks += 1_000), fullName: 'Top of the vetting' });
    const list = await call(app, 'GET', '/api/console/winners?top=1', { cookie: admin.cookie });
    const [winner] = list.body.winners as Winner[];
    expect(winner).toMatchObject({ userId: top.id, ducks: topDucks });
    const { earned, history } = winner!.vetting!;
    expect(total(earned)).toBe(topDucks);
    // Ducks written by the test straight to the ledger: no operator on the record, and the list says so.
    expect(history).toEqual([
      { at: expect.any(Number) as unknown, by: null, what: 'adjust', amount: topDucks, reason: 'test funds' },
    ]);
  });
});
