// The reminder queue in the database (decisions 063 and 078), in the mail queue's pattern (mail/queue.ts, decisions
// 025 and 038): rows written once per unlock (or announcement) and opt-in, claimed under a per-channel advisory lock
// within the rate with FOR UPDATE SKIP LOCKED and a lease, marked in batches. A claimed push row whose lease runs out
// unmarked (a crash mid-send) is sent again; its Topic and tag make the browser show it once. An e-mail row is handed
// to the mail queue in the transaction that marks it, a few hundred at a time (handOverEmails).
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import { mailQueue, reminderQueue } from '../db/schema';
import { type MailQueueHandle, sealBodies } from '../mail/queue';
import { type ReminderSubject, reminderMail } from './reminder-texts';

/** How long after an unlock its reminders are still queued (an instance started late catches up). */
const UNLOCK_LOOKBACK_S = 60 * 60;
/** A reminder is given up this long after its unlock. */
const REMINDER_LIFE_S = 3 * 60 * 60;
const CLAIM_MS = 2 * 60_000;
const RATE_WINDOW_MS = 60_000;

export interface ClaimedReminder extends ReminderSubject {
  id: number;
  optInId: number;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The unlocks of the active campaign in the last hour: its checkpoints' distinct start times up to now. */
export async function recentUnlocks(db: DbOrTx, nowS: number): Promise<number[]> {
  const rows = await queryRows<{ opens_at: string | number }>(
    db,
    sql`select distinct c.start_time as opens_at from checkpoints c join campaigns k on k.id = c.campaign_id and k.active
        where not c.removed and c.start_time > ${nowS - UNLOCK_LOOKBACK_S} and c.start_time <= ${nowS}`,
  );
  return rows.map((row) => Number(row.opens_at));
}

/**
 * One row per live opt-in (push and e-mail) given before the unlock, of a visitor not blocked: in one statement, and
 * once whoever runs it and however often (the unique index on opt-in and unlock). Returns the rows written.
 */
export async function queueUnlock(db: DbOrTx, opensAt: number, channel: string, now: Date): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with queued as (
          insert into reminder_queue (opt_in_id, opens_at, medium, channel, next_attempt_at, expires_at)
          select o.id, ${opensAt}, o.channel, ${channel}, ${now.toISOString()}::timestamptz, to_timestamp(${opensAt + REMINDER_LIFE_S})
          from reminder_opt_ins o join users u on u.id = o.user_id
          where o.channel in ('push', 'email') and o.withdrawn_at is null and u.blocked_at is null
            and o.opted_in_at <= to_timestamp(${opensAt})
          on conflict do nothing
          returning 1)
        select count(*)::int as n from queued`,
  );
  return Number(rows[0]?.n ?? 0);
}

export interface DueAnnouncement {
  id: number;
  showAt: number;
  endsAt: number;
  audience: 'everyone' | 'no_answer_today';
  push: boolean;
  email: boolean;
}

/** Announcements whose time has come that still owe their pushes or e-mails (decision 078). */
export async function dueAnnouncements(db: DbOrTx, now: Date): Promise<DueAnnouncement[]> {
  const rows = await queryRows<{ id: string; show_at: string; ends_at: string; audience: string; push: boolean; email: boolean }>(
    db,
    sql`select id, extract(epoch from show_at)::bigint as show_at, extract(epoch from ends_at)::bigint as ends_at, audience, push, email
        from announcements
        where queued_at is null and withdrawn_at is null and (push or email)
          and show_at <= ${now.toISOString()}::timestamptz and ends_at > ${now.toISOString()}::timestamptz`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    showAt: Number(row.show_at),
    endsAt: Number(row.ends_at),
    audience: row.audience === 'no_answer_today' ? 'no_answer_today' : 'everyone',
    push: row.push,
    email: row.email,
  }));
}

/**
 * One row per live opt-in of the announcement's media whose visitor is in its audience now, and the announcement
 * marked queued: in one transaction, once however many instances try (the unique index, and `queued_at`).
 * `todayStart`: 00:00 in the campaign's zone, for "no answer today".
 */
export async function queueAnnouncement(
  db: DbOrTx,
  announcement: DueAnnouncement,
  options: { channel: string; now: Date; todayStart: Date },
): Promise<number> {
  const media = [announcement.push ? 'push' : null, announcement.email ? 'email' : null].filter((m) => m !== null);
  return db.transaction(async (tx) => {
    const [still] = await queryRows<{ id: string }>(
      tx,
      sql`select id from announcements where id = ${announcement.id} and queued_at is null and withdrawn_at is null for update`,
    );
    if (!still) return 0;
    const audience =
      announcement.audience === 'no_answer_today'
        ? sql`and not exists (select 1 from attempts a where a.user_id = u.id and a.created_at >= ${options.todayStart.toISOString()}::timestamptz)`
        : sql``;
    const rows = await queryRows<{ n: number }>(
      tx,
      sql`with queued as (
            insert into reminder_queue (opt_in_id, opens_at, medium, announcement_id, channel, next_attempt_at, expires_at)
            select o.id, ${announcement.showAt}, o.channel, ${announcement.id}, ${options.channel},
                   ${options.now.toISOString()}::timestamptz, to_timestamp(${announcement.endsAt})
            from reminder_opt_ins o join users u on u.id = o.user_id
            where o.channel in (${sql.join(
              media.map((m) => sql`${m}`),
              sql`, `,
            )}) and o.withdrawn_at is null and u.blocked_at is null ${audience}
            on conflict do nothing
            returning 1)
          select count(*)::int as n from queued`,
    );
    await tx.execute(
      sql`update announcements set queued_at = ${options.now.toISOString()}::timestamptz where id = ${announcement.id}`,
    );
    return Number(rows[0]?.n ?? 0);
  });
}

/** Claims due push reminders within `perMinute` across instances, with the subscription each goes to. */
export async function claimReminders(
  db: DbOrTx,
  options: { channel: string; now: Date; most: number; perMinute: number },
): Promise<ClaimedReminder[]> {
  const { channel, now } = options;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reminder-queue:${channel}`}))`);
    const push = and(eq(reminderQueue.channel, channel), eq(reminderQueue.medium, 'push'));
    const [counts] = await tx
      .select({
        sent: sql<number>`(select count(*)::int from ${reminderQueue} where ${and(push, gt(reminderQueue.sentAt, new Date(now.getTime() - RATE_WINDOW_MS)))})`,
        sending: sql<number>`(select count(*)::int from ${reminderQueue} where ${and(push, eq(reminderQueue.state, 'queued'), gt(reminderQueue.lockedUntil, now))})`,
      })
      .from(sql`(select 1) as one`);
    const room = Math.min(options.most, options.perMinute - Number(counts?.sent ?? 0) - Number(counts?.sending ?? 0));
    if (room <= 0) return [];
    const due = tx
      .select({ id: reminderQueue.id })
      .from(reminderQueue)
      .where(
        and(
          push,
          eq(reminderQueue.state, 'queued'),
          lte(reminderQueue.nextAttemptAt, now),
          gt(reminderQueue.expiresAt, now),
          or(isNull(reminderQueue.lockedUntil), lte(reminderQueue.lockedUntil, now)),
        ),
      )
      .orderBy(asc(reminderQueue.nextAttemptAt), asc(reminderQueue.id))
      .limit(room)
      .for('update', { skipLocked: true });
    const claimed = await tx
      .update(reminderQueue)
      .set({ lockedUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${reminderQueue.attempts} + 1` })
      .where(inArray(reminderQueue.id, due))
      .returning({ id: reminderQueue.id });
    if (claimed.length === 0) return [];
    // The subscription as it is now: a withdrawn opt-in or announcement, or an erased visitor, has none, and their
    // row is dropped.
    const rows = await queryRows<{
      id: string;
      opt_in_id: string;
      opens_at: string;
      attempts: number;
      endpoint: string;
      p256dh: string;
      auth: string;
      language: string | null;
      announcement_id: string | null;
      texts: Record<string, string> | null;
    }>(
      tx,
      sql`select q.id, q.opt_in_id, q.opens_at, q.attempts, o.endpoint, o.p256dh, o.auth, u.language, q.announcement_id, a.texts
          from reminder_queue q join reminder_opt_ins o on o.id = q.opt_in_id join users u on u.id = o.user_id
          left join announcements a on a.id = q.announcement_id
          where q.id in ${claimedIds(claimed)} and o.withdrawn_at is null and u.blocked_at is null and o.endpoint is not null
            and (q.announcement_id is null or a.withdrawn_at is null)
          order by q.id`,
    );
    await dropUnlisted(tx, claimed, rows);
    return rows.map((row) => ({
      id: Number(row.id),
      optInId: Number(row.opt_in_id),
      opensAt: Number(row.opens_at),
      attempts: Number(row.attempts),
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      language: row.language,
      announcement: announcementOf(row),
    }));
  });
}

