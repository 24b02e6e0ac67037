// Sends the reminders and the crew's announcements (decisions 063 and 078). Each server process runs one worker:
// every few seconds it queues the reminders of an unlock that has just passed (once per unlock and process; the
// database keeps it to one row per visitor whoever queues) and the pushes and e-mails of an announcement whose time
// has come, and it claims due push rows and hands each to its push service: the payload encrypted to the
// subscription's keys (aes128gcm, RFC 8291) and signed with our VAPID key (RFC 8292) by the web-push library, sent
// with fetch over kept-alive connections. E-mail rows go to the mail queue a few hundred at a time. Rounds follow
// each other while rows are due; PUSH_PER_MINUTE (and the mail queue's rate) holds the surplus in the queue, which
// survives restarts.
import webPush from 'web-push';
import type { Db } from '../db/client';
import type { MailQueueHandle } from '../mail/queue';
import { reminderPayload } from './reminder-texts';
import {
  type ClaimedReminder,
  claimReminders,
  dueAnnouncements,
  giveUpExpired,
  handOverEmails,
  markRefused,
  markRetry,
  markSent,
  queueAnnouncement,
  queueUnlock,
  recentUnlocks,
} from './queue';
import type { Vapid } from './vapid';

/** Reminders claimed per round. */
const ROUND = 500;
/**
 * Pushes on their way at once, each send yielding to the I/O that arrived meanwhile: 100 at once, without yielding,
 * held the server's one thread so that visitors' answers took 0.2 s (p50) and 1 s (p99) while 15,000 pushes left;
 * 20 with a yield keep them at 19 and 62 ms and send as fast (bench/reminders.ts). Against a push service 50 ms away,
 * 20 at once are about 400 a second per instance.
 */
const IN_FLIGHT = 20;
/**
 * Reminder e-mails waiting in the mail queue at most (decision 078): enough to keep its pool busy between two rounds,
 * few enough that the mail queue's fair-turns claim stays cheap and a visitor who turns e-mail off is spared the rest.
 */
const MAIL_BACKLOG = 300;
const SEND_TIMEOUT_MS = 10_000;
const SCHEDULE_EVERY_MS = 5_000;
const RETRY_DELAYS_MS = [30_000, 120_000, 600_000];
/** Kept by the push service this long when the phone is off: past it the day's reminder is old news. */
const TTL_S = 3 * 60 * 60;
/**
 * A VAPID token (RFC 8292) is good for every message to one push service until it expires (24 hours at most): signed
 * once per push service for 12 hours and used for 11. Signing it (ES256) per message was two thirds of a push's CPU
 * (0.33 of 0.51 ms here), and 50,000 reminders at midnight held the server's one thread long enough to slow visitors'
 * answers (bench/reminders.ts).
 */
const VAPID_TOKEN_S = 12 * 60 * 60;
const VAPID_REUSE_MS = 11 * 60 * 60_000;

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export interface ReminderWorkerOptions {
  db: Db;
  vapid: Vapid;
  channel: string;
  perMinute: number;
  now: () => number;
  log: Log;
  appName: () => Promise<string>;
  /** Where e-mail reminders go (the mail queue) and the address their links point to. */
  mail: MailQueueHandle;
  publicUrl: string;
  /** 00:00 today in the campaign's zone, for an announcement to those with no answer today. */
  todayStart: (now: Date) => Promise<Date>;
  pollMs?: number;
}

export interface ReminderWorker {
  /** Queues and sends what is due now, until nothing is (tests and the bench). */
  flush(): Promise<void>;
  stop(graceMs?: number): Promise<void>;
}

