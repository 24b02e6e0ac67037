// The database-wide figures (the mail queue, the review backlog, sessions waiting for a lock), exported by one
// instance only (database.leadsMetrics(), db/client.ts): every instance reading the same rows made each series
// appear once per instance, and a sum over instances counted the queue twice (issue 31). Gauges of one kind of
// thing each, in base units, never a count and an age in one metric.
import { sql } from 'drizzle-orm';
import { Gauge, Registry } from 'prom-client';
import { readReviewBacklog } from '../dashboard/dashboard';
import { type Database, queryRows } from '../db/client';
import { mailQueueStats } from '../mail/queue';

/** A scrape never waits long for the database: a locked table fails this part and the rest is answered. */
const READ_TIMEOUT_MS = 2_000;

export function databaseMetrics(database: Database, now: () => number) {
  const registry = new Registry();
  const registers = [registry];
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers });
  const mailQueued = gauge('qq_mail_queued_emails', 'E-mails in the queue, not yet sent nor given up (decision 025)');
  const mailDue = gauge('qq_mail_due_emails', 'Queued e-mails due now (the others wait for their next retry)');
  const mailOldest = gauge(
    'qq_mail_oldest_queued_age_seconds',
    'How long the oldest unsent e-mail has waited since it was queued (grows while the SMTP server is down)',
  );
  const reviewPending = gauge('qq_review_pending_answers', 'Text and photo answers waiting for a reviewer');
  const reviewOldest = gauge(
    'qq_review_oldest_pending_age_seconds',
    'How long the oldest answer waiting for a reviewer has waited',
  );
  const lockWaiting = gauge('qq_db_lock_waiting_sessions', 'Sessions of this database waiting for a lock (advisory locks aside)');
  const lockOldest = gauge('qq_db_oldest_lock_wait_seconds', 'How long the session waiting longest for a lock has waited');

  /** The figures, read now in one short read-only transaction; rejects when the database does not answer in time. */
  async function refresh(): Promise<void> {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${READ_TIMEOUT_MS}`));
      // One after another: a transaction's statements share its connection.
      const mail = await mailQueueStats(tx, now());
      const backlog = await readReviewBacklog(tx);
      const locks =
        database.kind === 'postgres'
          ? await queryRows<{ waiting: number; oldest: number }>(
              tx,
              sql`select count(*)::int as waiting, coalesce(extract(epoch from max(now() - query_start)), 0)::float8 as oldest
                  from pg_stat_activity
                  where wait_event_type = 'Lock' and wait_event <> 'advisory' and datname = current_database()`,
            )
          : [];
      mailQueued.set(mail.queued);
      mailDue.set(mail.due);
      mailOldest.set(mail.oldestQueuedSeconds);
      reviewPending.set(backlog.pending);
      const oldestPendingAt = backlog.oldestPendingAt;
      reviewOldest.set(oldestPendingAt === null ? 0 : Math.max(0, Math.floor(now() / 1000) - oldestPendingAt));
      lockWaiting.set(Number(locks[0]?.waiting ?? 0));
      lockOldest.set(Number(locks[0]?.oldest ?? 0));
    });
  }
  return { registry, refresh };
}
