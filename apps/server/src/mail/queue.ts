// E-mail outside the request (decision 025). A request writes a mail_queue row, in its own transaction; the worker
// of each server process claims due rows (FOR UPDATE SKIP LOCKED, so instances on one PostgreSQL never take the
// same row), sends them, and marks them sent: without rounds, claiming again as sends end and marking each batch of
// finished sends, so a slow send holds back no other e-mail (decision 042). A failed send is retried after 10 s, 30 s, 2 min, 10 min, then every
// 30 min until the row expires. At most SIGNIN_MAIL_PER_MINUTE e-mails leave per minute from all instances
// together: the surplus waits in the queue, and clients and IPs take turns in it (decision 058). Every body is sealed with a key derived from SESSION_SECRET while queued
// (a sign-in's holds a live link and code, a winner's the person and their prize) and blanked once sent, expired or
// failed.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, type Tx, queryRows } from '../db/client';
import { mailQueue } from '../db/schema';
import type { Mailer } from './mailer';

export type MailKind = 'sign_in' | 'winner_notice';
export type MailRow = typeof mailQueue.$inferSelect;

export interface QueuedMail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Not sent after this: a sign-in link's end of life; a day for other e-mail. */
  expiresAt: Date;
  messageId?: string;
  replyTo?: string;
}

/** What a request needs to queue an e-mail: the channel its workers serve, the secret, a nudge for the worker. */
export interface MailQueueHandle {
  channel: string;
  secret: string;
  /** Asks this process's worker to look at the queue now instead of at its next poll. */
  nudge(): void;
}

/** Retry delays after the 1st, 2nd, ... failed attempt; the last repeats until the row expires. */
const RETRY_DELAYS_MS = [10_000, 30_000, 120_000, 600_000, 1_800_000];
/** How long a claimed row is a worker's: longer than a send can take (the transport's timeouts add to 50 s). */
export const CLAIM_MS = 2 * 60_000;
/** Other e-mail is given up after a day. */
export const OTHER_MAIL_LIFE_MS = 24 * 60 * 60_000;
const RATE_WINDOW_MS = 60_000;
/**
 * The minute's e-mails are spread over it (decision 058): at most a sixth of SIGNIN_MAIL_PER_MINUTE leaves in any
 * 10 seconds (20 at least, so a small rate still sends a few at once). Without it a backlog spent the whole minute's
 * rate in its first seconds, and the e-mail of a visitor who came a moment later waited for the minute to pass
 * however its turn came; now it waits for the next 10 seconds at most.
 */
const PACE_WINDOW_MS = 10_000;
const paceOf = (perMinute: number) => Math.max(Math.ceil(perMinute / 6), Math.min(perMinute, 20));
/**
 * E-mails a worker keeps on their way: handed to the mailer's pool (mail/mailer.ts, 20 connections), which sends them
 * as its connections free up. Below REFILL_BELOW it claims again, so no connection waits for a claim. A claim costs
 * a transaction of five round trips (25-70 ms on a busy server) whatever it takes: with at most 20 on their way,
 * claims of about 10 rows capped the worker near 110 e-mails a second (decision 044). A claimed row waits at
 * most a few hundred milliseconds in this process's pool, where another instance's idle connection cannot take it.
 */
const MAX_SENDING = 100;
const REFILL_BELOW = 50;
/**
 * While e-mails are on their way, claims (and marks) are at least this far apart: each then takes what a few
 * requests queued, not one row per nudge at a transaction each. An idle worker claims at once.
 */
const GATHER_MS = 25;
const KEEP_DONE_MS = 7 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;
/** How often a worker marks rows that outlived their life (a round every few hundred ms would cost a transaction each). */
const GIVE_UP_EVERY_MS = 5_000;

// Sealing: AES-256-GCM with a key derived from the server secret, so a database dump alone shows no live link.
// The key is derived once per secret (a process has one): an HMAC per sealed or unsealed body was 0.6% of the
// server's thread at 100 new visitors a second (issue 18).
let derived: { secret: string; key: Buffer } | undefined;
function sealKey(secret: string): Buffer {
  if (derived?.secret !== secret) derived = { secret, key: createHmac('sha256', secret).update('mail-queue-seal').digest() };
  return derived.key;
}

function seal(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
}

