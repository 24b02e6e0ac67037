// `npm run test:deploy`: the production topology of compose.yaml, proven on this machine without containers
// (docs/deploy.md, "The topology, tested here"; decision 031). Debian's nginx, with deploy/nginx.conf, in front of
// two built instances (NODE_ENV=production, `node scripts/start.mjs`) on a fresh PostgreSQL database, an S3
// stand-in that checks signatures and a real SMTP server. A visitor walks through the proxy over HTTP while a loop
// of requests runs; one instance is restarted in the middle; X-Forwarded-For is believed from the proxy only.
// Exits 1 on the first failed check, printing the logs of what failed.
// The steps are in scripts/test-deploy/: the topology's pieces (pieces.ts, monitoring.ts), the journey through it
// (journey.ts), X-Forwarded-For (forwarded-for.ts) and the failures (failures.ts).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertPortsFree } from '../apps/server/test/free-ports';
import { createScratchDatabase } from '../apps/server/test/scratch-database';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp';
import { type S3StandIn, startS3StandIn } from '../apps/server/test/s3';
import { check, step, steps, tally } from './test-deploy/checks';
import { type FailuresSeen, failuresSeen } from './test-deploy/failures';
import { forwardedForFromTheProxyOnly } from './test-deploy/forwarded-for';
import { Person, send } from './test-deploy/http';
import {
  type Deployment,
  type Loop,
  type Restart,
  loopHeld,
  redeemVoucher,
  restartUnderLoop,
  reviewOnTheOther,
  signUp,
  spinAndClaim,
  twoCheckpoints,
  uploadPhoto,
} from './test-deploy/journey';
import { ensurePrometheus, mountSmallDisk, type Prometheus, startPrometheus } from './test-deploy/monitoring';
import { type LoopStats, startLoop } from './test-deploy/people';
import { Instance, buildIfNeeded, ensureNginx, instanceEnv, rssMb, startNginx, tail, waitFor } from './test-deploy/pieces';
import { ALERT_FOR_SECONDS, FROM, PORTS, PROXY, adminUrl, root } from './test-deploy/topology';

const started = Date.now();

interface Summary {
  dir: string;
  instances: Instance[];
  loopStats: LoopStats;
  restart: Restart;
  store: S3StandIn;
  smtp: TestSmtp;
  seen: FailuresSeen;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-deploy-'));
  const sessionSecret = randomBytes(32).toString('hex');
  const storeDisk = path.join(dir, 'store-disk');
  const metricsToken = randomBytes(24).toString('hex');
  let prometheus: Prometheus | undefined;
  const storeKey = { accessKeyId: 'quackquest-deploy', secretAccessKey: randomBytes(20).toString('hex') };
  const cleanups: (() => Promise<unknown>)[] = [];
  const instances: Instance[] = [];
  let loop: Loop | undefined;
  const logsOnFailure: string[] = [];

