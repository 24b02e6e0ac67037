// The helpdesk (docs/product.md §15, decision 020): an admin finds a visitor, sees their game, adjusts their ducks,
// blocks or unblocks them, and erases their personal data. Every change locks the visitor's row first (decision
// 003), writes its audit row in the same transaction (decision 019), and names the visitor in the audit trail by
// id, never by e-mail: the trail outlives an erasure.
import { ERASE_CONFIRMATION, PARTICIPANT_ADJUST_MAX, PARTICIPANT_SEARCH_MAX, said } from '@quackquest/contract';
import { type SQL, and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit';
import { forgetSession } from '../cache/sessions';
import type { AppContext } from '../context';
import type { Db, Tx } from '../db/client';
import {
  attempts,
  checkpoints,
  claims,
  emailLinks,
  ledger,
  mailQueue,
  reminderOptIns,
  signupSignals,
  rewards,
  sessions,
  uploads,
  users,
  winnerNotices,
} from '../db/schema';
import { conflict, invalid, notFound } from '../domain/errors';
import { addLedgerRow, lockUser } from '../ledger/ledger';
import { rankIndexFor } from '../leaderboard/ranking';
import { normalizeVoucherCode } from '../vouchers/vouchers';

export type User = typeof users.$inferSelect;

/** How an erased visitor's e-mail reads: unique, and in a domain that can never receive mail (RFC 2606). */
const erasedEmail = (userId: number) => `erased-${userId}@erased.invalid`;
const ERASED_NAME = 'Erased visitor';
/** What an erased text answer reads. */
const ERASED_ANSWER = '[erased]';

const subjectOf = (userId: number) => `user:${userId}`;

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Digits of a phone number as typed or stored: "+65 9123-4567" is "6591234567". */
const PHONE_DIGITS = (column: SQL) => sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

/**
 * Up to 50 visitors the helpdesk may mean by `q` (issue 32 part 6): a voucher code's owner (the exact code), then
 * visitors whose e-mail contains `q`, whose name has a word starting with it ("Ong" finds "Ong Wei", not "Wong"),
 * whose Instagram handle contains it (with or without "@"), whose phone number's digits end with its digits or whose
 * digits end with the phone's ("9123 4567", "+65 9123 4567"; 6 digits or more), or one of whose voucher codes
 * contains it (4 letters or digits or more, dashes aside). An exact e-mail first, then e-mails starting with it, then
 * the newest. An empty `q` lists the newest visitors.
 */
export async function searchParticipants(db: Db, q: string): Promise<User[]> {
  const text = q.trim().toLowerCase();
  if (!text) return db.select().from(users).orderBy(desc(users.id)).limit(PARTICIPANT_SEARCH_MAX);
  const code = normalizeVoucherCode(text);
  const [byVoucher] = await db.select({ userId: claims.userId }).from(claims).where(eq(claims.voucherCode, code)).limit(1);
  const pattern = `%${likeEscape(text)}%`;
  const handle = `%${likeEscape(text.replace(/^@/, ''))}%`;
  // A word of the name starting with the text: the text as a literal inside a regular expression.
  const wordStart = `\\m${text.replace(/[\\^$.*+?()[\]{}|]/g, (c) => `\\${c}`)}`;
  const digits = /^[+\d\s().-]+$/.test(text) ? text.replace(/\D/g, '') : '';
  const bareCode = text.replace(/[\s\-\u2010-\u2015]/g, '').toUpperCase();
  const conditions = [
    sql`lower(${users.email}) like ${pattern}`,
    // Chinese and Tamil names are not split into words by spaces: there, any part of the name.
    /[\u0250-\uffff]/.test(text) ? sql`lower(${users.fullName}) like ${pattern}` : sql`lower(${users.fullName}) ~ ${wordStart}`,
    sql`${users.instagram} <> '' and lower(ltrim(${users.instagram}, '@')) like ${handle}`,
  ];
  if (digits.length >= 6) {
    const phone = PHONE_DIGITS(sql`${users.phone}`);
    conditions.push(sql`length(${phone}) >= 6 and (${phone} like ${`%${digits}`} or ${digits} like '%' || ${phone})`);
  }
  if (/^[A-Z0-9]{4,}$/.test(bareCode)) {
    conditions.push(
      sql`${users.id} in (select ${claims.userId} from ${claims} where replace(${claims.voucherCode}, '-', '') like ${`%${bareCode}%`})`,
    );
  }
  const rows = await db
    .select()
    .from(users)
    .where(
      sql.join(
        conditions.map((c) => sql`(${c})`),
        sql` or `,
      ),
    )
    .orderBy(sql`${users.email} = ${text} desc`, sql`${users.email} like ${`${likeEscape(text)}%`} desc`, desc(users.id))
    .limit(PARTICIPANT_SEARCH_MAX);
  if (!byVoucher) return rows;
  const [owner] = await db.select().from(users).where(eq(users.id, byVoucher.userId));
  return owner ? [owner, ...rows.filter((row) => row.id !== owner.id)].slice(0, PARTICIPANT_SEARCH_MAX) : rows;
}

async function findParticipant(db: Db, userId: number): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound(said('participantNotFound'));
  return user;
}