function unseal(secret: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed mail body');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}

/** A sign-in e-mail's text and html as the queue stores them: sealed (enqueueMail, and auth/magic-link.ts's one statement). */
export function sealBodies(secret: string, mail: { text: string; html: string }): { text: string; html: string } {
  return { text: seal(secret, mail.text), html: seal(secret, mail.html) };
}

/** Writes the e-mail to the queue (call it in the transaction that decides to send it); nudge after commit. */
export async function enqueueMail(tx: DbOrTx, handle: Pick<MailQueueHandle, 'channel' | 'secret'>, mail: QueuedMail, now: Date) {
  const [row] = await tx
    .insert(mailQueue)
    .values({
      kind: mail.kind,
      channel: handle.channel,
      recipient: mail.to,
      subject: mail.subject,
      // Every body, not only a sign-in's link: a winner's e-mail names them, their rank and their prize (issue 29
      // part 3). Sealed while it waits, blanked once sent or given up (markSent, giveUpExpired).
      text: seal(handle.secret, mail.text),
      html: seal(handle.secret, mail.html),
      sealed: true,
      messageId: mail.messageId ?? null,
      replyTo: mail.replyTo ?? null,
      createdAt: now,
      expiresAt: mail.expiresAt,
      nextAttemptAt: now,
    })
    .returning({ id: mailQueue.id });
  return row!.id;
}

/** What happens with the sender's own record when its e-mail is sent, or given up (expired or failed). */
export interface MailHooks {
  sent?(tx: Tx, row: MailRow, at: Date): Promise<void>;
  gaveUp?(tx: Tx, row: MailRow): Promise<void>;
}

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export interface MailWorkerOptions {
  db: Db;
  mailer: Mailer;
  secret: string;
  channel: string;
  /** SIGNIN_MAIL_PER_MINUTE: e-mails per minute from all instances together. */
  perMinute: number;
  now: () => number;
  log: Log;
  /** How often the queue is looked at without a nudge. */
  pollMs?: number;
  hooks?: Partial<Record<MailKind, MailHooks>>;
  /** The active campaign's sender name (campaign.yaml mail.senderName), read when an e-mail leaves. */
  senderName?: () => Promise<string | undefined>;
  /** Told what became of each send (qq_mail_sent_total, qq_mail_send_failures_total, qq_mail_given_up_total). */
  seen?: MailOutcomes;
}

export interface MailOutcomes {
  sent(): void;
  failed(): void;
  gaveUp(state: 'expired' | 'failed'): void;
}

export interface MailWorker {
  nudge(): void;
  /** Sends what is due now (the dev outbox calls it, so a test reads the e-mail its request queued). */
  flush(): Promise<void>;
  /** Stops polling and waits (at most `graceMs`) for the sends in flight; an abandoned row is retried later. */
  stop(graceMs?: number): Promise<void>;
}

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { channel, log } = options;
  const pollMs = options.pollMs ?? 500;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let claiming: Promise<number> | undefined;
  /** Rows may be due that no claim has looked for: a nudge, or a claim that filled all its room. */
  let more = false;
  /** E-mails handed to the mailer and not yet answered. */
  let sending = 0;
  /** Each claimed row until it is sent and marked (or failed and rescheduled): what stop() and flush() wait for. */
  const unsettled = new Set<Promise<void>>();
  const marks = markBatches(options);
  let lastPrune = 0;
  let lastGiveUp = 0;
  let lastClaim = 0;

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => pump(), delay);
    timer.unref();
  };

  const send = (row: MailRow, fromName: string | undefined) => {
    sending += 1;
    const work = deliver(options, row, fromName)
      .finally(() => {
        sending -= 1;
        if (more) pump();
      })
      .then((sent) => (sent ? marks.add(row) : undefined))
      .catch((error: unknown) => log.error({ err: error, channel, mailId: row.id }, 'e-mail not settled'))
      .finally(() => unsettled.delete(work));
    unsettled.add(work);
  };

  /** One claim of what is due, within the room left by the sends on their way; the rows start at once. */
  const claimNow = (): Promise<number> => {
    clearTimeout(timer);
    more = false;
    const room = MAX_SENDING - sending;
    lastClaim = performance.now();
    claiming = (async () => {
      const now = new Date(options.now());
      // Expired rows are never claimed (claim() skips them): marking them can wait a few seconds (decision 038).
      if (Math.abs(now.getTime() - lastGiveUp) >= GIVE_UP_EVERY_MS) {
        lastGiveUp = now.getTime();
        await giveUpExpired(options, now);
      }
      if (now.getTime() - lastPrune >= PRUNE_EVERY_MS) {
        lastPrune = now.getTime();
        await prune(options, now);
      }
      const claimed = await claim(options, now, room);
      if (claimed.length === 0) return 0;
      const fromName = await options.senderName?.().catch(() => undefined);
      for (const row of claimed) send(row, fromName);
      return claimed.length;
    })()
      .catch((error: unknown) => {
        log.error({ err: error, channel }, 'mail queue claim failed');
        return 0;
      })
      .then((claimed) => {
        claiming = undefined;
        // A full claim may have left due rows behind.
        if (claimed === room) more = true;
        if (more) pump();
        else schedule(pollMs);
        return claimed;
      });
    return claiming;
  };

  /**
   * Claims more unless a claim is running, enough e-mails are on their way, or the last claim was under GATHER_MS
   * ago: then the claim's end, the send that brings them under REFILL_BELOW, or a timer claims again. So the
   * mailer's pool never waits for a round to finish.
   */
  const pump = () => {
    if (stopped || claiming) return;
    if (sending >= REFILL_BELOW) {
      more = true;
      return;
    }
    const wait = lastClaim + GATHER_MS - performance.now();
    if (sending > 0 && wait > 0) {
      more = true;
      schedule(wait);
      return;
    }
    void claimNow();
  };

  /** Until nothing claimed is unsent or unmarked, nor being claimed. */
  const settled = async () => {
    while (claiming || unsettled.size > 0) await Promise.all([claiming, ...unsettled]);
  };

  schedule(0);
  return {
    nudge() {
      more = true;
      pump();
    },
    async flush() {
      for (let i = 0; i < 100 && !stopped; i += 1) {
        await settled();
        const claimed = await claimNow();
        await settled();
        if (claimed === 0) break;
      }
    },
    async stop(graceMs = 5000) {
      stopped = true;
      clearTimeout(timer);
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([settled(), new Promise((resolve) => (wait = setTimeout(resolve, graceMs)))]);
      clearTimeout(wait);
    },
  };
}

