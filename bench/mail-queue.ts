// The e-mail path alone (issue 18): `npx tsx bench/mail-queue.ts [--rates 100,150,200] [--seconds 10]`. The queue's
// worker (apps/server/src/mail/queue.ts) with the real pooled mailer (mail/mailer.ts), on a PostgreSQL database of its
// own, sends to the test SMTP server (apps/server/test/smtp.ts) in a child process, as bench/evening.ts's visitors
// process runs it. Sign-in e-mails are queued one statement each at the given rates, each followed by a nudge, as
// the link request does; per rate it reports the arrival (queued to received) p50/p99, the sends' duration and how
// many were in flight, and the worker's transactions. `--queue <module>` runs another copy of queue.ts (one taken
// from git into apps/server/src/mail/, for before/after in one run). `--busy 0.5` keeps both processes' event loops
// busy half the time, in 5 ms slices, as the evening's server and visitors are; `--smtp-query maxMessages=100` adds
// transport options to the SMTP URL (they win over mailer.ts's). Not recorded: read with bench/evening.ts.
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Env } from '../apps/server/src/config/env';
import { type Db, openDatabase } from '../apps/server/src/db/client';
import { createMailer } from '../apps/server/src/mail/mailer';
import type * as queueHere from '../apps/server/src/mail/queue';
import { startSmtp } from '../apps/server/test/smtp';
import { createPostgresDatabase } from './scratch-db';

type Queue = typeof queueHere;

const here = fileURLToPath(import.meta.url);
const quiet = { info: () => {}, warn: () => {}, error: (obj: object, msg: string) => console.error(msg, obj) };

/** Blocks the event loop `fraction` of the time, in 5 ms slices. */
function keepBusy(fraction: number) {
  if (!(fraction > 0)) return;
  const slice = 5;
  setInterval(
    () => {
      const until = performance.now() + slice;
      while (performance.now() < until);
    },
    slice / fraction - slice,
  ).unref();
}

/** The child: the SMTP server, telling the parent when each message arrived. */
async function sink(busy: number) {
  keepBusy(busy);
  let arrived: [string, number][] = [];
  const smtp = await startSmtp({
    onMessage(to) {
      for (const address of to) arrived.push([address, Date.now()]);
      return true;
    },
  });
  setInterval(() => {
    if (arrived.length) process.send!(arrived);
    arrived = [];
  }, 20).unref();
  process.send!(smtp.url);
  process.on('disconnect', () => void smtp.close().then(() => process.exit(0)));
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
};
const ms = (values: number[]) => `${Math.round(percentile(values, 50))} / ${Math.round(percentile(values, 99))}`;

async function main() {
  const argv = process.argv.slice(2);
  const value = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const rates = (value('--rates') ?? '100,150,200').split(',').map(Number);
  const seconds = Number(value('--seconds') ?? 10);
  const busy = Number(value('--busy') ?? 0);
  const smtpQuery = value('--smtp-query');
  const queueModule = path.resolve(value('--queue') ?? path.join(path.dirname(here), '../apps/server/src/mail/queue.ts'));
  const queue = (await import(pathToFileURL(queueModule).href)) as Queue;

  const child = fork(here, ['--sink', String(busy)], { execArgv: ['--import', 'tsx'] });
  const smtpUrl = await new Promise<string>((resolve) => child.once('message', (url) => resolve(url as string)));
  const arrivedAt = new Map<string, number>();
  child.on('message', (batch) => {
    for (const [to, at] of batch as [string, number][]) arrivedAt.set(to, at);
  });

  const scratch = await createPostgresDatabase(process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  if (!scratch) throw new Error('no PostgreSQL');
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: os.tmpdir(), poolSize: 10 });
  // The worker's transactions (claims and marks), timed.
  const transactions: number[] = [];
  const db = new Proxy(database.db, {
    get(target, name, receiver) {
      if (name !== 'transaction') return Reflect.get(target, name, receiver) as unknown;
      return async (...args: Parameters<Db['transaction']>) => {
        const started = performance.now();
        try {
          return await target.transaction(...args);
        } finally {
          transactions.push(performance.now() - started);
        }
      };
    },
  });
  const mailer = await createMailer({ SMTP_URL: smtpQuery ? `${smtpUrl}?${smtpQuery}` : smtpUrl } as Env, quiet, Date.now);
  const sends: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const timedMailer = {
    ...mailer,
    async send(mail: Parameters<typeof mailer.send>[0]) {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      const started = performance.now();
      try {
        await mailer.send(mail);
      } finally {
        inFlight--;
        sends.push(performance.now() - started);
      }
    },
  };
  const secret = 'bench-mail-queue-secret-0123456789abcdef';
  const handle = { channel: 'bench', secret };
  const worker = queue.startMailWorker({
    db,
    mailer: timedMailer,
    secret,
    channel: 'bench',
    perMinute: 1_000_000,
    now: Date.now,
    log: quiet,
  });

  keepBusy(busy);
  console.log(
    `queue: ${path.relative(process.cwd(), queueModule)}; ${seconds} s per rate; busy ${busy}; ${smtpQuery ?? 'mailer.ts transport options'}; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    'rate/s | e-mails | arrived | arrival p50 / p99 ms | send p50 / p99 ms | max in flight | transactions | tx p50 / p99 ms',
  );
  let n = 0;
  for (const rate of rates) {
    const queuedAt = new Map<string, number>();
    sends.length = transactions.length = maxInFlight = 0;
    const started = performance.now();
    const writes: Promise<void>[] = [];
    let count = 0;
    while (performance.now() - started < seconds * 1000) {
      const due = Math.floor(((performance.now() - started) / 1000) * rate);
      for (; count < due; count++) {
        const to = `m${++n}@mail.bench`;
        writes.push(
          queue
            .enqueueMail(
              database.db,
              handle,
              {
                kind: 'sign_in',
                to,
                subject: 'Your link',
                text: `Open https://x.test/?token=${n}`,
                html: `<p>${n}</p>`,
                expiresAt: new Date(Date.now() + 900_000),
              },
              new Date(),
            )
            .then(() => {
              queuedAt.set(to, Date.now());
              worker.nudge();
            }),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(writes);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && [...queuedAt.keys()].some((to) => !arrivedAt.has(to))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const arrivals = [...queuedAt].filter(([to]) => arrivedAt.has(to)).map(([to, at]) => arrivedAt.get(to)! - at);
    console.log(
      `${rate} | ${queuedAt.size} | ${arrivals.length} | ${ms(arrivals)} | ${ms(sends)} | ${maxInFlight} | ${transactions.length} | ${ms(transactions)}`,
    );
  }
  await worker.stop();
  mailer.close?.();
  await database.close();
  await scratch.drop();
  child.disconnect();
}

if (process.argv.includes('--sink')) void sink(Number(process.argv[process.argv.indexOf('--sink') + 1]));
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