const announcementOf = (row: { announcement_id: string | null; texts: Record<string, string> | null }) =>
  row.announcement_id === null ? null : { id: Number(row.announcement_id), texts: row.texts ?? {} };

/** Claimed rows the read left out (withdrawn, blocked, erased) are never sent. */
async function dropUnlisted(tx: DbOrTx, claimed: { id: number }[], kept: { id: string | number }[]): Promise<void> {
  const keep = new Set(kept.map((row) => Number(row.id)));
  const dropped = claimed.filter((row) => !keep.has(row.id)).map((row) => row.id);
  if (dropped.length > 0) {
    await tx.update(reminderQueue).set({ state: 'withdrawn', lockedUntil: null }).where(inArray(reminderQueue.id, dropped));
  }
}

/**
 * Hands due e-mail reminders to the mail queue (decision 078): in one transaction the rows become mail_queue rows
 * (sealed like every body there) and are marked sent, so each is handed once. At most `backlog` of them wait in the
 * mail queue at a time: the mail worker sends them within the provider's rate (SIGNIN_MAIL_PER_MINUTE), taking turns
 * with sign-in e-mail (decision 058), and a visitor who turns reminders off meanwhile is spared all but those few.
 * Returns how many were handed.
 */
export async function handOverEmails(
  db: DbOrTx,
  options: { mail: Pick<MailQueueHandle, 'channel' | 'secret'>; now: Date; backlog: number; appName: string; publicUrl: string },
): Promise<number> {
  const { mail, now } = options;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reminder-queue:email:${mail.channel}`}))`);
    const [waiting] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from mail_queue
          where channel = ${mail.channel} and state = 'queued' and kind in ('reminder', 'announcement')`,
    );
    const room = options.backlog - Number(waiting?.n ?? 0);
    if (room <= 0) return 0;
    const due = await queryRows<{ id: string }>(
      tx,
      sql`select id from reminder_queue
          where channel = ${mail.channel} and medium = 'email' and state = 'queued'
            and next_attempt_at <= ${now.toISOString()}::timestamptz and expires_at > ${now.toISOString()}::timestamptz
          order by next_attempt_at, id limit ${room} for update skip locked`,
    );
    if (due.length === 0) return 0;
    const claimed = due.map((row) => ({ id: Number(row.id) }));
    const rows = await queryRows<{
      id: string;
      opens_at: string;
      expires_at: Date | string;
      email: string;
      language: string | null;
      announcement_id: string | null;
      texts: Record<string, string> | null;
    }>(
      tx,
      sql`select q.id, q.opens_at, q.expires_at, u.email, u.language, q.announcement_id, a.texts
          from reminder_queue q join reminder_opt_ins o on o.id = q.opt_in_id join users u on u.id = o.user_id
          left join announcements a on a.id = q.announcement_id
          where q.id in ${claimedIds(claimed)} and o.withdrawn_at is null and u.blocked_at is null
            and (q.announcement_id is null or a.withdrawn_at is null)
          order by q.id`,
    );
    await dropUnlisted(tx, claimed, rows);
    if (rows.length === 0) return 0;
    await tx.insert(mailQueue).values(
      rows.map((row) => {
        const subject = { opensAt: Number(row.opens_at), language: row.language, announcement: announcementOf(row) };
        const words = reminderMail(options.appName, options.publicUrl, subject);
        return {
          kind: row.announcement_id === null ? 'reminder' : 'announcement',
          channel: mail.channel,
          recipient: row.email,
          subject: words.subject,
          ...sealBodies(mail.secret, words),
          sealed: true,
          createdAt: now,
          expiresAt: new Date(row.expires_at),
          nextAttemptAt: now,
        };
      }),
    );
    await tx
      .update(reminderQueue)
      .set({ state: 'sent', sentAt: now, lockedUntil: null })
      .where(
        inArray(
          reminderQueue.id,
          rows.map((row) => Number(row.id)),
        ),
      );
    return rows.length;
  });
}

const claimedIds = (rows: { id: number }[]) =>
  sql`(${sql.join(
    rows.map((row) => sql`${row.id}`),
    sql`, `,
  )})`;

/** Marks the rows the push services took, in one statement. */
export async function markSent(db: DbOrTx, ids: number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(reminderQueue)
    .set({ state: 'sent', sentAt: at, lockedUntil: null, lastError: null })
    .where(and(inArray(reminderQueue.id, ids), eq(reminderQueue.state, 'queued')));
}

/** A row the push service refused for good: 'gone' (the subscription is no more: its opt-in ends) or 'failed'. */
export async function markRefused(db: DbOrTx, id: number, state: 'gone' | 'failed', reason: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(reminderQueue)
      .set({ state, lockedUntil: null, lastError: reason })
      .where(and(eq(reminderQueue.id, id), eq(reminderQueue.state, 'queued')))
      .returning({ optInId: reminderQueue.optInId });
    if (row && state === 'gone') {
      await tx.execute(
        sql`update reminder_opt_ins set withdrawn_at = ${at.toISOString()}::timestamptz, endpoint = null, p256dh = null, auth = null
            where id = ${row.optInId} and withdrawn_at is null`,
      );
    }
  });
}

/** A send that may work later: tried again at `at`, while the row lives. */
export async function markRetry(db: DbOrTx, id: number, reason: string, at: Date): Promise<void> {
  await db
    .update(reminderQueue)
    .set({ lockedUntil: null, nextAttemptAt: at, lastError: reason })
    .where(and(eq(reminderQueue.id, id), eq(reminderQueue.state, 'queued')));
}

/** Rows past their life unsent become 'failed'. */
export async function giveUpExpired(db: DbOrTx, channel: string, now: Date): Promise<void> {
  await db
    .update(reminderQueue)
    .set({ state: 'failed', lockedUntil: null })
    .where(
      and(
        eq(reminderQueue.channel, channel),
        eq(reminderQueue.state, 'queued'),
        lte(reminderQueue.expiresAt, now),
        or(isNull(reminderQueue.lockedUntil), lte(reminderQueue.lockedUntil, now)),
      ),
    );
}
