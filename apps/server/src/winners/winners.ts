// Notifying winners (docs/product.md §10, §15, decision 022): the top N of the leaderboard, or chosen visitors,
// get an e-mail with the reply deadline of the terms (terms.winnerReplyDays after the day they are notified,
// in the campaign's time zone), and a row in winner_notices, so a second call does not e-mail them again
// unless asked to (`resend`).
//
// The e-mails go through the mail queue (mail/queue.ts, decision 025): under a lock, in one transaction, each
// visitor to notify gets a notice row without `notifiedAt` (queued: a second call meanwhile skips them), the
// e-mail is queued with the notice's Message-ID, and the audit row is written. The worker sends it and sets
// `notifiedAt` (sent); an e-mail the worker gives up on (a day of failures) deletes its notice, so the visitor
// can be notified again and no deadline runs against an e-mail never sent.
import { randomUUID } from 'node:crypto';
import { type Language, WINNERS_MAX, said } from '@quackquest/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit';
import type { ActiveCampaign } from '../campaign/active';
import { addDays, dayStart, formatDay } from '../text/time';
import { type Db, type DbOrTx, queryRows } from '../db/client';
import { auditLog, ledger, users, winnerNotices } from '../db/schema';
import { conflict, invalid, notFound } from '../domain/errors';
import { rankedVisitors } from '../exports/exports';
import { type MailHooks, type MailQueueHandle, OTHER_MAIL_LIFE_MS, enqueueMail } from '../mail/queue';
import { escapeHtml } from '../text/html';

/** Serialises step 1 of notifying: an arbitrary constant key for pg_advisory_xact_lock. */
const WINNERS_LOCK = 0x77696e;

export interface WinnerSelection {
  /** The first N of the leaderboard. */
  top?: number;
  /** Or these visitors. */
  userIds?: number[];
}

export interface WinnerCandidate {
  userId: number;
  /** As in the leaderboard CSV: "3", or "3=" for a tie the rules do not break. */
  rank: string;
  name: string;
  email: string;
  ducks: number;
  /** The last notice e-mailed to this visitor, if any. */
  notifiedAt: Date | null;
  notifiedBy: string | null;
  deadline: Date | null;
  /** A notice whose e-mail is still in the mail queue. */
  queued: boolean;
  /** The language of their last sign-in (users.language, decision 037); null or absent is English. */
  language?: string | null;
  /**
   * What a prize committee must ask about before a prize (issue 32 part 3): ducks given or taken by hand (the net
   * amount and how many adjustments), whether the visitor was ever blocked, and how many other accounts have the same
   * phone number (its digits).
   */
  flags: { adjusted: number; adjustments: number; everBlocked: boolean; samePhone: number };
}

interface CandidateRow {
  id: string | number;
  full_name: string;
  email: string;
  ducks: number;
  rank: string | number;
  upto: string | number;
  notified_at: Date | string | null;
  notified_by: string | null;
  deadline: Date | string | null;
  queued: boolean;
  language: string | null;
  adjusted: string | number;
  adjustments: string | number;
  ever_blocked: boolean;
  same_phone: string | number;
}

const date = (value: Date | string | null) => (value === null ? null : value instanceof Date ? value : new Date(value));