/**
 * Marks sent rows in batches, one statement each: a batch is written GATHER_MS after its first row, and a send that
 * ends while it is being written waits for the next, so under load a batch holds whatever finished meanwhile. A failed batch is retried row by row, so a row
 * whose `sent` hook fails does not hold back the others' marks; a row still unmarked is sent again once its claim
 * expires (decision 025: sent twice, never lost).
 */
function markBatches(options: MailWorkerOptions) {
  let waiting: { row: MailRow; done: () => void }[] = [];
  let writing = false;
  const write = async () => {
    while (waiting.length > 0) {
      await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
      const batch = waiting;
      waiting = [];
      try {
        await markSent(
          options,
          batch.map((entry) => entry.row),
        );
      } catch {
        for (const { row } of batch) {
          await markSent(options, [row]).catch((error: unknown) =>
            options.log.error(
              { err: error, channel: options.channel, mailId: row.id },
              'e-mail sent but not marked; sent again when its claim expires',
            ),
          );
        }
      }
      for (const entry of batch) entry.done();
    }
    writing = false;
  };
  return {
    /** Resolves when the row's batch is written (or given up). */
    add(row: MailRow): Promise<void> {
      return new Promise((done) => {
        waiting.push({ row, done });
        if (!writing) {
          writing = true;
          void write();
        }
      });
    },
  };
}

async function prune(options: MailWorkerOptions, now: Date): Promise<void> {
  await options.db
    .delete(mailQueue)
    .where(
      and(
        eq(mailQueue.channel, options.channel),
        sql`${mailQueue.state} <> 'queued'`,
        lte(mailQueue.createdAt, new Date(now.getTime() - KEEP_DONE_MS)),
      ),
    );
}

