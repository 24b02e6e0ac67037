// A visitor's reminders (issue 27 part 6, decisions 063 and 078): a push or e-mail reminder is on only once they
// turned it on, with the time recorded (PDPA: consent given, and when); turning it off records when, blanks the
// subscription and cancels what was queued for it, e-mail already handed to the mail queue included. An erasure
// deletes the rows (participants/participants.ts).
import { type PushSubscriptionBody, type Reminders, said } from '@quackquest/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { mailQueue, reminderOptIns, reminderQueue, users } from '../db/schema';
import { invalid } from '../domain/errors';
import { isKnownPushService } from './push-services';

type Channel = 'push' | 'email';

export async function readReminders(db: DbOrTx, userId: number, publicKey: string): Promise<Reminders> {
  const live = await db
    .select({ channel: reminderOptIns.channel })
    .from(reminderOptIns)
    .where(and(eq(reminderOptIns.userId, userId), isNull(reminderOptIns.withdrawnAt)));
  const on = new Set(live.map((row) => row.channel));
  return { push: on.has('push'), email: on.has('email'), publicKey };
}

/** Turns the push reminder on for this browser's subscription; another device's is withdrawn (one per visitor). */
export async function optInPush(
  db: DbOrTx,
  userId: number,
  subscription: PushSubscriptionBody,
  options: { services: readonly string[]; now: Date; language: string | null },
): Promise<void> {
  if (!isKnownPushService(subscription.endpoint, options.services)) throw invalid(said('pushServiceUnknown'));
  await db.transaction(async (tx) => {
    await keepLanguage(tx, userId, options.language);
    await withdrawIn(tx, userId, 'push', options.now);
    await tx.insert(reminderOptIns).values({
      userId,
      channel: 'push',
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      optedInAt: options.now,
    });
  });
}

/** Turns the e-mail reminder on (to the account's address); a second yes changes nothing. */
export async function optInEmail(db: DbOrTx, userId: number, options: { now: Date; language: string | null }): Promise<void> {
  await db.transaction(async (tx) => {
    await keepLanguage(tx, userId, options.language);
    await tx
      .insert(reminderOptIns)
      .values({ userId, channel: 'email', optedInAt: options.now })
      .onConflictDoNothing({ target: [reminderOptIns.userId, reminderOptIns.channel], where: sql`withdrawn_at is null` });
  });
}

/** Reminders speak the language the visitor asked for them in (null: English), as sign-in e-mail does. */
async function keepLanguage(tx: Tx, userId: number, language: string | null): Promise<void> {
  await tx
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), sql`${users.language} is distinct from ${language}`));
}

/** Turns a reminder off: nothing more is sent on that channel, what is queued included. */
export async function withdrawReminder(db: DbOrTx, userId: number, channel: Channel, now: Date): Promise<void> {
  await db.transaction((tx) => withdrawIn(tx, userId, channel, now));
}

async function withdrawIn(tx: Tx, userId: number, channel: Channel, now: Date): Promise<void> {
  const withdrawn = await tx
    .update(reminderOptIns)
    .set({ withdrawnAt: now, endpoint: null, p256dh: null, auth: null })
    .where(and(eq(reminderOptIns.userId, userId), eq(reminderOptIns.channel, channel), isNull(reminderOptIns.withdrawnAt)))
    .returning({ id: reminderOptIns.id });
  if (withdrawn.length === 0) return;
  await tx
    .update(reminderQueue)
    .set({ state: 'withdrawn', lockedUntil: null })
    .where(
      and(
        inArray(
          reminderQueue.optInId,
          withdrawn.map((row) => row.id),
        ),
        eq(reminderQueue.state, 'queued'),
      ),
    );
  if (channel !== 'email') return;
  // What was already handed to the mail queue and not yet sent (at most its small backlog, decision 078).
  await tx
    .update(mailQueue)
    .set({ state: 'withdrawn', lockedUntil: null, text: '', html: '' })
    .where(
      and(
        eq(mailQueue.state, 'queued'),
        inArray(mailQueue.kind, ['reminder', 'announcement']),
        eq(mailQueue.recipient, sql`(select ${users.email} from ${users} where ${users.id} = ${userId})`),
      ),
    );
}