/** The selected visitors in leaderboard order, with their rank (ties as in the leaderboard CSV) and last notice. */
export async function previewWinners(db: DbOrTx, selection: WinnerSelection): Promise<WinnerCandidate[]> {
  const { top, userIds } = checkSelection(selection);
  const ranked = rankedVisitors;
  const chosen =
    top !== undefined
      ? sql`(${ranked} limit ${top}) ranked`
      : sql`(select * from (${ranked}) everyone where id = any(${sql.raw(`array[${userIds!.map(Number).join(',')}]::bigint[]`)})) ranked`;
  const rows = await queryRows<CandidateRow>(
    db,
    sql`
    with blocked_ever as materialized (
      select distinct substring(subject from 6) as id from ${auditLog} where action = 'participant.block'
    ), phones as materialized (
      select regexp_replace(phone, '[^0-9]', '', 'g') as digits, count(*) as accounts
      from ${users} where length(regexp_replace(phone, '[^0-9]', '', 'g')) >= 6 group by 1
    )
    -- Each read once and joined (bench/winners.ts): as subqueries, PostgreSQL ran them again for every winner.
    select ranked.*, n.notified_at, n.notified_by, n.deadline,
      (select language from ${users} lu where lu.id = ranked.id) as language,
      exists (select 1 from ${winnerNotices} q where q.user_id = ranked.id and q.notified_at is null) as queued,
      a.adjusted, a.adjustments,
      b.id is not null as ever_blocked,
      coalesce(p.accounts - 1, 0) as same_phone
    from ${chosen}
    left join blocked_ever b on b.id = ranked.id::text
    left join phones p on p.digits = regexp_replace(ranked.phone, '[^0-9]', '', 'g')
    left join lateral (
      select notified_at, notified_by, deadline from ${winnerNotices}
      where user_id = ranked.id and notified_at is not null order by id desc limit 1
    ) n on true
    cross join lateral (
      select coalesce(sum(amount), 0) as adjusted, count(*) as adjustments from ${ledger}
      where user_id = ranked.id and kind = 'adjustment'
    ) a
    order by ranked.rank, ranked.id`,
  );
  if (userIds && rows.length < new Set(userIds).size) {
    const found = new Set(rows.map((row) => Number(row.id)));
    const missing = userIds.filter((id) => !found.has(id));
    throw notFound(`No visitor has the id ${missing.join(', ')}.`);
  }
  return rows.map((row) => {
    const rank = Number(row.rank);
    return {
      userId: Number(row.id),
      rank: Number(row.upto) > rank ? `${rank}=` : String(rank),
      name: row.full_name,
      email: row.email,
      ducks: Number(row.ducks),
      notifiedAt: date(row.notified_at),
      notifiedBy: row.notified_by,
      deadline: date(row.deadline),
      queued: Boolean(row.queued),
      language: row.language,
      flags: {
        adjusted: Number(row.adjusted),
        adjustments: Number(row.adjustments),
        everBlocked: Boolean(row.ever_blocked),
        samePhone: Number(row.same_phone),
      },
    };
  });
}

function checkSelection({ top, userIds }: WinnerSelection): WinnerSelection {
  if ((top === undefined) === (userIds === undefined)) throw invalid('Choose either the top N or a list of visitors.');
  if (top !== undefined && (!Number.isInteger(top) || top < 1 || top > WINNERS_MAX)) {
    throw invalid(`The number of winners must be between 1 and ${WINNERS_MAX}.`);
  }
  if (userIds !== undefined && (userIds.length < 1 || userIds.length > WINNERS_MAX || !userIds.every(Number.isSafeInteger))) {
    throw invalid(`Choose between 1 and ${WINNERS_MAX} visitors.`);
  }
  return { top, userIds };
}

/** The end of the last day to reply: `days` calendar days after the day of `now`, both in `timeZone`. */
export function replyDeadline(now: Date, days: number, timeZone: string): Date {
  const lastDay = addDays(formatDay(now, timeZone), days);
  return new Date((dayStart(addDays(lastDay, 1), timeZone) - 1) * 1000);
}

/** "Monday 29 September 2025, 23:59 (Asia/Singapore time)". */
export function formatDeadline(deadline: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
    .format(deadline)
    .replace(',', '');
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    deadline,
  );
  return `${day}, ${time} (${timeZone} time)`;
}

/** The campaign's last day is over: its standings are final. */
export function campaignEnded(campaign: ActiveCampaign, now: Date): boolean {
  return now.getTime() > campaign.info.endTime * 1000;
}

export interface NotifyOptions extends WinnerSelection {
  /** E-mail visitors notified before, too. */
  resend?: boolean;
  /** Why winners are notified before the campaign has ended; required then (issue 32 part 3). */
  earlyReason?: string | undefined;
  /** The operator's e-mail, or 'cli'. */
  actor: string;
  now: () => Date;
  campaign: ActiveCampaign;
}

export interface NoticeOutcome {
  userId: number;
  rank: string;
  name: string;
  email: string;
  ducks: number;
  flags: WinnerCandidate['flags'];
  outcome: 'notified' | 'skipped' | 'failed';
  /** Why it was skipped or failed, in a sentence. */
  message: string | null;
  deadline: Date | null;
  notifiedAt: Date | null;
  notifiedBy: string | null;
  /** Its e-mail is in the mail queue (always, when 'notified'). */
  queued: boolean;
}