export interface ParticipantDetails {
  user: User;
  attempts: {
    id: number;
    checkpointTitle: string;
    type: string;
    answer: string;
    outcome: string;
    review: string | null;
    createdAt: Date;
    photoStored: boolean;
  }[];
  /** With the reward a claim's debit bought. */
  ledger: (Pick<typeof ledger.$inferSelect, 'id' | 'amount' | 'posted' | 'kind' | 'reason' | 'createdAt'> & {
    item: string | null;
  })[];
  claims: {
    item: string;
    price: number;
    voucherCode: string;
    createdAt: Date;
    redeemedAt: Date | null;
    redeemedBy: string | null;
  }[];
}

/** The visitor's profile with their attempts, ledger and claims, newest first. */
export async function participantDetails(db: Db, userId: number): Promise<ParticipantDetails> {
  const user = await findParticipant(db, userId);
  const attemptRows = await db
    .select({
      id: attempts.id,
      checkpointTitle: checkpoints.title,
      type: checkpoints.type,
      answer: attempts.answer,
      outcome: attempts.outcome,
      review: attempts.review,
      createdAt: attempts.createdAt,
      photoStored: sql<boolean>`${uploads.storedAt} is not null`,
    })
    .from(attempts)
    .innerJoin(checkpoints, eq(checkpoints.id, attempts.checkpointId))
    .leftJoin(uploads, and(eq(uploads.key, attempts.answer), eq(uploads.userId, attempts.userId)))
    .where(eq(attempts.userId, userId))
    .orderBy(desc(attempts.id));
  // A debit names the reward it bought: the ledger reads in words (issue 32 part 6).
  const ledgerRows = await db
    .select({
      id: ledger.id,
      amount: ledger.amount,
      posted: ledger.posted,
      kind: ledger.kind,
      reason: ledger.reason,
      createdAt: ledger.createdAt,
      item: rewards.item,
    })
    .from(ledger)
    .leftJoin(claims, eq(claims.id, ledger.claimId))
    .leftJoin(rewards, eq(rewards.id, claims.rewardId))
    .where(eq(ledger.userId, userId))
    .orderBy(desc(ledger.id));
  const claimRows = await db
    .select({
      item: rewards.item,
      price: claims.price,
      voucherCode: claims.voucherCode,
      createdAt: claims.createdAt,
      redeemedAt: claims.redeemedAt,
      redeemedBy: claims.redeemedBy,
    })
    .from(claims)
    .innerJoin(rewards, eq(rewards.id, claims.rewardId))
    .where(eq(claims.userId, userId))
    .orderBy(desc(claims.id));
  return { user, attempts: attemptRows, ledger: ledgerRows, claims: claimRows };
}

interface Acting {
  actor: string;
  now: Date;
}

