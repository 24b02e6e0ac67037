// The reminder queue in the database (decision 063), in the mail queue's pattern (mail/queue.ts, decisions 025 and
// 038): rows written once per unlock and opt-in, claimed under a per-channel advisory lock within the rate with
// FOR UPDATE SKIP LOCKED and a lease, marked in batches. A claimed row whose lease runs out unmarked (a crash
// mid-send) is sent again; its Topic and tag make the browser show it once.
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import { reminderQueue } from '../db/schema';

/** How long after an unlock its reminders are still queued (an instance started late catches up). */
const UNLOCK_LOOKBACK_S = 60 * 60;
/** A reminder is given up this long after its unlock. */
const REMINDER_LIFE_S = 3 * 60 * 60;
const CLAIM_MS = 2 * 60_000;
const RATE_WINDOW_MS = 60_000;

export interface ClaimedReminder {
  id: number;
  optInId: number;
  opensAt: number;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string | null;
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
 * One row per live push opt-in given before the unlock, of a visitor not blocked: in one statement, and once
 * whoever runs it and however often (the unique index on opt-in and unlock). Returns the rows written.
 */
export async function queueUnlock(db: DbOrTx, opensAt: number, channel: string, now: Date): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with queued as (
          insert into reminder_queue (opt_in_id, opens_at, channel, next_attempt_at, expires_at)
          select o.id, ${opensAt}, ${channel}, ${now.toISOString()}::timestamptz, to_timestamp(${opensAt + REMINDER_LIFE_S})
          from reminder_opt_ins o join users u on u.id = o.user_id
          where o.channel = 'push' and o.withdrawn_at is null and u.blocked_at is null
            and o.opted_in_at <= to_timestamp(${opensAt})
          on conflict do nothing
          returning 1)
        select count(*)::int as n from queued`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Claims due reminders within `perMinute` across instances, with the subscription each goes to. */
export async function claimReminders(
  db: DbOrTx,
  options: { channel: string; now: Date; most: number; perMinute: number },
): Promise<ClaimedReminder[]> {
  const { channel, now } = options;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reminder-queue:${channel}`}))`);
    const [counts] = await tx
      .select({
        sent: sql<number>`(select count(*)::int from ${reminderQueue} where ${and(eq(reminderQueue.channel, channel), gt(reminderQueue.sentAt, new Date(now.getTime() - RATE_WINDOW_MS)))})`,
        sending: sql<number>`(select count(*)::int from ${reminderQueue} where ${and(eq(reminderQueue.channel, channel), eq(reminderQueue.state, 'queued'), gt(reminderQueue.lockedUntil, now))})`,
      })
      .from(sql`(select 1) as one`);
    const room = Math.min(options.most, options.perMinute - Number(counts?.sent ?? 0) - Number(counts?.sending ?? 0));
    if (room <= 0) return [];
    const due = tx
      .select({ id: reminderQueue.id })
      .from(reminderQueue)
      .where(
        and(
          eq(reminderQueue.channel, channel),
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
    // The subscription as it is now: a withdrawn opt-in or an erased visitor has none, and their row is dropped.
    const rows = await queryRows<ClaimedReminder & { opt_in_id: number; opens_at: number }>(
      tx,
      sql`select q.id, q.opt_in_id, q.opens_at, q.attempts, o.endpoint, o.p256dh, o.auth, u.language
          from reminder_queue q join reminder_opt_ins o on o.id = q.opt_in_id join users u on u.id = o.user_id
          where q.id in ${claimedIds(claimed)} and o.withdrawn_at is null and u.blocked_at is null and o.endpoint is not null
          order by q.id`,
    );
    const kept = new Set(rows.map((row) => Number(row.id)));
    const dropped = claimed.filter((row) => !kept.has(row.id)).map((row) => row.id);
    if (dropped.length > 0) {
      await tx.update(reminderQueue).set({ state: 'withdrawn', lockedUntil: null }).where(inArray(reminderQueue.id, dropped));
    }
    return rows.map((row) => ({
      id: Number(row.id),
      optInId: Number(row.opt_in_id),
      opensAt: Number(row.opens_at),
      attempts: Number(row.attempts),
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      language: row.language,
    }));
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