  console.log(
    `test:deploy: nginx :${PORTS.proxy} -> instances :${PORTS.app1}, :${PORTS.app2}; S3 stand-in :${PORTS.store}; SMTP :${PORTS.smtp}`,
  );
  try {
    await assertPortsFree(
      Object.values(PORTS),
      'another test:deploy run, or one left running? Set DEPLOY_PORT_BASE to move the six ports.',
    );
    await step('build (npm run build when stale), nginx present', async () => {
      const build = buildIfNeeded();
      const nginxState = ensureNginx();
      const prometheusState = ensurePrometheus();
      console.log(`      build ${build}; nginx ${nginxState}; prometheus ${prometheusState}`);
      check(existsSync(path.join(root, 'apps/server/dist/server.js')), 'the server is built');
    });

    const { database, smtp, store } = await step('fresh PostgreSQL database, S3 stand-in, SMTP server', async () => {
      const scratch = await createScratchDatabase({ adminUrl, prefix: 'quackquest_deploy' });
      cleanups.push(() => scratch.drop());
      // The store keeps its objects on a disk of 2 MB, which the failures' step fills.
      if (process.getuid?.() !== 0) throw new Error('run as root: the photo store gets a small tmpfs (mount) to fill');
      const unmount = mountSmallDisk(storeDisk, 2048);
      cleanups.push(() => Promise.resolve(unmount()));
      const s3 = await startS3StandIn({
        host: '127.0.0.1',
        port: PORTS.store,
        // As compose.yaml: the bucket nginx passes on to the store (deploy/nginx.conf).
        bucket: 'qq-photos',
        region: 'us-east-1',
        dataDir: storeDisk,
        ...storeKey,
      });
      cleanups.push(() => s3.close());
      const mail = await startSmtp({ port: PORTS.smtp });
      cleanups.push(() => mail.close());
      check(true, 'started');
      return { database: scratch, smtp: mail, store: s3 };
    });
    const databaseUrl = database.url;

    const env = (port: number, extra: Record<string, string> = {}) =>
      instanceEnv(port, {
        dir,
        databaseUrl,
        sessionSecret,
        smtpUrl: smtp.url,
        bucket: store.bucket,
        storeKey,
        metricsToken,
        extra,
      });
    const [app1, app2] = [
      new Instance('instance 1', PORTS.app1, path.join(dir, 'app1.log'), env(PORTS.app1, { CAMPAIGN: 'campaigns/demo' })),
      new Instance('instance 2', PORTS.app2, path.join(dir, 'app2.log'), env(PORTS.app2)),
    ] as [Instance, Instance];
    instances.push(app1, app2);
    logsOnFailure.push(app1.logFile, app2.logFile, path.join(dir, 'nginx-error.log'));

    // Before the instances: they reach the photo store through it, as in compose.yaml.
    await step('nginx (deploy/nginx.conf) started', async () => {
      cleanups.push(await startNginx(dir));
      check(true, 'listening');
    });

    await step('two built instances, NODE_ENV=production (the first seeds the campaign)', async () => {
      await app1.start();
      await app2.start();
      const ready = await send(`${app2.url}/readyz`);
      check(
        ready.json<{ checks: Record<string, string> }>().checks.storage === 'ok',
        'the store takes a signed write through nginx (probe)',
      );
    });

    const crew = {
      reviewer: `reviewer-${randomBytes(3).toString('hex')}@crew.test`,
      staff: `staff-${randomBytes(3).toString('hex')}@crew.test`,
    };
    await step('operators added with the built CLI (npm run ops -- operator:add)', async () => {
      for (const [role, email] of Object.entries(crew)) {
        const out = execFileSync(process.execPath, ['scripts/start.mjs', 'ops', 'operator:add', email, '--role', role], {
          cwd: root,
          env: env(PORTS.app1),
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        check(out.includes(`is now ${role}`), `operator:add ${role}: ${out.trim()}`);
      }
    });

    await step('nginx in front of both', async () => {
      await waitFor('nginx passes requests on', 15_000, async () => (await send(`${PROXY}/healthz`)).status === 200);
      const seen = new Set<string>();
      for (let i = 0; i < 6; i += 1) seen.add((await send(`${PROXY}/healthz`)).upstream ?? '?');
      check(seen.size === 2, `nginx spreads requests over both instances (saw ${[...seen].join(', ')})`);
      check((await send(`${PROXY}/metrics`)).status === 404, 'the proxy does not expose /metrics');
    });

    await step('Prometheus (deploy/prometheus/prometheus.yml, alerts.yml) scrapes both instances', async () => {
      prometheus = await startPrometheus({
        dir: path.join(dir, 'prometheus'),
        root,
        port: PORTS.prometheus,
        targets: [`127.0.0.1:${PORTS.app1}`, `127.0.0.1:${PORTS.app2}`],
        token: metricsToken,
        forSeconds: ALERT_FOR_SECONDS,
        logFile: path.join(dir, 'prometheus.log'),
      });
      logsOnFailure.push(path.join(dir, 'prometheus.log'));
      const p = prometheus;
      await waitFor(
        'both instances scraped with the token',
        30_000,
        async () => (await p.query('sum(up{job="quackquest"})')) === 2,
      );
      check(true, 'both instances up in Prometheus');
      // The database-wide figures come from one instance only: a sum over instances counts the queue once.
      await waitFor(
        'the database-wide metrics scraped',
        30_000,
        async () => (await p.query('count(qq_mail_queued_emails)')) !== undefined,
      );
      check((await p.query('count(qq_mail_queued_emails)')) === 1, 'the database-wide metrics come from one instance');
    });

    const deployment: Deployment = { databaseUrl, smtp, store, storeDisk, app1, app2, crew };
    const visitor = new Person(`visitor-${randomBytes(3).toString('hex')}@example.com`, FROM.visitor);
    await signUp(deployment, visitor);
    loop = startLoop(visitor);
    await twoCheckpoints(visitor);
    const upload = await uploadPhoto(deployment, visitor);
    // The instance that took the photo's answer is restarted; the reviewer uses the other one, directly.
    const restarted = upload.takenBy.endsWith(`:${PORTS.app1}`) ? app1 : app2;
    const other = restarted === app1 ? app2 : app1;
    const restart = await restartUnderLoop(restarted, other, visitor, loop);
    await reviewOnTheOther(deployment, other, visitor);
    const voucher = await spinAndClaim(visitor);
    await redeemVoucher(deployment, visitor, voucher);
    const loopStats = await loopHeld(loop, restarted);
    loop = undefined;
    await forwardedForFromTheProxyOnly(deployment);
    const seen = await failuresSeen(deployment, prometheus!, visitor);

    printSummary({ dir, instances, loopStats, restart, store, smtp, seen });
  } catch (error) {
    console.error(`\n${(error as Error).stack ?? String(error)}`);
    for (const file of logsOnFailure) console.error(`\n--- ${path.basename(file)} (last lines)\n${tail(file)}`);
    console.log(`deploy: ${tally.checks} passed, ${Math.max(tally.failed, 1)} failed`);
    process.exitCode = 1;
  } finally {
    await loop?.stop();
    await prometheus?.stop();
    for (const instance of instances) await instance.stop();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The summary: each step's time and checks, and what the loop, the restart, the store, nginx and the alerts saw. */
function printSummary({ dir, instances, loopStats, restart, store, smtp, seen }: Summary): void {
  const total = Date.now() - started;
  console.log('');
  console.log('test:deploy summary');
  for (const s of steps) console.log(`  ${String(s.ms).padStart(6)} ms  ${s.name} (${s.checks} checks)`);
  const upstreams = [...loopStats.byUpstream].map(([u, n]) => `${u} ${n}`).join(', ');
  console.log(
    `  loop: ${loopStats.requests} requests through nginx during the journey (${upstreams}), ${loopStats.failures.length} failed`,
  );
  console.log(
    `  restart: SIGTERM to exit ${restart.drainMs} ms (exit ${restart.exitCode}, /readyz ${restart.readyzWhileDraining} while draining), back ready after ${restart.downMs} ms`,
  );
  console.log(
    `  store: ${store.stats.written} objects written, refused ${JSON.stringify(store.stats.refused)}; e-mails received ${smtp.received.length}`,
  );
  const nginxLog = readFileSync(path.join(dir, 'nginx-error.log'), 'utf8');
  const resets = nginxLog.split('\n').filter((line) => line.includes('reset by peer')).length;
  const refused = nginxLog.split('\n').filter((line) => line.includes('Connection refused')).length;
  console.log(
    `  nginx: ${refused} connects refused and ${resets} connections reset by a stopping instance, each passed to the other`,
  );
  console.log(
    `  alerts: ${[...seen.firedAt].map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(', ')} after the failures (rules' for ${ALERT_FOR_SECONDS} s); disk filled with ${Math.round(seen.filled / 1024)} KB; ${seen.requests} visitor requests during them, none failed`,
  );
  console.log(`  memory: ${instances.map((i) => `${i.name} ${rssMb(i)} MB`).join(', ')} (resident, at the end)`);
  console.log(`  total ${(total / 1000).toFixed(1)} s`);
  console.log(`deploy: ${tally.checks} passed, 0 failed`);
}

await main();
