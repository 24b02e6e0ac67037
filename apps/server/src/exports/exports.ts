// The leaderboard, claims and winner notices CSV files (docs/product.md §10, §15, decisions 022 and 074), for the console
// (POST /api/console/exports/*.csv) and the CLI (export:leaderboard, export:claims, export:winners) alike.
//
// Each export reads its rows through a cursor in one REPEATABLE READ transaction: one consistent snapshot,
// one pass over the index, a page of rows at a time, and the file is handed on a page at a time (a stream
// for the console, a file or stdout for the CLI), so 100k rows never sit in memory as one string nor hold
// the event loop for long (bench/exports.ts). The export's audit row (who, which export, how many rows) is
// written first, in a transaction of its own, before the file exists: an export stopped halfway (a closed browser
// tab) is on the record, and one that cannot be recorded hands out nothing.
import { type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit';
import { formatDay, formatZoned } from '../text/time';
import { type Db, type Tx, queryRows } from '../db/client';
import { auditLog, campaigns, claims, rewards, users, winnerNotices } from '../db/schema';
import { phoneForExport, instagramForExport } from '../text/contacts';
import { type CsvCell, csvLines } from '../text/csv';
import { type SignupWords, signupFacts } from '../vouchers/vouchers';

export const EXPORT_KINDS = ['leaderboard', 'claims', 'winners'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const LEADERBOARD_COLUMNS = [
  'rank',
  'ducks_rank',
  'name',
  'email',
  'phone',
  'instagram',
  'cabin_owner',
  'ducks',
  'pending_ducks',
  'reached_at',
] as const;
export const CLAIMS_COLUMNS = [
  'voucher_code',
  'reward',
  'price',
  'visitor_name',
  'visitor_email',
  'visitor_phone',
  'visitor_status',
  'blocked_reason',
  'eligibility',
  'signup_answer',
  'claimed_at',
  'redeemed_by',
  'redeemed_at',
  'redeem_override',
] as const;

/** One row per winner e-mail asked for (decision 074): the committee's record of who was told what, when and why. */
export const WINNERS_COLUMNS = [
  'notified_at',
  'notified_by',
  'rank',
  'ducks',
  'name',
  'email',
  'reply_by',
  'sent_at',
  'mail',
  'resend',
  'before_the_end',
] as const;

/** Rows fetched from the cursor at a time: a page is a few hundred kB of CSV. */
const EXPORT_PAGE_ROWS = 1000;

interface LeaderboardRow {
  id: string | number;
  full_name: string;
  email: string;
  phone: string;
  instagram: string;
  cabin_owner: boolean;
  ducks: number;
  pending_ducks: number;
  ducks_at: Date | string;
  /** rank() in leaderboard order without the id: equal for a tie the tie rule cannot break. */
  rank: string | number;
  /** Rows up to this one and its ties: above `rank` when the row is tied. */
  upto: string | number;
  /** rank() by ducks alone, and the rows up to this one's ducks: a tie on ducks that the time rule broke. */
  ducks_rank: string | number;
  ducks_upto: string | number;
}

interface ClaimRow {
  voucher_code: string;
  item: string;
  price: number;
  full_name: string;
  email: string;
  phone: string;
  blocked_at: Date | string | null;
  blocked_reason: string | null;
  erased_at: Date | string | null;
  eligibility: string;
  cabin_owner: boolean;
  signup: SignupWords | null;
  created_at: Date | string;
  redeemed_by: string | null;
  redeemed_at: Date | string | null;
  redeem_override: string | null;
}

/**
 * The leaderboard's order (leaderboard/ranking.ts, docs/product.md §9): ducks highest first, a tie to whoever
 * reached the total first, then the older account. A visitor's rank is the number of visitors ahead plus
 * one; visitors with the same ducks reached at the same instant (to the microsecond) are tied, and the file
 * says so ("3=") because the rules do not decide between them: the leaderboard lists them by sign-up. `ducks_rank`
 * ranks by ducks alone: "3=" there, and 3, 4 and 5 in `rank`, are visitors the time rule put apart (decision 073).
 * Blocked (and erased) visitors are ranked nowhere, here neither (decision 020): prizes are given from this list.
 * The winners' preview ranks from the same query (winners/winners.ts).
 */
export const rankedVisitors = sql`
  select id, full_name, email, phone, instagram, cabin_owner, ducks, pending_ducks, ducks_at,
    rank() over w as rank, count(*) over w as upto, rank() over d as ducks_rank, count(*) over d as ducks_upto
  from ${users}
  where blocked_at is null
  window w as (order by ducks desc nulls last, ducks_at), d as (order by ducks desc nulls last)
  order by ducks desc nulls last, ducks_at, id`;

const claimsQuery = sql`
  select c.voucher_code, r.item, c.price, u.full_name, u.email, u.phone, u.blocked_at, u.blocked_reason, u.erased_at,
    r.eligibility, u.cabin_owner, ca.info -> 'screens' -> 'signup' as signup,
    c.created_at, c.redeemed_by, c.redeemed_at, c.redeem_override
  from ${claims} c
  join ${users} u on u.id = c.user_id
  join ${rewards} r on r.id = c.reward_id
  join ${campaigns} ca on ca.id = r.campaign_id
  order by c.created_at, c.id`;

/**
 * The `winners.notify` audit rows (append-only: the record outlives a notice whose e-mail was given up, and an
 * erasure, which blanks the name and e-mail), each with its e-mail's fate from winner_notices by Message-ID.
 */
const winnersQuery = sql`
  select a.at, a.actor, a.after ->> 'rank' as rank, (a.after ->> 'ducks')::int as ducks,
    u.full_name, u.email, u.erased_at, (a.after ->> 'deadline')::timestamptz as deadline, n.notified_at,
    n.id is not null as kept, coalesce((a.after ->> 'resend')::boolean, false) as resend, a.after ->> 'beforeTheEnd' as before_the_end
  from ${auditLog} a
  left join ${users} u on u.id = substring(a.subject from 6)::bigint
  left join ${winnerNotices} n on n.mail_id = a.after ->> 'mailId'
  where a.action = 'winners.notify'
  order by a.id`;

interface WinnerNoticeRow {
  at: Date | string;
  actor: string;
  rank: string;
  ducks: number;
  full_name: string | null;
  email: string | null;
  erased_at: Date | string | null;
  deadline: Date | string | null;
  notified_at: Date | string | null;
  kept: boolean;
  resend: boolean;
  before_the_end: string | null;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** "3", or "3=" when the rows up to this one's tie go beyond it. */
const rankCell = (rank: string | number, upto: string | number) =>
  Number(upto) > Number(rank) ? `${Number(rank)}=` : String(Number(rank));

function leaderboardCells(row: LeaderboardRow, timeZone: string): CsvCell[] {
  return [
    rankCell(row.rank, row.upto),
    rankCell(row.ducks_rank, row.ducks_upto),
    row.full_name,
    row.email,
    phoneForExport(row.phone),
    instagramForExport(row.instagram),
    row.cabin_owner ? 'yes' : 'no',
    Number(row.ducks),
    Number(row.pending_ducks),
    formatZoned(asDate(row.ducks_at), timeZone),
  ];
}

function claimCells(row: ClaimRow, timeZone: string): CsvCell[] {
  const { eligibility, signup } = signupFacts(row.signup, row.eligibility, row.cabin_owner);
  return [
    row.voucher_code,
    row.item,
    Number(row.price),
    row.full_name,
    row.email,
    phoneForExport(row.phone),
    row.erased_at ? 'erased' : row.blocked_at ? 'blocked' : 'active',
    row.blocked_at && !row.erased_at ? row.blocked_reason : null,
    eligibility,
    signup?.answer ?? null,
    formatZoned(asDate(row.created_at), timeZone),
    row.redeemed_by,
    row.redeemed_at ? formatZoned(asDate(row.redeemed_at), timeZone) : null,
    row.redeem_override,
  ];
}

function winnerNoticeCells(row: WinnerNoticeRow, timeZone: string): CsvCell[] {
  const erased = row.erased_at !== null;
  return [
    formatZoned(asDate(row.at), timeZone),
    row.actor,
    row.rank,
    Number(row.ducks),
    erased ? null : row.full_name,
    erased ? null : row.email,
    row.deadline ? formatZoned(asDate(row.deadline), timeZone) : null,
    row.notified_at ? formatZoned(asDate(row.notified_at), timeZone) : null,
    // Sent: the SMTP server took it; queued: still trying; given up: a day of failures, the visitor can be notified again.
    row.notified_at ? 'sent' : row.kept ? 'queued' : 'given up',
    row.resend ? 'yes' : 'no',
    row.before_the_end,
  ];
}

const EXPORTS = {
  leaderboard: { query: rankedVisitors, header: LEADERBOARD_COLUMNS, cells: leaderboardCells },
  claims: { query: claimsQuery, header: CLAIMS_COLUMNS, cells: claimCells },
  winners: { query: winnersQuery, header: WINNERS_COLUMNS, cells: winnerNoticeCells },
} as const satisfies Record<ExportKind, { query: SQL; header: readonly string[]; cells: (row: never, tz: string) => CsvCell[] }>;

export interface ExportOptions {
  /** The operator's e-mail, or 'cli'. */
  actor: string;
  now: Date;
  /** The campaign's: every time in the file is written in it, with its offset. */
  timeZone: string;
}

export interface CsvExport {
  /** "leaderboard-2025-09-14.csv": the day in the campaign's time zone. */
  filename: string;
  /** The file, a page of rows at a time (the first chunk is the header). */
  chunks: AsyncGenerator<string, void, undefined>;
  /** The number of rows, once every chunk was read. */
  rows: () => number;
}

export async function exportCsv(db: Db, kind: ExportKind, options: ExportOptions): Promise<CsvExport> {
  const { query, header, cells } = EXPORTS[kind];
  const filename = `${kind}-${formatDay(options.now, options.timeZone)}.csv`;
  // Audited before the first byte, in a transaction of its own (issue 29 part 4): a download dropped half-way has
  // still handed out personal data, and is on the record with the rows there were when it began. Awaited here, before
  // the file exists: an export that cannot be audited fails before the console sends a header or the CLI opens a file.
  await db.transaction(async (tx) => {
    const [counted] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from (${query}) as exported`);
    await auditExport(tx, kind, filename, Number(counted?.n ?? 0), options);
  });
  let count = 0;
  const chunks = pageByPage(async (emit) => {
    await db.transaction(
      async (tx) => {
        await emit(csvLines([header]));
        await tx.execute(sql`declare qq_export no scroll cursor for ${query}`);
        for (;;) {
          const rows = await queryRows<never>(tx, sql.raw(`fetch ${EXPORT_PAGE_ROWS} from qq_export`));
          if (rows.length === 0) break;
          count += rows.length;
          await emit(csvLines(rows.map((row) => (cells as (row: never, tz: string) => CsvCell[])(row, options.timeZone))));
        }
        await tx.execute(sql`close qq_export`);
      },
      { isolationLevel: 'repeatable read' },
    );
  });
  return { filename, chunks, rows: () => count };
}

async function auditExport(tx: Tx, kind: ExportKind, filename: string, rows: number, options: ExportOptions) {
  await recordAudit(tx, {
    actor: options.actor,
    action: `export.${kind}`,
    subject: filename,
    after: { rows },
    at: options.now,
  });
}

class ExportStopped extends Error {}

/**
 * Runs `produce` and yields what it emits. `emit` waits until the reader took the chunk before it, so at
 * most two pages are in memory; when the reader stops early (a closed download), the next `emit` throws,
 * the transaction rolls back, and the generator finishes after it.
 */
async function* pageByPage(
  produce: (emit: (chunk: string) => Promise<void>) => Promise<void>,
): AsyncGenerator<string, void, undefined> {
  const queue: string[] = [];
  let stopped = false;
  let finished = false;
  let failure: unknown;
  let wakeReader: (() => void) | undefined;
  let wakeProducer: (() => void) | undefined;
  const emit = async (chunk: string) => {
    if (stopped) throw new ExportStopped();
    queue.push(chunk);
    wakeReader?.();
    if (queue.length > 1) await new Promise<void>((resolve) => (wakeProducer = resolve));
    if (stopped) throw new ExportStopped();
  };
  const task = produce(emit).then(
    () => void (finished = true),
    (error: unknown) => {
      failure = error;
      finished = true;
    },
  );
  const settled = task.then(() => wakeReader?.());
  try {
    for (;;) {
      const chunk = queue.shift();
      if (chunk !== undefined) {
        wakeProducer?.();
        wakeProducer = undefined;
        yield chunk;
        continue;
      }
      if (finished) {
        if (failure !== undefined) throw failure as Error;
        return;
      }
      await new Promise<void>((resolve) => (wakeReader = resolve));
      wakeReader = undefined;
    }
  } finally {
    stopped = true;
    wakeProducer?.();
    await settled;
  }
}

/** The whole file as one string (tests, and the CLI's output to the terminal). */
export async function readAll(file: CsvExport): Promise<string> {
  let text = '';
  for await (const chunk of file.chunks) text += chunk;
  return text;
}