export async function notifyWinners(db: Db, mail: MailQueueHandle, options: NotifyOptions): Promise<NoticeOutcome[]> {
  const { campaign } = options;
  const days = campaign.info.winnerReplyDays;
  if (days === undefined) {
    throw conflict('The campaign was loaded before winner notices existed: load its pack again (npm run ops -- campaign:load).');
  }
  const timeZone = campaign.info.timeZone;
  const startedAt = options.now();
  const deadline = replyDeadline(startedAt, days, timeZone);
  // Before the campaign ends the standings can still change: notifying then takes a reason, kept in the trail.
  const earlyReason = campaignEnded(campaign, startedAt) ? undefined : options.earlyReason?.trim();
  if (!campaignEnded(campaign, startedAt) && !earlyReason) {
    throw conflict(said('winnersBeforeEnd', { end: formatDeadline(new Date(campaign.info.endTime * 1000), timeZone) }));
  }

  // Under a lock, so two admins at once e-mail nobody twice: a notice row, its queued e-mail and the audit row.
  const outcomes = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${WINNERS_LOCK})`);
    const candidates = await previewWinners(tx, options);
    const outcomes: NoticeOutcome[] = [];
    for (const candidate of candidates) {
      const [last] = await tx
        .select()
        .from(winnerNotices)
        .where(eq(winnerNotices.userId, candidate.userId))
        .orderBy(desc(winnerNotices.id))
        .limit(1);
      // A notice without notifiedAt is queued: a given-up e-mail deletes its notice.
      const inFlight = last && !last.notifiedAt;
      const notified = last?.notifiedAt;
      if (inFlight || (notified && !options.resend)) {
        outcomes.push({
          ...outcomeOf(candidate),
          outcome: 'skipped',
          message: inFlight
            ? 'An e-mail to this visitor is on its way.'
            : 'Already notified: choose "Send again" to e-mail again.',
          deadline: last.deadline,
          notifiedAt: last.notifiedAt,
          notifiedBy: last.notifiedBy,
          queued: !!inFlight,
        });
        continue;
      }
      const mailId = `${randomUUID()}@quackquest`;
      await tx.insert(winnerNotices).values({
        userId: candidate.userId,
        requestedAt: startedAt,
        notifiedBy: options.actor,
        deadline,
        mailId,
        rank: Number.parseInt(candidate.rank, 10),
        ducks: candidate.ducks,
      });
      await enqueueMail(
        tx,
        mail,
        {
          ...winnerMail(candidate, deadline, campaign),
          kind: 'winner_notice',
          messageId: mailId,
          expiresAt: new Date(startedAt.getTime() + OTHER_MAIL_LIFE_MS),
        },
        startedAt,
      );
      await recordAudit(tx, {
        actor: options.actor,
        action: 'winners.notify',
        // By id, never the e-mail: the append-only trail outlives an erasure (issue 29 part 3).
        subject: `user:${candidate.userId}`,
        before: candidate.notifiedAt ? { notifiedAt: candidate.notifiedAt.toISOString() } : null,
        after: {
          rank: candidate.rank,
          ducks: candidate.ducks,
          deadline: deadline.toISOString(),
          mailId,
          resend: !!candidate.notifiedAt,
          queued: true,
          ...(earlyReason && { beforeTheEnd: earlyReason }),
        },
        at: startedAt,
      });
      outcomes.push({
        ...outcomeOf(candidate),
        outcome: 'notified',
        message: null,
        deadline,
        notifiedAt: null,
        notifiedBy: options.actor,
        queued: true,
      });
    }
    return outcomes;
  });
  mail.nudge();
  return outcomes;
}

const SINGAPORE_WINNER_ASKS = [
  'your full name as in your passport',
  'your nationality',
  'your date of birth',
  'your passport number',
];

const outcomeOf = (c: WinnerCandidate) => ({
  userId: c.userId,
  rank: c.rank,
  name: c.name,
  email: c.email,
  ducks: c.ducks,
  flags: c.flags,
});

/** The words of the winner notice per language (decision 037); a visitor without a stored language reads English. */
interface WinnerWords {
  hello: (name: string) => string;
  congrats: (event: string, rank: string, ducks: number) => string;
  replyBy: (by: string) => string;
  otherwise: string;
  tied: string;
  subject: (event: string, by: string) => string;
}

const WINNER_WORDS: Record<Language, WinnerWords> = {
  en: {
    hello: (name) => `Hello ${name},`,
    congrats: (event, rank, ducks) =>
      `Congratulations! You finished ${event} at rank ${rank} with ${ducks} ducks, and you are one of our winners.`,
    replyBy: (by) => `To receive your prize, reply to this e-mail by ${by} with:`,
    otherwise:
      'If we do not hear from you by then, or the details are incomplete, the prize may be withdrawn and offered to another participant (terms, section 6).',
    tied: ' (tied)',
    subject: (event, by) => `You are a ${event} winner: please reply by ${by}`,
  },
  'zh-Hans': {
    hello: (name) => `${name}，你好：`,
    congrats: (event, rank, ducks) => `恭喜！你在 ${event} 中以 ${ducks} 只鸭子获得第 ${rank} 名，成为我们的获奖者之一。`,
    replyBy: (by) => `如需领取奖品，请在 ${by} 之前回复此邮件，并提供：`,
    otherwise: '如果届时我们没有收到你的回复，或资料不完整，奖品可能会被取消并转给其他参与者（条款第 6 条）。',
    tied: '（并列）',
    subject: (event, by) => `你是 ${event} 的获奖者：请在 ${by} 之前回复`,
  },
  ms: {
    hello: (name) => `Salam ${name},`,
    congrats: (event, rank, ducks) =>
      `Tahniah! Anda menamatkan ${event} di kedudukan ${rank} dengan ${ducks} itik, dan anda salah seorang pemenang kami.`,
    replyBy: (by) => `Untuk menerima hadiah anda, balas e-mel ini sebelum ${by} dengan:`,
    otherwise:
      'Jika kami tidak menerima jawapan anda sebelum itu, atau butirannya tidak lengkap, hadiah mungkin ditarik balik dan ditawarkan kepada peserta lain (terma, seksyen 6).',
    tied: ' (seri)',
    subject: (event, by) => `Anda pemenang ${event}: sila balas sebelum ${by}`,
  },
  ta: {
    hello: (name) => `வணக்கம் ${name},`,
    congrats: (event, rank, ducks) =>
      `வாழ்த்துகள்! ${event} இல் ${ducks} வாத்துகளுடன் ${rank} ஆம் இடத்தைப் பெற்றீர்கள்; நீங்கள் எங்கள் வெற்றியாளர்களில் ஒருவர்.`,
    replyBy: (by) => `உங்கள் பரிசைப் பெற, ${by} க்குள் இந்த மின்னஞ்சலுக்குப் பின்வருவனவற்றுடன் பதிலளியுங்கள்:`,
    otherwise:
      'அதற்குள் உங்களிடமிருந்து பதில் வராவிட்டால், அல்லது விவரங்கள் முழுமையாக இல்லையெனில், பரிசு திரும்பப் பெறப்பட்டு வேறொரு பங்கேற்பாளருக்கு வழங்கப்படலாம் (விதிமுறைகள், பிரிவு 6).',
    tied: ' (சமநிலை)',
    subject: (event, by) => `நீங்கள் ${event} வெற்றியாளர்: ${by} க்குள் பதிலளியுங்கள்`,
  },
};

/** The e-mail a winner reads: the rank, the deadline, what to send (terms §6.2) and what happens otherwise (§6.3). */
function winnerMail(candidate: WinnerCandidate, deadline: Date, campaign: ActiveCampaign) {
  const { info } = campaign;
  const words = WINNER_WORDS[candidate.language as keyof typeof WINNER_WORDS] ?? WINNER_WORDS.en;
  // The deadline keeps its English form in every language: a date the operator and the visitor read alike.
  const by = formatDeadline(deadline, info.timeZone);
  const rank = candidate.rank.replace('=', words.tied);
  const paragraphs = [
    words.hello(candidate.name),
    words.congrats(info.name, rank, candidate.ducks),
    words.replyBy(by),
    // The pack's list (mail.winnerAsks); a campaign loaded before it existed asked for the Singapore pack's.
    (info.mail?.winnerAsks ?? SINGAPORE_WINNER_ASKS).map((ask) => `- ${ask}`).join(';\n') + '.',
    words.otherwise,
    `${info.operatorName}`,
  ];
  return {
    to: candidate.email,
    subject: words.subject(info.name, by),
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n'),
    ...(info.operatorEmails[0] ? { replyTo: info.operatorEmails[0] } : {}),
  };
}

/** The worker's news for the notice: sent (notifiedAt is the moment the SMTP server took it), or given up. */
export const winnerNoticeHooks: MailHooks = {
  async sent(tx, row, at) {
    if (!row.messageId) return;
    await tx.update(winnerNotices).set({ notifiedAt: at }).where(eq(winnerNotices.mailId, row.messageId));
  },
  async gaveUp(tx, row) {
    if (!row.messageId) return;
    await tx.delete(winnerNotices).where(and(eq(winnerNotices.mailId, row.messageId), sql`${winnerNotices.notifiedAt} is null`));
  },
};
