// Every operator command: its arguments, one-line description, example, and the plain functions it calls.
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import type { Env } from '../config/env';
import { eq } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { campaigns } from '../db/schema';
import { CLI_ACTOR } from '../audit/audit';
import { conflict } from '../domain/errors';
import { addOperator, listOperators, removeOperator } from '../operators/operators';
import { adjustParticipantDucks, participantIdByEmail } from '../participants/participants';
import {
  type LoadOutcome,
  formatPackSummary,
  formatPlan,
  loadCampaign,
  restoreCampaign,
  validateCampaign,
} from '../campaign/loading';
import { formatVersions, parseRenames } from './campaign';
import { listVersions } from '../campaign/store';
import { UsageError } from './errors';
import { readActiveCampaign } from '../campaign/active';
import { type ExportKind, exportCsv, readAll } from '../exports/exports';
import { getQrSheet } from './qr-sheet';
import { renderQrSheetPdf } from './qr-sheet-pdf';
import { renderQrSheetSvg } from './qr-sheet-svg';
import { type ReviewDecision, listPendingReviews, reviewAttempt } from '../reviews/review';
import { redeemVoucher } from '../vouchers/vouchers';
import { changeRewardStock, rewardIdByItem } from '../rewards/stock';
import { formatPendingReviews, formatReviewOutcome } from './review';
import { stripControls, toTerminalJson } from './terminal';
import { formatVerify, verifyInvariants } from '../db/invariants';
import { formatRedeemedVoucher } from './vouchers';
import { mailQueueStats } from '../mail/queue';
import { backup, defaultBackupName, formatBackup, formatRestore, restore } from './backup';
import { migrationStatus } from './migrate';
import { formatDigest, ledgerDigest } from '../ledger/digest';
import { addDays, formatDay } from '../text/time';
import { formatWheelDayCheck, verifyWheelDay, wheelDayOk } from '../spin/wheel-verify';

export interface CommandInput {
  args: string[];
  options: Record<string, string | boolean | string[] | undefined>;
  env: Env;
  /** Opened on first use: campaign:validate and help never touch the database. */
  openDb: () => Promise<Db>;
  /** The same, with what only backup needs (the embedded database's snapshot); the CLI always gives it. */
  openDatabase?: () => Promise<Database>;
  /** Where the operator's relative paths point: the shell's directory, also under `npm run`. */
  cwd: string;
}

export interface CommandOption {
  type: 'string' | 'boolean';
  /** May be given more than once: the command gets every value, in order. */
  multiple?: boolean;
  /** Shown in the usage line: `--note <text>`. */
  value?: string;
  required?: boolean;
}

export interface Command {
  name: string;
  args: string[];
  options?: Record<string, CommandOption>;
  description: string;
  example: string;
  /** Opens the database and nothing else: in production it needs only DATABASE_URL (config/env.ts parseEnv). */
  databaseOnly?: boolean;
  run(input: CommandInput): Promise<string>;
}

const note = { note: { type: 'string', value: 'text' } } satisfies Record<string, CommandOption>;
const out = { out: { type: 'string', value: 'file.csv' } } satisfies Record<string, CommandOption>;

