// The crew's announcements (issue 27 part 6, decision 078): an admin writes one in the console, in English and in
// whichever of the app's languages they can; it shows as a banner in the app from its time (now, or later in the
// campaign's zone) for its hours, to everyone or to those with no answer today, and with `push` or `email` it also
// goes once to the visitors of its audience who turned that reminder on (reminders/queue.ts queues it, the reminder
// worker sends it). Withdrawn, it shows no more and what is still queued is not sent.
import {
  type ConsoleAnnouncement,
  type Language,
  type NewAnnouncement,
  type VisitorAnnouncement,
  LANGUAGES,
} from '@quackquest/contract';
import { sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit';
import { type DbOrTx, queryRows } from '../db/client';
import { announcements } from '../db/schema';
import { conflict, invalid, notFound } from '../domain/errors';
import { announcementText } from '../reminders/reminder-texts';
import { zonedInstant } from '../text/time';

const HOUR_S = 60 * 60;
/** A time a little in the past is "now": the form was filled in a minute ago. */
const PAST_GRACE_S = 10 * 60;
/** The console lists this many, newest first. */
const LIST_MOST = 50;

export async function createAnnouncement(
  db: DbOrTx,
  body: NewAnnouncement,
  options: { actor: string; now: Date; timeZone: string },
): Promise<number> {
  const nowS = Math.floor(options.now.getTime() / 1000);
  const asked = body.showAt === undefined ? nowS : zonedInstant(body.showAt, options.timeZone);
  if (asked < nowS - PAST_GRACE_S) throw invalid('That time has passed. Leave the time empty to show it now.');
  const showAt = Math.max(asked, nowS);
  const texts = Object.fromEntries(LANGUAGES.flatMap((lang) => (body.texts[lang] ? [[lang, body.texts[lang]]] : [])));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        texts,
        audience: body.audience,
        showAt: new Date(showAt * 1000),
        endsAt: new Date((showAt + body.hours * HOUR_S) * 1000),
        push: body.push,
        email: body.email,
        createdBy: options.actor,
        createdAt: options.now,
      })
      .returning({ id: announcements.id });
    await recordAudit(tx, {
      actor: options.actor,
      action: 'announcement.create',
      subject: `announcement:${row!.id}`,
      after: { texts, audience: body.audience, showAt, hours: body.hours, push: body.push, email: body.email },
      at: options.now,
    });
    return row!.id;
  });
}

/** Ends an announcement now: its banner goes and its queued pushes and e-mails are not sent. */
export async function withdrawAnnouncement(db: DbOrTx, id: number, options: { actor: string; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ withdrawn_at: Date | null }>(
      tx,
      sql`select withdrawn_at from announcements where id = ${id} for update`,
    );
    if (!row) throw notFound('No announcement has this number.');
    if (row.withdrawn_at !== null) throw conflict('This announcement was already withdrawn.');
    const at = options.now.toISOString();
    await tx.execute(sql`update announcements set withdrawn_at = ${at}::timestamptz where id = ${id}`);
    await tx.execute(
      sql`update reminder_queue set state = 'withdrawn', locked_until = null where announcement_id = ${id} and state = 'queued'`,
    );
    await recordAudit(tx, {
      actor: options.actor,
      action: 'announcement.withdraw',
      subject: `announcement:${id}`,
      at: options.now,
    });
  });
}

type Row = {
  id: string;
  texts: Record<string, string>;
  audience: string;
  show_at: string;
  ends_at: string;
  push: boolean;
  email: boolean;
  created_by: string;
  withdrawn_at: string | null;
  queued: number;
  sent: number;
  not_sent: number;
};

/** Newest first, with what became of their pushes and e-mails. */
export async function listAnnouncements(db: DbOrTx, now: Date): Promise<ConsoleAnnouncement[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select a.id, a.texts, a.audience, extract(epoch from a.show_at)::bigint as show_at,
               extract(epoch from a.ends_at)::bigint as ends_at, a.push, a.email, a.created_by,
               extract(epoch from a.withdrawn_at)::bigint as withdrawn_at,
               count(q.id) filter (where q.state = 'queued')::int as queued,
               count(q.id) filter (where q.state = 'sent')::int as sent,
               count(q.id) filter (where q.state not in ('queued', 'sent'))::int as not_sent
        from announcements a left join reminder_queue q on q.announcement_id = a.id
        group by a.id order by a.id desc limit ${LIST_MOST}`,
  );
  const nowS = now.getTime() / 1000;
  return rows.map((row) => {
    const [showAt, endsAt] = [Number(row.show_at), Number(row.ends_at)];
    const withdrawnAt = row.withdrawn_at === null ? null : Number(row.withdrawn_at);
    return {
      id: Number(row.id),
      texts: row.texts,
      audience: row.audience === 'no_answer_today' ? 'no_answer_today' : 'everyone',
      showAt,
      endsAt,
      push: row.push,
      email: row.email,
      createdBy: row.created_by,
      withdrawnAt,
      state: withdrawnAt !== null ? 'withdrawn' : nowS < showAt ? 'scheduled' : nowS < endsAt ? 'showing' : 'ended',
      sends: { queued: row.queued, sent: row.sent, notSent: row.not_sent },
    };
  });
}

/**
 * What shows now for this visitor, newest first, in their language where the crew wrote it. "No answer today" is
 * judged now: a banner asking for today's answer goes once they answered.
 */
export async function visitorAnnouncements(
  db: DbOrTx,
  visitor: { userId: number; language: Language },
  options: { now: Date; todayStart: Date },
): Promise<VisitorAnnouncement[]> {
  const at = options.now.toISOString();
  const rows = await queryRows<{ id: string; texts: Record<string, string> }>(
    db,
    sql`select id, texts from announcements a
        where withdrawn_at is null and show_at <= ${at}::timestamptz and ends_at > ${at}::timestamptz
          and (audience = 'everyone' or not exists (
            select 1 from attempts t
            where t.user_id = ${visitor.userId} and t.created_at >= ${options.todayStart.toISOString()}::timestamptz))
        order by show_at desc, id desc limit 5`,
  );
  return rows.map((row) => ({ id: Number(row.id), ...announcementText(row.texts, visitor.language) }));
}