/** Rows past their life unsent: a sign-in e-mail is 'expired' (its link is dead), other e-mail 'failed'. */
async function giveUpExpired(options: MailWorkerOptions, now: Date): Promise<void> {
  const { db, channel, hooks } = options;
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(mailQueue)
      .set({
        state: sql`case when ${mailQueue.kind} = 'sign_in' then 'expired' else 'failed' end`,
        text: sql`case when ${mailQueue.sealed} then '' else ${mailQueue.text} end`,
        html: sql`case when ${mailQueue.sealed} then '' else ${mailQueue.html} end`,
        lockedUntil: null,
      })
      .where(
        and(
          eq(mailQueue.channel, channel),
          eq(mailQueue.state, 'queued'),
          lte(mailQueue.expiresAt, now),
          or(isNull(mailQueue.lockedUntil), lte(mailQueue.lockedUntil, now)),
        ),
      )
      .returning();
    for (const row of rows) {
      await hooks?.[row.kind as MailKind]?.gaveUp?.(tx, row);
      options.seen?.gaveUp(row.state === 'expired' ? 'expired' : 'failed');
      options.log.warn(
        { mailId: row.id, kind: row.kind, state: row.state, attempts: row.attempts, lastError: row.lastError },
        'e-mail given up',
      );
    }
  });
}

/**
 * Claims due rows within the rate, in one call of qq_mail_claim (mail/qq_mail_claim.sql, decision 095): under an
 * advisory lock per channel (claims from all instances take turns, for a few milliseconds), the e-mails sent in the
 * last minute plus those being sent are counted, and at most the rest of SIGNIN_MAIL_PER_MINUTE is claimed (and of its
 * sixth in the last 10 seconds). SKIP LOCKED keeps a claim from waiting on rows another transaction holds.
 *
 * The rows come in turns (decision 058). A client is an IP and the browser binding it presented (none: one client per
 * IP); other e-mail is one client of its own. Within an IP, its clients take turns: a client's k-th due row comes in
 * round k plus what the client was sent (or is being sent) in the last minute, so one client's burst waits behind every
 * other client's next e-mail. Across IPs, the j-th row of an IP in that order comes at (j + what the IP was sent in the
 * last minute) / (1 + the links its visitors used, signed in with, in the last minute): a ship whose passengers sign in
 * takes turns in proportion, a script making up browsers that open nothing takes one turn among all. Oldest first
 * within a turn.
 */
