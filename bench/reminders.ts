// 50,000 reminders at the campaign's midnight (issue 27 part 6, decisions 063 and 078): `npx tsx bench/reminders.ts`
// [--reminders 50000] [--email-share 0.5] [--rate 20] [--no-record]. A PostgreSQL database of its own holds the demo
// campaign and that many visitors, each with a reminder turned on (a share by e-mail, the rest by Web Push); a day's
// checkpoint unlocks a little after the built server (apps/server/dist, built first) starts in its own process, as
// production runs it. A sink process stands where FCM and the e-mail provider would be: an HTTP endpoint that takes
// each push (201) and a real SMTP server (apps/server/test/smtp.ts), each noting when every message arrived.
// Meanwhile other visitors answer a text checkpoint at a steady rate: their answer's latency is measured before the
// unlock (baseline), while the reminders go out, and after, in the same run. Printed and recorded in
// bench/RESULTS.md: when the last reminder was queued, handed to the mail queue and received, and the answers' p50/p99
// in each window. The provider rates are lifted (PUSH_PER_MINUTE and SIGNIN_MAIL_PER_MINUTE at 1,000,000) so the
// figure is the machine's own; at the defaults the queue spreads them over the minutes the rates allow.
import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { hasExited, waitForHealth } from '../apps/server/test/wait-for-health';
import { applyPack } from '../apps/server/src/campaign/load';
import { readPack } from '../apps/server/src/campaign/pack';
import { openDatabase, queryRows } from '../apps/server/src/db/client';
import { startSmtp } from '../apps/server/test/smtp';
import { describeMachine, loadAverage } from './machine';
import { replaceBlock } from './report';
import { createPostgresDatabase } from './scratch-db';
import { seedUsers } from './seed';
import { freePort } from './web-stack';

const here = fileURLToPath(import.meta.url);
const repoRoot = path.resolve(path.dirname(here), '..');
const outDir = path.join(repoRoot, 'bench/out');

interface Options {
  reminders: number;
  emailShare: number;
  /** Answers per second from other visitors, all along. */
  rate: number;
  record: boolean;
}

function parseOptions(argv: string[]): Options {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  for (let i = 0; i < argv.length; i++) {
    if (['--reminders', '--email-share', '--rate'].includes(argv[i]!)) i++;
    else if (argv[i] !== '--no-record') throw new Error(`unknown option ${argv[i]}: see the top of bench/reminders.ts`);
  }
  return {
    reminders: Number(value('--reminders') ?? 50_000),
    emailShare: Number(value('--email-share') ?? 0.5),
    rate: Number(value('--rate') ?? 20),
    record: !argv.includes('--no-record'),
  };
}

// ----- The sink: where the push services and the e-mail provider would be, in a process of its own.
type Arrival = { push: number; mail: number; lastPushAt: number; lastMailAt: number };

async function sink(): Promise<void> {
  const seen: Arrival = { push: 0, mail: 0, lastPushAt: 0, lastMailAt: 0 };
  const pushes = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      seen.push += 1;
      seen.lastPushAt = Date.now();
      response.writeHead(201).end();
    });
  });
  pushes.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => pushes.listen(0, '127.0.0.1', resolve));
  const smtp = await startSmtp({
    onMessage(to) {
      seen.mail += to.length;
      seen.lastMailAt = Date.now();
      return true;
    },
  });
  const address = pushes.address();
  process.send!({ pushUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, smtpUrl: smtp.url });
  setInterval(() => process.connected && process.send!(seen), 100).unref();
  process.on('disconnect', () => process.exit(0));
}