export const COMMANDS: Command[] = [
  {
    name: 'campaign:validate',
    args: ['dir'],
    description: 'Check a campaign pack and show what it holds; changes nothing.',
    example: 'campaign:validate campaigns/singapore-2025',
    run: async ({ args, cwd }) =>
      `${formatPackSummary(validateCampaign(path.resolve(cwd, args[0]!)))}\nThe pack is valid; nothing was changed.`,
  },
  {
    name: 'campaign:load',
    args: ['dir'],
    options: {
      rename: { type: 'string', value: 'checkpoint:OLD=NEW', multiple: true },
      confirm: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
    },
    description:
      "Show what loading a pack changes, then load it (users, attempts, ducks and claims are kept); a load that leaves visitors' progress behind needs --rename or --confirm.",
    example: 'campaign:load campaigns/demo',
    run: async ({ args, cwd, openDb, options }) => {
      // A mistyped --rename is told before the database is opened.
      const renames = parseRenames((options.rename as string[] | undefined) ?? []);
      return formatLoad(
        await loadCampaign(await openDb(), path.resolve(cwd, args[0]!), {
          confirm: options.confirm === true,
          dryRun: options['dry-run'] === true,
          renames,
        }),
      );
    },
  },
  {
    name: 'campaign:versions',
    args: [],
    description: 'Every version of the campaign loaded so far, newest first: when, by whom, from where.',
    example: 'campaign:versions',
    run: async ({ openDb }) => {
      const db = await openDb();
      return formatVersions(await listVersions(db), await campaignZone(db));
    },
  },
  {
    name: 'campaign:restore',
    args: ['version'],
    options: {
      rename: { type: 'string', value: 'checkpoint:OLD=NEW', multiple: true },
      confirm: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
    },
    description:
      'Load a stored version again (campaign:versions lists them), through the same diff and confirmation as campaign:load.',
    example: 'campaign:restore 3',
    run: async ({ args, openDb, options }) => {
      const version = Number(args[0]);
      if (!Number.isSafeInteger(version) || version < 1)
        throw new UsageError(`"${args[0]}" is not a version number (campaign:versions lists them).`);
      const renames = parseRenames((options.rename as string[] | undefined) ?? []);
      return formatLoad(
        await restoreCampaign(await openDb(), version, {
          confirm: options.confirm === true,
          dryRun: options['dry-run'] === true,
          renames,
        }),
      );
    },
  },
  {
    name: 'review:list',
    args: [],
    options: { json: { type: 'boolean' } },
    description: 'List the text and photo answers waiting for review, oldest first.',
    example: 'review:list',
    run: async ({ options, env, openDb }) => {
      const db = await openDb();
      const rows = await listPendingReviews(db, { dataDir: env.DATA_DIR, s3Bucket: env.S3_BUCKET });
      return options.json ? toTerminalJson(rows) : formatPendingReviews(rows, await campaignZone(db));
    },
  },
  reviewCommand('approve', 'Approve an answer: its pending ducks are posted (or post when the visitor spins).'),
  reviewCommand('reject', 'Reject an answer: its pending ducks are reversed and the visitor may answer again.'),
  {
    name: 'ducks:adjust',
    args: ['email', 'amount'],
    options: { reason: { type: 'string', value: 'text', required: true } },
    description:
      'Give (or, with a negative amount, take away) ducks, as the console does: the reason is kept on the ledger; audited.',
    example: 'ducks:adjust ada@example.com -3 --reason "duplicate photo"',
    run: async ({ args, options, openDb }) => {
      const amount = parseInteger(args[1]!, 'amount');
      const db = await openDb();
      const userId = await participantIdByEmail(db, args[0]!);
      const input = { amount, reason: String(options.reason), actor: CLI_ACTOR, now: new Date() };
      const user = await adjustParticipantDucks(db, userId, input);
      return `${user.email} now has ${user.ducks} ducks (${user.pendingDucks} pending).`;
    },
  },
  exportCommand(
    'leaderboard',
    'Every visitor in leaderboard order as CSV: rank ("3=" for a tie the rules cannot break), the rank by ducks alone, name, e-mail, phone, Instagram, cabin owner, ducks, when reached; audited.',
  ),
  exportCommand(
    'claims',
    "Every reward claim as CSV: voucher code, reward, price, visitor (name, e-mail, phone, blocked or erased and why), who may claim the reward and the visitor's sign-up answer, when claimed, redeemed by whom and when (and why, when an admin overrode a block); audited.",
  ),
  exportCommand(
    'winners',
    'Every winner e-mail asked for, as CSV: when and by whom, the rank and ducks then, the visitor, the reply deadline, whether the e-mail was sent, and why before the end; audited.',
  ),
  {
    name: 'reward:stock',
    args: ['item', 'amount'],
    options: { reason: { type: 'string', value: 'text', required: true } },
    description:
      "Add stock to a reward of the active campaign (a sold-out reward opens again), or with a negative amount take some away, as the console does: kept as its own record, so a later load or restore keeps it on top of the pack's stock; audited.",
    example: 'reward:stock "Tiger Beer" 200 --reason "second keg delivered"',
    run: async ({ args, options, openDb }) => {
      const amount = parseInteger(args[1]!, 'amount');
      const db = await openDb();
      const rewardId = await rewardIdByItem(db, args[0]!);
      const stock = await changeRewardStock(db, rewardId, {
        amount,
        reason: String(options.reason),
        actor: CLI_ACTOR,
        now: new Date(),
      });
      return `${stock.item}: ${stock.left} left of ${stock.offered} offered (${stock.claimed} claimed).`;
    },
  },
  {
    name: 'voucher:redeem',
    args: ['code'],
    options: { override: { type: 'string', value: 'reason' } },
    description:
      "Mark a voucher as handed over on board; a second redemption is refused, and so is a blocked visitor's voucher unless --override gives the reason to hand it over anyway.",
    example: 'voucher:redeem QQ-ABCDE-FGHJK',
    run: async ({ args, options, openDb }) => {
      const override = options.override === undefined ? undefined : String(options.override);
      if (override !== undefined && !override.trim()) throw new UsageError('--override needs a reason.');
      const input = { actor: CLI_ACTOR, now: new Date(), override };
      const db = await openDb();
      return formatRedeemedVoucher(await redeemVoucher(db, args[0]!, input), await campaignZone(db));
    },
  },
  {
    name: 'qr:sheet',
    args: [],
    options: {
      format: { type: 'string', value: 'svg|pdf' },
      out: { type: 'string', value: 'file' },
      campaign: { type: 'string', value: 'id' },
    },
    description: "A printable sheet of the Scan checkpoints' QR codes (default: qr-sheet.svg, active campaign).",
    example: 'qr:sheet --format pdf --out qr-sheet.pdf',
    run: async ({ options, cwd, openDb }) => {
      const format = options.format ?? 'svg';
      if (format !== 'svg' && format !== 'pdf') throw new UsageError(`--format must be svg or pdf, not "${String(format)}".`);
      const sheet = await getQrSheet(await openDb(), options.campaign as string | undefined);
      const file = path.resolve(cwd, (options.out as string | undefined) ?? `qr-sheet.${format}`);
      await writeFile(file, format === 'pdf' ? await renderQrSheetPdf(sheet) : renderQrSheetSvg(sheet));
      return `Wrote ${sheet.entries.length} QR codes of campaign ${sheet.campaignId} to ${file}`;
    },
  },
  {
    name: 'operator:add',
    args: ['email'],
    options: { role: { type: 'string', value: 'admin|reviewer|staff', required: true } },
    description: 'Give an address a console role, or change its role; audited as done by "cli" (decision 019).',
    example: 'operator:add crew@example.com --role reviewer',
    run: async ({ args, options, openDb }) => {
      const db = await openDb();
      const result = await addOperator(db, { email: args[0]!, role: String(options.role), actor: CLI_ACTOR, now: new Date() });
      return result.changed
        ? `${result.email} is now ${result.role}.`
        : `${result.email} was already ${result.role}; nothing changed.`;
    },
  },
  {
    name: 'operator:remove',
    args: ['email'],
    description: "Take away an address's console role and end its console sessions; audited.",
    example: 'operator:remove crew@example.com',
    run: async ({ args, openDb }) => {
      const removed = await removeOperator(await openDb(), { email: args[0]!, actor: CLI_ACTOR, now: new Date() });
      return `${removed.email} (${removed.role}) is no longer an operator.`;
    },
  },
  {
    name: 'operator:list',
    args: [],
    options: { json: { type: 'boolean' } },
    description: "Every operator and role, the campaign pack's operator.emails (admins) first.",
    example: 'operator:list',
    run: async ({ options, openDb }) => {
      const rows = await listOperators(await openDb());
      if (options.json) return toTerminalJson(rows);
      if (rows.length === 0) return 'No operators yet: add one with operator:add, or list operator.emails in the campaign pack.';
      return rows.map((row) => `${stripControls(row.email)}  ${row.role}  (added by ${stripControls(row.addedBy)})`).join('\n');
    },
  },
  {
    name: 'mail:status',
    args: [],
    databaseOnly: true,
    options: { json: { type: 'boolean' } },
    description: 'Show the e-mail queue: waiting, due now, the oldest due, sent in the last hour, given up in the last day.',
    example: 'mail:status',
    run: async ({ options, openDb }) => {
      const stats = await mailQueueStats(await openDb(), Date.now());
      if (options.json) return toTerminalJson(stats);
      return [
        `queued: ${stats.queued} (due now: ${stats.due}, the oldest due waited ${stats.oldestDueSeconds} s, the oldest queued ${stats.oldestQueuedSeconds} s)`,
        `sent in the last hour: ${stats.sentLastHour}`,
        `in the last day, failed: ${stats.failedLastDay}, expired unsent: ${stats.expiredLastDay}`,
      ].join('\n');
    },
  },
  {
    name: 'migrate',
    args: [],
    databaseOnly: true,
    description:
      "Bring the database to this build's schema (apps/server/drizzle), under the lock starting servers take too; idempotent.",
    example: 'migrate',
    run: async ({ openDb }) => {
      // Opening the database applies the migrations it lacks (db/client.ts); then say where it stands.
      const { applied, known, latest } = await migrationStatus(await openDb());
      return `${applied} of ${known} migrations applied; the latest is ${latest}.`;
    },
  },
  {
    name: 'backup',
    args: [],
    options: { out: { type: 'string', value: 'file.tar.gz' } },
    description:
      'Write the embedded database and the photos in DATA_DIR to one file, also while the server runs (with PostgreSQL: pg_dump, docs/deploy.md).',
    example: 'backup --out quackquest-backup.tar.gz',
    run: async ({ options, env, cwd, openDatabase }) => {
      if (!openDatabase) throw new Error('backup needs openDatabase');
      const file = path.resolve(cwd, (options.out as string | undefined) ?? defaultBackupName(new Date()));
      return formatBackup(await backup({ env, file, openDatabase }), env);
    },
  },
  {
    name: 'restore',
    args: ['file'],
    options: { force: { type: 'boolean' } },
    description:
      'Check a backup file and restore it into DATA_DIR (stop the server first); a DATA_DIR that holds data only with --force, which keeps it aside.',
    example: 'restore quackquest-backup.tar.gz',
    run: async ({ args, options, env, cwd }) => {
      const file = path.resolve(cwd, args[0]!);
      return formatRestore(await restore({ env, file, force: options.force === true, now: new Date() }), file);
    },
  },
  {
    name: 'ledger:digest',
    args: [],
    databaseOnly: true,
    options: { day: { type: 'string', value: 'YYYY-MM-DD' }, json: { type: 'boolean' } },
    description:
      "Print a day's digest of the ledger and the audit trail's seal at its end (yesterday unless --day): keep it, and run it again later to show nothing written by then has changed.",
    example: 'ledger:digest --day 2026-11-28',
    run: async ({ options, openDb }) => {
      const db = await openDb();
      const { day, timeZone } = await dayOption(db, options.day);
      const digest = await ledgerDigest(db, day, timeZone);
      return options.json ? toTerminalJson(digest) : formatDigest(digest, timeZone);
    },
  },
  {
    name: 'wheel:verify',
    args: [],
    databaseOnly: true,
    options: { day: { type: 'string', value: 'YYYY-MM-DD' } },
    description:
      "Work out every spin of a day again from the day's seed, each visitor's seed and the spin's number, and check the seed against the commitment published before the day (yesterday unless --day); exits 1 if any differs.",
    example: 'wheel:verify --day 2026-11-28',
    run: async ({ options, openDb }) => {
      const db = await openDb();
      const { day } = await dayOption(db, options.day);
      const check = await verifyWheelDay(db, day);
      if (check.committed && !wheelDayOk(check)) throw conflict(formatWheelDayCheck(check));
      return formatWheelDayCheck(check);
    },
  },
  {
    name: 'verify',
    args: [],
    databaseOnly: true,
    description:
      'Check the invariants: balances equal the ledger, stock and claims agree, one award per spin; exits 1 if any is broken.',
    example: 'verify',
    run: async ({ openDb }) => {
      const result = await verifyInvariants(await openDb());
      // The state is wrong, not the command: exit code 1 with the report.
      if (!result.ok) throw conflict(formatVerify(result));
      return formatVerify(result);
    },
  },
];