async function claim(options: MailWorkerOptions, now: Date, most: number): Promise<MailRow[]> {
  const { db, channel } = options;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from qq_mail_claim(p_channel => ${channel}, p_now => ${now.toISOString()}::timestamptz, p_most => ${most}::int,
      p_per_minute => ${options.perMinute}::int, p_rate_since => ${new Date(now.getTime() - RATE_WINDOW_MS).toISOString()}::timestamptz,
      p_pace => ${paceOf(options.perMinute)}::int, p_pace_since => ${new Date(now.getTime() - PACE_WINDOW_MS).toISOString()}::timestamptz,
      p_claim_until => ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz)`,
  );
  return rows.map(mailRowOf).sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.id - b.id);
}

const mailColumns = Object.entries(getTableColumns(mailQueue));

/** A row of mail_queue as the database driver gives it, read as Drizzle reads the table's rows. */
function mailRowOf(raw: Record<string, unknown>): MailRow {
  return Object.fromEntries(
    mailColumns.map(([key, column]) => {
      const value = raw[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as MailRow;
}

/** Sends one claimed row; true when the SMTP server took it. A failure schedules the row's next attempt. */
async function deliver(options: MailWorkerOptions, row: MailRow, fromName: string | undefined): Promise<boolean> {
  const { db, secret, log } = options;
  try {
    await options.mailer.send({
      ...(fromName ? { fromName } : {}),
      to: row.recipient,
      subject: row.subject,
      text: row.sealed ? unseal(secret, row.text) : row.text,
      html: row.sealed ? unseal(secret, row.html) : row.html,
      ...(row.messageId ? { messageId: row.messageId } : {}),
      ...(row.replyTo ? { replyTo: row.replyTo } : {}),
    });
    options.seen?.sent();
    return true;
  } catch (error) {
    options.seen?.failed();
    const at = options.now();
    const delay = RETRY_DELAYS_MS[Math.min(row.attempts, RETRY_DELAYS_MS.length) - 1]!;
    // The transport's message names the server and its answer, never the e-mail's body.
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    await db
      .update(mailQueue)
      .set({ lockedUntil: null, nextAttemptAt: new Date(at + delay), lastError: reason })
      .where(and(eq(mailQueue.id, row.id), eq(mailQueue.state, 'queued')));
    log.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, retryInMs: delay, reason }, 'e-mail not sent; will retry');
    return false;
  }
}

/** Marks the sent rows in one statement, blanking sealed bodies, and runs each kind's `sent` hook in the same transaction. */
async function markSent(options: MailWorkerOptions, rows: MailRow[]): Promise<void> {
  if (rows.length === 0) return;
  const { db, hooks } = options;
  const sentAt = new Date(options.now());
  const mark = (tx: DbOrTx) =>
    tx
      .update(mailQueue)
      .set({
        state: 'sent',
        sentAt,
        lockedUntil: null,
        lastError: null,
        text: sql`case when ${mailQueue.sealed} then '' else ${mailQueue.text} end`,
        html: sql`case when ${mailQueue.sealed} then '' else ${mailQueue.html} end`,
      })
      .where(
        and(
          inArray(
            mailQueue.id,
            rows.map((row) => row.id),
          ),
          eq(mailQueue.state, 'queued'),
        ),
      )
      .returning();
  // Without a `sent` hook for any of the rows' kinds (a sign-in e-mail has none), the mark is one statement and needs
  // no transaction of its own: one round trip instead of three (decision 095).
  if (!rows.some((row) => typeof hooks?.[row.kind as MailKind]?.sent === 'function')) {
    await mark(db);
    return;
  }
  await db.transaction(async (tx) => {
    for (const row of await mark(tx)) await hooks?.[row.kind as MailKind]?.sent?.(tx, row, sentAt);
  });
}

export interface MailQueueStats {
  queued: number;
  due: number;
  oldestDueSeconds: number;
  /**
   * How long the oldest unsent e-mail has waited since it was queued: it grows while the SMTP server is down, when
   * `oldestDueSeconds` stays near 0 (a failed e-mail is due again only at its next retry).
   */
  oldestQueuedSeconds: number;
  sentLastHour: number;
  failedLastDay: number;
  expiredLastDay: number;
}

/** For /metrics and `ops mail:status`: the queue of every channel. */
export async function mailQueueStats(db: DbOrTx, nowMs: number): Promise<MailQueueStats> {
  const now = sql`${new Date(nowMs).toISOString()}::timestamptz`;
  const hourAgo = sql`${new Date(nowMs - 3_600_000).toISOString()}::timestamptz`;
  const dayAgo = new Date(nowMs - 86_400_000);
  const dayAgoSql = sql`${dayAgo.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${mailQueue.state} = 'queued')::int`,
      due: sql<number>`count(*) filter (where ${mailQueue.state} = 'queued' and ${mailQueue.nextAttemptAt} <= ${now})::int`,
      oldestDue: sql<
        Date | string | null
      >`min(${mailQueue.nextAttemptAt}) filter (where ${mailQueue.state} = 'queued' and ${mailQueue.nextAttemptAt} <= ${now})`,
      oldestQueued: sql<Date | string | null>`min(${mailQueue.createdAt}) filter (where ${mailQueue.state} = 'queued')`,
      sentLastHour: sql<number>`count(*) filter (where ${mailQueue.sentAt} > ${hourAgo})::int`,
      failedLastDay: sql<number>`count(*) filter (where ${mailQueue.state} = 'failed' and ${mailQueue.createdAt} > ${dayAgoSql})::int`,
      expiredLastDay: sql<number>`count(*) filter (where ${mailQueue.state} = 'expired' and ${mailQueue.createdAt} > ${dayAgoSql})::int`,
    })
    .from(mailQueue)
    .where(or(eq(mailQueue.state, 'queued'), gt(mailQueue.createdAt, dayAgo)));
  const oldest = row?.oldestDue ? new Date(row.oldestDue).getTime() : nowMs;
  const oldestQueued = row?.oldestQueued ? new Date(row.oldestQueued).getTime() : nowMs;
  return {
    queued: Number(row?.queued ?? 0),
    due: Number(row?.due ?? 0),
    oldestDueSeconds: Math.max(0, Math.round((nowMs - oldest) / 1000)),
    oldestQueuedSeconds: Math.max(0, Math.round((nowMs - oldestQueued) / 1000)),
    sentLastHour: Number(row?.sentLastHour ?? 0),
    failedLastDay: Number(row?.failedLastDay ?? 0),
    expiredLastDay: Number(row?.expiredLastDay ?? 0),
  };
}