export function startReminderWorker(options: ReminderWorkerOptions): ReminderWorker {
  const pollMs = options.pollMs ?? 1000;
  const authorization = vapidTokens(options.vapid);
  const queuedUnlocks = new Set<number>();
  let lastSchedule = -Infinity;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const schedule = async (now: Date) => {
    if (now.getTime() - lastSchedule < SCHEDULE_EVERY_MS && lastSchedule <= now.getTime()) return;
    lastSchedule = now.getTime();
    await giveUpExpired(options.db, options.channel, now);
    for (const opensAt of await recentUnlocks(options.db, Math.floor(now.getTime() / 1000))) {
      if (queuedUnlocks.has(opensAt)) continue;
      await queueUnlock(options.db, opensAt, options.channel, now);
      queuedUnlocks.add(opensAt);
    }
    for (const announcement of await dueAnnouncements(options.db, now)) {
      const todayStart = await options.todayStart(now);
      await queueAnnouncement(options.db, announcement, { channel: options.channel, now, todayStart });
    }
  };

  /** One round: returns how many were claimed. */
  const round = async (force: boolean): Promise<number> => {
    const now = new Date(options.now());
    if (force) lastSchedule = -Infinity;
    await schedule(now);
    const appName = await options.appName().catch(() => 'QuackQuest');
    const handed = await handOverEmails(options.db, {
      mail: options.mail,
      now,
      backlog: MAIL_BACKLOG,
      appName,
      publicUrl: options.publicUrl,
    });
    if (handed > 0) options.mail.nudge();
    const claimed = await claimReminders(options.db, {
      channel: options.channel,
      now,
      most: ROUND,
      perMinute: options.perMinute,
    });
    if (claimed.length === 0) return handed;
    const sent: number[] = [];
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) {
        const reminder = claimed[next++]!;
        if (await deliver(options, reminder, appName, authorization)) sent.push(reminder.id);
        // The visitors' requests first: each send waits for the I/O that arrived meanwhile.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, claimed.length) }, lane));
    await markSent(options.db, sent, new Date(options.now()));
    return Math.max(claimed.length, handed);
  };

  const tick = () => {
    if (stopped || running) return;
    running = round(false)
      .catch((error: unknown) => {
        options.log.error({ err: error, channel: options.channel }, 'reminder round failed');
        return 0;
      })
      .finally(() => (running = undefined));
    void running.then((claimed) => {
      if (stopped) return;
      timer = setTimeout(tick, claimed === ROUND ? 0 : pollMs);
      timer.unref();
    });
  };
  timer = setTimeout(tick, 0);
  timer.unref();

  return {
    async flush() {
      await running;
      for (let i = 0; i < 1000 && !stopped; i += 1) {
        if ((await round(i === 0)) === 0) break;
      }
    },
    async stop(graceMs = 5000) {
      stopped = true;
      clearTimeout(timer);
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((resolve) => (wait = setTimeout(resolve, graceMs)))]);
      clearTimeout(wait);
    },
  };
}

/**
 * The Authorization header of our VAPID token for a push endpoint's service, signed once per service and period. On
 * the real clock, not the app's: the push service judges the token's expiry by its own.
 */
function vapidTokens(vapid: Vapid): (endpoint: string) => string {
  const tokens = new Map<string, { header: string; until: number }>();
  return (endpoint) => {
    const now = Date.now();
    const audience = new URL(endpoint).origin;
    const kept = tokens.get(audience);
    if (kept && kept.until > now) return kept.header;
    const { Authorization } = webPush.getVapidHeaders(
      audience,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      Math.floor(now / 1000) + VAPID_TOKEN_S,
    );
    tokens.set(audience, { header: Authorization, until: now + VAPID_REUSE_MS });
    return Authorization;
  };
}

/** Sends one reminder; true when its push service took it. A refusal or failure is written to its row. */
async function deliver(
  options: ReminderWorkerOptions,
  reminder: ClaimedReminder,
  appName: string,
  authorization: (endpoint: string) => string,
): Promise<boolean> {
  const payload = reminderPayload(appName, reminder);
  let status: number;
  let reason: string;
  try {
    const request = webPush.generateRequestDetails(
      { endpoint: reminder.endpoint, keys: { p256dh: reminder.p256dh, auth: reminder.auth } },
      JSON.stringify(payload),
      {
        headers: { Authorization: authorization(reminder.endpoint) },
        TTL: TTL_S,
        // The push service keeps one undelivered message per topic: one sent twice is delivered once.
        topic: payload.tag,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      },
    );
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers: request.headers as Record<string, string>,
      body: request.body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    status = response.status;
    if (status >= 200 && status < 300) {
      await response.body?.cancel();
      return true;
    }
    reason = `${status} ${(await response.text().catch(() => '')).slice(0, 200)}`.trim();
  } catch (error) {
    status = 0;
    reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
  }
  const at = new Date(options.now());
  // 404 and 410: the subscription expired or was cancelled in the browser; 400, 403, 413: this message never works.
  if (status === 404 || status === 410) await markRefused(options.db, reminder.id, 'gone', reason, at);
  else if (status === 400 || status === 403 || status === 413) await markRefused(options.db, reminder.id, 'failed', reason, at);
  else {
    const delay = RETRY_DELAYS_MS[Math.min(reminder.attempts, RETRY_DELAYS_MS.length) - 1]!;
    await markRetry(options.db, reminder.id, reason, new Date(at.getTime() + delay));
  }
  options.log.warn({ reminderId: reminder.id, status, reason, attempts: reminder.attempts }, 'reminder not sent');
  return false;
}