/** `--day YYYY-MM-DD`, or yesterday in the campaign's time zone; with that zone. */
async function dayOption(db: Db, given: CommandInput['options'][string]): Promise<{ day: string; timeZone: string }> {
  const { timeZone } = (await readActiveCampaign(db)).info;
  const day = (given as string | undefined) ?? addDays(formatDay(new Date(), timeZone), -1);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
    throw new UsageError('--day must be a date as YYYY-MM-DD, e.g. 2026-11-28.');
  return { day, timeZone };
}

function reviewCommand(decision: ReviewDecision, description: string): Command {
  return {
    name: `review:${decision}`,
    args: ['attemptId'],
    options: note,
    description,
    example: `review:${decision} 42 --note "${decision === 'approve' ? 'lovely photo' : 'no duck in the photo'}"`,
    run: async ({ args, options, openDb }) => {
      const attemptId = parseInteger(args[0]!, 'attemptId');
      if (attemptId <= 0) throw new UsageError('attemptId must be a positive number (see review:list).');
      return formatReviewOutcome(
        await reviewAttempt(await openDb(), attemptId, decision, {
          actor: CLI_ACTOR,
          reason: options.note as string | undefined,
          now: new Date(),
        }),
      );
    },
  };
}

function parseInteger(text: string, name: string): number {
  const value = Number(text);
  if (!/^[+-]?\d+$/.test(text.trim()) || !Number.isSafeInteger(value)) {
    throw new UsageError(`${name} must be a whole number, not "${text}".`);
  }
  return value;
}

