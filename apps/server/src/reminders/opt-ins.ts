// A visitor's reminders (issue 27 part 6, decision 063): a push reminder is on only once they turned it on, with
// the time recorded (PDPA: consent given, and when); turning it off records when, blanks the subscription and
// cancels what was queued for it. An erasure deletes the rows (participants/participants.ts).
import { type PushSubscriptionBody, type Reminders, said } from '@quackquest/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { reminderOptIns, reminderQueue } from '../db/schema';
import { invalid } from '../domain/errors';
import { isKnownPushService } from './push-services';

export async function readReminders(db: DbOrTx, userId: number, publicKey: string): Promise<Reminders> {
  const [live] = await db
    .select({ id: reminderOptIns.id })
    .from(reminderOptIns)
    .where(and(eq(reminderOptIns.userId, userId), eq(reminderOptIns.channel, 'push'), isNull(reminderOptIns.withdrawnAt)));
  return { push: live !== undefined, publicKey };
}

/** Turns the push reminder on for this browser's subscription; another device's is withdrawn (one per visitor). */
export async function optInPush(
  db: DbOrTx,
  userId: number,
  subscription: PushSubscriptionBody,
  options: { services: readonly string[]; now: Date },
): Promise<void> {
  if (!isKnownPushService(subscription.endpoint, options.services)) throw invalid(said('pushServiceUnknown'));
  await db.transaction(async (tx) => {
    await withdrawIn(tx, userId, options.now);
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

/** Turns the push reminder off: nothing more is sent, what is queued included. */
export async function withdrawPush(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db.transaction((tx) => withdrawIn(tx, userId, now));
}

async function withdrawIn(tx: Tx, userId: number, now: Date): Promise<void> {
  const withdrawn = await tx
    .update(reminderOptIns)
    .set({ withdrawnAt: now, endpoint: null, p256dh: null, auth: null })
    .where(and(eq(reminderOptIns.userId, userId), eq(reminderOptIns.channel, 'push'), isNull(reminderOptIns.withdrawnAt)))
    .returning({ id: reminderOptIns.id });
  for (const { id } of withdrawn) {
    await tx
      .update(reminderQueue)
      .set({ state: 'withdrawn', lockedUntil: null })
      .where(and(eq(reminderQueue.optInId, id), eq(reminderQueue.state, 'queued')));
  }
}