/** Locks the visitor's row; a visitor whose data was erased can no longer be changed. */
async function lockParticipant(tx: Tx, userId: number): Promise<User> {
  const user = await lockUser(tx, userId);
  if (!user) throw notFound(said('participantNotFound'));
  if (user.erasedAt) throw conflict(said('participantErased'));
  return user;
}

/** Ends every visitor session of the user, in this process's session caches too; the number ended. */
async function endSessions(tx: Tx, userId: number): Promise<string[]> {
  const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ idHash: sessions.idHash });
  return ended.map((row) => row.idHash);
}

function forgetSessions(ctx: AppContext, hashes: string[]): void {
  for (const hash of hashes) forgetSession(ctx.db, hash);
  // The rank snapshot and the top list of this instance: a block or an unblock shows in the next rank.
  rankIndexFor(ctx).clear();
}

/**
 * Posted ducks through the ledger (decision 004), never below 0, at most PARTICIPANT_ADJUST_MAX either way;
 * audited with the balance before and after. The one home of the rule: the console and `ops ducks:adjust` call it.
 */
export async function adjustParticipantDucks(
  db: Db,
  userId: number,
  input: Acting & { amount: number; reason: string },
): Promise<User> {
  const { amount } = input;
  if (!Number.isInteger(amount) || amount === 0 || Math.abs(amount) > PARTICIPANT_ADJUST_MAX) {
    throw invalid(said('adjustAmount'));
  }
  const reason = input.reason.trim();
  if (!reason) throw invalid(said('reasonRequired'));
  await db.transaction(async (tx) => {
    const user = await lockParticipant(tx, userId);
    // No operator gives themselves ducks (issue 29 part 5): their own visitor account is another admin's to change.
    if (user.email === input.actor.trim().toLowerCase()) throw conflict(said('selfAdjust'));
    if (user.ducks + input.amount < 0) throw conflict(said('adjustNegative', { ducks: user.ducks }));
    await addLedgerRow(tx, { userId, amount: input.amount, posted: true, kind: 'adjustment', reason, at: input.now });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'participant.adjust_ducks',
      subject: subjectOf(userId),
      before: { ducks: user.ducks },
      after: { ducks: user.ducks + input.amount, amount: input.amount, reason },
      at: input.now,
    });
  });
  return findParticipant(db, userId);
}

/** The visitor with this e-mail (any case, spaces around it ignored), for the command line. */
export async function participantIdByEmail(db: Db, email: string): Promise<number> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!found) throw notFound(`No visitor has the e-mail ${email}.`);
  return found.id;
}

/** No sign-in, spin, claim or attempt, and off the leaderboard; the visitor's sessions end at once. */
export async function blockParticipant(ctx: AppContext, userId: number, input: Acting & { reason: string }): Promise<User> {
  const reason = input.reason.trim();
  if (!reason) throw invalid(said('reasonRequired'));
  const ended = await ctx.db.transaction(async (tx) => {
    const user = await lockParticipant(tx, userId);
    if (user.blockedAt) throw conflict(said('alreadyBlocked'));
    await tx.update(users).set({ blockedAt: input.now, blockedReason: reason }).where(eq(users.id, userId));
    const hashes = await endSessions(tx, userId);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'participant.block',
      subject: subjectOf(userId),
      before: { blocked: false },
      after: { blocked: true, reason, sessionsEnded: hashes.length },
      at: input.now,
    });
    return hashes;
  });
  forgetSessions(ctx, ended);
  return findParticipant(ctx.db, userId);
}

export async function unblockParticipant(ctx: AppContext, userId: number, input: Acting): Promise<User> {
  await ctx.db.transaction(async (tx) => {
    const user = await lockParticipant(tx, userId);
    if (!user.blockedAt) throw conflict(said('notBlocked'));
    await tx.update(users).set({ blockedAt: null, blockedReason: null }).where(eq(users.id, userId));
    await recordAudit(tx, {
      actor: input.actor,
      action: 'participant.unblock',
      subject: subjectOf(userId),
      before: { blocked: true, reason: user.blockedReason },
      after: { blocked: false },
      at: input.now,
    });
  });
  forgetSessions(ctx, []);
  return findParticipant(ctx.db, userId);
}