/**
 * The zone the CLI writes times in: the active campaign's, as the console and the exports (issue 32 part 5); UTC
 * before any campaign is loaded. Each time is written with its offset.
 */
async function campaignZone(db: Db): Promise<string> {
  const [active] = await db.select({ info: campaigns.info }).from(campaigns).where(eq(campaigns.active, true)).limit(1);
  return (active?.info as { timeZone?: string } | undefined)?.timeZone ?? 'UTC';
}

/** export:leaderboard, export:claims and export:winners: the console's exports (exports/exports.ts), to a file or stdout. */
function exportCommand(kind: ExportKind, description: string): Command {
  return {
    name: `export:${kind}`,
    args: [],
    options: out,
    description,
    example: `export:${kind} --out ${kind}.csv`,
    run: async ({ options, cwd, openDb }) => {
      const db = await openDb();
      const { timeZone } = (await readActiveCampaign(db)).info;
      const file = await exportCsv(db, kind, { actor: CLI_ACTOR, now: new Date(), timeZone });
      const target = options.out as string | undefined;
      if (!target) return readAll(file);
      const full = path.resolve(cwd, target);
      await pipeline(Readable.from(file.chunks), createWriteStream(full));
      return `Wrote ${file.rows()} ${file.rows() === 1 ? 'row' : 'rows'} to ${full}`;
    },
  };
}

function formatLoad({ summary, plan, version }: LoadOutcome): string {
  const done =
    version === undefined
      ? 'Dry run: nothing was changed.'
      : `Loaded: ${summary.id} is the active campaign (version ${version}; campaign:versions lists them).`;
  return [formatPackSummary(summary), formatPlan(plan), done].join('\n');
}

export function usage(command: Command): string {
  const args = command.args.map((a) => `<${a}>`);
  const options = Object.entries(command.options ?? {}).map(([name, o]) => {
    const text = `--${name}${o.value ? ` <${o.value}>` : ''}${o.multiple ? ' ...' : ''}`;
    return o.required ? text : `[${text}]`;
  });
  return [command.name, ...args, ...options].join(' ');
}