function startSink(): Promise<{ child: ChildProcess; pushUrl: string; smtpUrl: string; seen: () => Arrival }> {
  const child = fork(here, ['--sink'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  let seen: Arrival = { push: 0, mail: 0, lastPushAt: 0, lastMailAt: 0 };
  return new Promise((resolve) => {
    child.on('message', (message: { pushUrl?: string; smtpUrl?: string } & Partial<Arrival>) => {
      if (message.pushUrl && message.smtpUrl)
        resolve({ child, pushUrl: message.pushUrl, smtpUrl: message.smtpUrl, seen: () => seen });
      else seen = message as Arrival;
    });
  });
}

// ----- The answers of other visitors, at a steady rate, each timed.
interface Window {
  name: string;
  latencies: number[];
  errors: number;
}

function answering(origin: string, cookies: string[], slug: string, rate: number) {
  let next = 0;
  let window: Window = { name: 'before', latencies: [], errors: 0 };
  const windows: Window[] = [window];
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const cookie = cookies[next++ % cookies.length]!;
    const counted = window;
    const started = performance.now();
    const call = fetch(`${origin}/api/checkpoints/${slug}/attempts`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ answer: 'Quackers' }),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status >= 500 || response.status === 0) counted.errors += 1;
        else counted.latencies.push(performance.now() - started);
      })
      .catch(() => {
        counted.errors += 1;
      })
      .finally(() => inFlight.delete(call));
    inFlight.add(call);
  }, 1000 / rate);
  return {
    window: (name: string) => {
      window = { name, latencies: [], errors: 0 };
      windows.push(window);
    },
    stop: async () => {
      clearInterval(timer);
      await Promise.all(inFlight);
      return windows;
    },
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(options: Options): Promise<void> {
  const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const pg = await createPostgresDatabase(adminUrl);
  if (!pg) throw new Error(`no PostgreSQL at ${adminUrl}`);
  mkdirSync(outDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qq-bench-reminders-'));
  const sinkProcess = await startSink();
  let server: ChildProcess | undefined;
  try {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { cwd: repoRoot, stdio: 'inherit' });
    const emails = Math.round(options.reminders * options.emailShare);
    const pushes = options.reminders - emails;
    const answerers = 4000;
    // The server starts, then the day's checkpoint opens: the reminders' "midnight".
    const unlockIn = 25_000;
    const opensAt = Math.floor((Date.now() + unlockIn + 20_000) / 1000);
    const slug = 'bench-answer';
    const database = await openDatabase({ databaseUrl: pg.url, dataDir, poolSize: 2 });
    try {
      await applyPack(database.db, readPack(path.join(repoRoot, 'campaigns/demo')));
      // A session for everyone: the answerers are the last `answerers` ids, after those with a reminder.
      const seeded = await seedUsers(database.db, options.reminders + answerers, options.reminders + answerers);
      // Every subscription has a real P-256 key and auth secret: the server encrypts each payload as for a browser.
      const key = createECDH('prime256v1');
      key.generateKeys();
      const p256dh = key.getPublicKey('base64url');
      const auth = randomBytes(16).toString('base64url');
      await database.db.execute(sql`
        insert into reminder_opt_ins (user_id, channel, endpoint, p256dh, auth, opted_in_at)
        select id, case when id <= ${emails} then 'email' else 'push' end,
               case when id <= ${emails} then null else ${sinkProcess.pushUrl} || '/s/' || id end,
               case when id <= ${emails} then null else ${p256dh} end,
               case when id <= ${emails} then null else ${auth} end,
               now() - interval '1 day'
        from users where id <= ${options.reminders}`);
      const [campaign] = await queryRows<{ id: string }>(database.db, sql`select id from campaigns where active`);
      await database.db.execute(sql`
        insert into checkpoints (campaign_id, slug, title, subtitle, sequence, type, start_time, end_time, max_attempts)
        values (${campaign!.id}, ${slug}, 'Answered all evening', 'Made by bench/reminders.ts', 950, 'Str',
                ${Math.floor(Date.now() / 1000) - 86_400}, ${Math.floor(Date.now() / 1000) + 86_400}, 0),
               (${campaign!.id}, 'bench-midnight', 'Opens at midnight', 'Made by bench/reminders.ts', 951, 'Str',
                ${opensAt}, ${opensAt + 86_400}, 1)`);
      await database.db.execute(sql`vacuum analyze reminder_opt_ins`);
      // The answerers are the seeded visitors with a session and no reminder.
      const cookies = seeded.cookies.filter((_, i) => seeded.sessionUserIds[i]! > options.reminders);
      if (cookies.length < 100) throw new Error('too few answerers were seeded');

      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const log = path.join(outDir, 'reminders-server.log');
      server = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/server.js')], {
        cwd: path.join(repoRoot, 'apps/server/dist'),
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          SESSION_SECRET: randomBytes(32).toString('hex'),
          VAPID_PUBLIC_KEY: 'BOKEXLypUiwig0lZlE7yr0fShY7Y-csXRbMV8KxjzLOxA79us5PuNkd5rCrtHLBheUhgVMfZNfKD4wqftPgaNRY',
          VAPID_PRIVATE_KEY: 't2Vw_x3l_biga8UmJa-BZEtFcEaztlt5mu8s2WZvSTU',
          SMTP_URL: sinkProcess.smtpUrl,
          MAIL_FROM: 'QuackQuest <crew@quackquest.test>',
          SIGNIN_MAIL_PER_MINUTE: '1000000',
          PUSH_PER_MINUTE: '1000000',
          PUSH_SERVICES: sinkProcess.pushUrl,
          DATABASE_URL: pg.url,
          ALLOW_LOCAL_PHOTOS: '1',
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: origin,
          LOG_LEVEL: 'warn',
        },
      });
      const out = createWriteStream(log);
      server.stdout!.pipe(out);
      server.stderr!.pipe(out);
      const started = server;
      await waitForHealth(`${origin}/healthz`, {
        timeoutMs: 120_000,
        exited: () => hasExited(started),
        what: `the server (see ${log})`,
      });

      console.log(
        `${options.reminders.toLocaleString('en')} reminders (${pushes} push, ${emails} e-mail); answers at ${options.rate}/s`,
      );
      const load = answering(origin, cookies, slug, options.rate);
      await sleep(Math.max(0, opensAt * 1000 - Date.now()));
      load.window('while sending');
      const unlockAt = opensAt * 1000;
      const progress = async () =>
        (
          await queryRows<{ queued: number; handed: number }>(
            database.db,
            sql`select count(*)::int as queued, count(*) filter (where medium = 'email' and state = 'sent')::int as handed
                from reminder_queue where opens_at = ${opensAt}`,
          )
        )[0]!;
      let queuedAt = 0;
      let handedAt = 0;
      const deadline = Date.now() + 15 * 60_000;
      for (;;) {
        const { queued, handed } = await progress();
        if (!queuedAt && queued >= options.reminders) queuedAt = Date.now();
        if (!handedAt && handed >= emails) handedAt = Date.now();
        const seen = sinkProcess.seen();
        if (seen.push >= pushes && seen.mail >= emails) break;
        if (Date.now() > deadline) throw new Error(`not all reminders arrived in 15 min: ${JSON.stringify(seen)}`);
        await sleep(250);
      }
      const seen = sinkProcess.seen();
      load.window('after');
      await sleep(15_000);
      const windows = await load.stop();

      const [states] = await queryRows<{ sent: number; other: number }>(
        database.db,
        sql`select count(*) filter (where state = 'sent')::int as sent, count(*) filter (where state <> 'sent')::int as other
            from reminder_queue where opens_at = ${opensAt}`,
      );
      const [mails] = await queryRows<{ sent: number; twice: number }>(
        database.db,
        sql`select count(*) filter (where state = 'sent')::int as sent,
                   (count(*) - count(distinct recipient))::int as twice
            from mail_queue where kind = 'reminder'`,
      );
      const lines = [
        `| reminders | push | e-mail | all queued | e-mail handed to the mail queue | last push received | last e-mail received |`,
        `| ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
        `| ${options.reminders.toLocaleString('en')} | ${pushes.toLocaleString('en')} | ${emails.toLocaleString('en')} | ${seconds(queuedAt - unlockAt)} | ${seconds(handedAt - unlockAt)} | ${seconds(seen.lastPushAt - unlockAt)} | ${seconds(seen.lastMailAt - unlockAt)} |`,
        '',
        `Answers at ${options.rate}/s from ${cookies.length.toLocaleString('en')} other visitors (POST /api/checkpoints/:slug/attempts):`,
        '',
        '| window | answers | p50 | p99 | max | errors |',
        '| --- | ---: | ---: | ---: | ---: | ---: |',
        ...windows.map(
          (w) =>
            `| ${w.name} | ${w.latencies.length} | ${percentile(w.latencies, 50).toFixed(1)} ms | ${percentile(w.latencies, 99).toFixed(1)} ms | ${Math.max(...w.latencies).toFixed(1)} ms | ${w.errors} |`,
        ),
        '',
        `Rows: ${states!.sent.toLocaleString('en')} reminders sent or handed, ${states!.other} otherwise; ${mails!.sent.toLocaleString('en')} e-mails sent, ${mails!.twice} to an address twice.`,
      ];
      const machine = describeMachine();
      const block = [
        '<!-- bench:reminders -->',
        '## Reminders at midnight (`npx tsx bench/reminders.ts`)',
        '',
        `${new Date().toISOString().slice(0, 10)}, ${machine.cpu} (${machine.nproc} cores), load average ${loadAverage()}; PostgreSQL; the built server in its own process; the sink (push endpoint and SMTP server) in another; PUSH_PER_MINUTE and SIGNIN_MAIL_PER_MINUTE lifted to 1,000,000. Times from the unlock.`,
        '',
        ...lines,
        '<!-- /bench:reminders -->',
      ].join('\n');
      console.log(lines.join('\n'));
      if (states!.other !== 0 || mails!.twice !== 0) throw new Error('a reminder was not sent, or sent twice');
      if (options.record) await replaceBlock(path.join(repoRoot, 'bench/RESULTS.md'), 'reminders', block);
    } finally {
      await database.close();
    }
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    sinkProcess.child.disconnect();
    await pg.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--sink')) await sink();
else await main(parseOptions(process.argv.slice(2)));