/**
 * Erasure under Singapore's PDPA (decision 020): the name, e-mail, phone, Instagram handle, text answers, sign-in
 * links and stored photos go; the visitor is blocked for good and their sessions end. The attempts, spins, ledger
 * and claims stay, pseudonymous, so balances, stock and the vouchers crew already handed out still add up.
 */
export async function eraseParticipant(ctx: AppContext, userId: number, input: Acting & { confirm: string }): Promise<User> {
  if (input.confirm !== ERASE_CONFIRMATION) throw invalid(said('eraseConfirm'));
  const { hashes, photoKeys } = await ctx.db.transaction(async (tx) => {
    const user = await lockParticipant(tx, userId);
    await tx
      .update(users)
      .set({
        email: erasedEmail(userId),
        fullName: ERASED_NAME,
        phone: '',
        instagram: '',
        blockedAt: user.blockedAt ?? input.now,
        blockedReason: 'Personal data erased.',
        erasedAt: input.now,
      })
      .where(eq(users.id, userId));
    // Text answers are the visitor's words; QR texts and MCQ letters are the campaign's, and photos go below.
    await tx
      .update(attempts)
      .set({ answer: ERASED_ANSWER })
      .where(
        and(eq(attempts.userId, userId), sql`${attempts.checkpointId} in (select id from ${checkpoints} where type = 'Str')`),
      );
    // A voucher code is a bearer token in the visitor's hands: the claim stays (stock and the committee's records),
    // its code does not.
    await tx
      .update(claims)
      .set({ voucherCode: sql`'erased-' || ${claims.id}` })
      .where(eq(claims.userId, userId));
    const photos = await tx
      .update(uploads)
      .set({ storedAt: null })
      .where(and(eq(uploads.userId, userId), isNotNull(uploads.storedAt)))
      .returning({ key: uploads.key });
    const unused = await tx.select({ key: uploads.key }).from(uploads).where(eq(uploads.userId, userId));
    // Sign-in links keep the address and a sign-up link the form's details.
    await tx.delete(emailLinks).where(eq(emailLinks.email, user.email));
    // E-mail still queued for the address is never sent (a winner notice not sent is withdrawn, as when the worker
    // gives up); what was sent keeps neither the address nor the body.
    const unsent = await tx
      .update(mailQueue)
      .set({ state: 'failed', lastError: 'Personal data erased.' })
      .where(and(eq(mailQueue.recipient, user.email), eq(mailQueue.state, 'queued')))
      .returning({ messageId: mailQueue.messageId });
    const withdrawn = unsent.flatMap((mail) => (mail.messageId ? [mail.messageId] : []));
    if (withdrawn.length > 0) {
      await tx.delete(winnerNotices).where(and(inArray(winnerNotices.mailId, withdrawn), isNull(winnerNotices.notifiedAt)));
    }
    await tx
      .update(mailQueue)
      .set({ recipient: erasedEmail(userId), text: '', html: '' })
      .where(eq(mailQueue.recipient, user.email));
    // Their reminders: the opt-ins with their devices' subscriptions, and (cascading) what was queued for them.
    await tx.delete(reminderOptIns).where(eq(reminderOptIns.userId, userId));
    // Where and in which browser they signed up (decision 075).
    await tx.delete(signupSignals).where(eq(signupSignals.userId, userId));
    const ended = await endSessions(tx, userId);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'participant.erase',
      subject: subjectOf(userId),
      before: { erased: false, blocked: user.blockedAt !== null },
      after: { erased: true, blocked: true, photosDeleted: photos.length, sessionsEnded: ended.length },
      at: input.now,
    });
    return { hashes: ended, photoKeys: [...new Set([...photos, ...unused].map((p) => p.key))] };
  });
  forgetSessions(ctx, hashes);
  // After the commit, when the database no longer points at them: nothing serves a photo whose store failed to
  // remove it, and the erasure itself is done (a file left behind shows in the store's own listing).
  await Promise.allSettled(photoKeys.map((key) => ctx.storage.remove(key)));
  return findParticipant(ctx.db, userId);
}
