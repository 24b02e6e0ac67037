// `npm run test:deploy`: the production topology of compose.yaml, proven on this machine without containers
// (docs/deploy.md, "The topology, tested here"; decision 031). Debian's nginx, with deploy/nginx.conf, in front of
// two built instances (NODE_ENV=production, `node scripts/start.mjs`) on a fresh PostgreSQL database, an S3
// stand-in that checks signatures and a real SMTP server. A visitor walks through the proxy over HTTP while a loop
// of requests runs; one instance is restarted in the middle; X-Forwarded-For is believed from the proxy only.
// Exits 1 on the first failed check, printing the logs of what failed.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { assertPortsFree } from '../apps/server/test/free-ports';
import { nginxSite } from '../apps/server/test/nginx-site';
import { createScratchDatabase } from '../apps/server/test/scratch-database';
import { startSmtp, type TestSmtp } from '../apps/server/test/smtp';
import { startS3StandIn } from '../apps/server/test/s3';
import { ensurePrometheus, fillDisk, mountSmallDisk, type Prometheus, startPrometheus } from './deploy-monitoring';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NGINX = '/usr/sbin/nginx';
const base = Number(process.env.DEPLOY_PORT_BASE ?? 4313);
const PORTS = { proxy: base, app1: base + 1, app2: base + 2, store: base + 3, smtp: base + 4, prometheus: base + 5 };
const PROXY = `http://127.0.0.1:${PORTS.proxy}`;
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The per-client sign-in limit of the instances: small, so that the X-Forwarded-For check reaches it. */
/** 3 a minute (a tenth of it, decision 058): the per-client limit the forged addresses must not escape. */
const LINKS_PER_IP = 30;
const LINKS_PER_IP_A_MINUTE = LINKS_PER_IP / 10;
// Each actor connects from an address of its own on the loopback network (127.0.0.0/8), so the address the server
// records tells them apart, and none of them is nginx's own 127.0.0.1.
const FROM = { visitor: '127.0.0.3', staff: '127.0.0.4', reviewer: '127.0.0.5', loop: '127.0.0.6', forger: '127.0.0.2' };
const started = Date.now();
/** The alert rules' `for`, in the test's copy of them (scripts/deploy-monitoring.ts): seconds, not minutes. */
const ALERT_FOR_SECONDS = 2;
/** What the failures' step injects, and the alert each must fire. */
const FAILURE_ALERTS = {
  'SMTP server stopped': ['QuackQuestMailServerDown', 'QuackQuestMailNotSending'],
  'photo disk full': ['QuackQuestPhotoStoreFailing'],
  'a table locked': ['QuackQuestDatabaseBusy'],
};

// ---------------------------------------------------------------------------------------------------------------
// Checks and the summary.

interface StepRecord {
  name: string;
  ms: number;
  checks: number;
}
const steps: StepRecord[] = [];
let checks = 0;
let failed = 0;

function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${what}`);
  checks += 1;
}

async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  const at = Date.now();
  const before = checks;
  try {
    const result = await work();
    steps.push({ name, ms: Date.now() - at, checks: checks - before });
    console.log(`  ok  ${name} (${Date.now() - at} ms)`);
    return result;
  } catch (error) {
    failed += 1;
    console.log(`  FAIL ${name}: ${(error as Error).message}`);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP from a chosen local address, with a cookie jar per person.

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The instance nginx passed the request to (the test config's X-QQ-Upstream header). */
  upstream: string | undefined;
  json<T = Record<string, unknown>>(): T;
}

interface Send {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  from?: string;
  timeoutMs?: number;
}

function send(url: string, options: Send = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  let payload: Buffer | undefined;
  if (Buffer.isBuffer(options.body)) payload = options.body;
  else if (options.body !== undefined) {
    payload = Buffer.from(JSON.stringify(options.body));
    headers['content-type'] ??= 'application/json';
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: options.method ?? 'GET',
        headers,
        localAddress: options.from,
        agent: false,
        timeout: options.timeoutMs ?? 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            upstream: res.headers['x-qq-upstream'] as string | undefined,
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} in time`)));
    req.on('error', reject);
    req.end(payload);
  });
}

class Person {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly email: string,
    readonly from: string,
  ) {}

  async call(baseUrl: string, method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const answer = await send(`${baseUrl}${pathname}`, {
      method,
      body,
      from: this.from,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
    const lines = answer.headers['set-cookie'] ?? [];
    for (const line of lines) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return answer;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The pieces: build, database, store, SMTP, instances, nginx.

/** The newest modification time under these paths. */
function newest(...paths: string[]): number {
  let latest = 0;
  for (const file of paths) {
    if (!existsSync(file)) continue;
    const info = statSync(file);
    if (!info.isDirectory()) latest = Math.max(latest, info.mtimeMs);
    else
      for (const entry of readdirSync(file, { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
      }
  }
  return latest;
}

/** `npm run build`'s two halves, each only when its output is older than its sources (as scripts/start.mjs does). */
function buildIfNeeded(): string {
  const at = (p: string) => path.join(root, p);
  const builtAt = (...files: string[]) => Math.min(...files.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const done: string[] = [];
  const contract = at('packages/contract/src');
  if (
    builtAt(at('apps/web/dist/index.html')) <=
    newest(at('apps/web/src'), at('apps/web/public'), at('apps/web/index.html'), contract)
  ) {
    execFileSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    done.push('web app');
  }
  if (builtAt(at('apps/server/dist/server.js'), at('apps/server/dist/ops.js')) <= newest(at('apps/server/src'), contract)) {
    execFileSync('npm', ['run', 'build:server'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    done.push('server');
  }
  return done.length > 0 ? `built (${done.join(', ')})` : 'up to date';
}

function ensureNginx(): string {
  if (existsSync(NGINX)) return 'installed';
  if (process.getuid?.() !== 0) throw new Error(`${NGINX} is missing: apt-get install nginx-light`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], { stdio: 'ignore', env });
  if (!existsSync(NGINX)) throw new Error('apt-get install nginx-light did not install /usr/sbin/nginx');
  return 'installed now (nginx-light)';
}

async function queryOne<T>(databaseUrl: string, sql: string, values: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, timeoutMs: number, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await delay(200);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

class Instance {
  child: ChildProcess | undefined;
  exit: Promise<number | null> = Promise.resolve(null);
  constructor(
    readonly name: string,
    readonly port: number,
    readonly logFile: string,
    readonly env: Record<string, string>,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const log = openSync(this.logFile, 'a');
    const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env: this.env, stdio: ['ignore', log, log] });
    this.child = child;
    this.exit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    let gone = false;
    void this.exit.then(() => (gone = true));
    await waitFor(`${this.name} ready (/readyz 200)`, 60_000, async () => {
      if (gone) throw new Error(`${this.name} exited at start; see ${this.logFile}`);
      return (await send(`${this.url}/readyz`)).status === 200;
    }).catch((error: unknown) => {
      if (gone) throw new Error(`${this.name} exited at start:\n${tail(this.logFile)}`);
      throw error;
    });
  }

  async stop(): Promise<number | null> {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGTERM');
    return this.exit;
  }
}

/** The resident memory of an instance's process, from /proc. */
function rssMb(instance: Instance): string {
  const status = instance.child?.pid ? readFileSync(`/proc/${instance.child.pid}/status`, 'utf8') : '';
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return kb ? String(Math.round(Number(kb) / 1024)) : '?';
}

function tail(file: string, lines = 25): string {
  if (!existsSync(file)) return '(no log)';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/** nginx's own configuration around deploy/nginx.conf, with this machine's addresses in place of compose's names (nginx-site.ts). */
function nginxConfig(dir: string): string {
  let site = nginxSite({ root, listen: `127.0.0.1:${PORTS.proxy}`, instances: [PORTS.app1, PORTS.app2], store: PORTS.store });
  // Only here: which instance answered, so the test can use the other one.
  site = site.replace(
    'proxy_pass http://quackquest;',
    'proxy_pass http://quackquest;\n    add_header X-QQ-Upstream $upstream_addr always;',
  );
  writeFileSync(path.join(dir, 'quackquest.conf'), site);
  const main = [
    process.getuid?.() === 0 ? 'user root;' : '',
    'daemon off;',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/nginx-error.log warn;`,
    'events { worker_connections 512; }',
    'http {',
    `  access_log ${dir}/nginx-access.log;`,
    `  client_body_temp_path ${dir}/client-body;`,
    `  proxy_temp_path ${dir}/proxy;`,
    `  include ${dir}/quackquest.conf;`,
    '}',
    '',
  ].join('\n');
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, main);
  return file;
}

// ---------------------------------------------------------------------------------------------------------------
// The visitor's and the crew's steps.

function tokenIn(mail: { parsed: { text?: string } }): string {
  const token = /[?&]token=([\w-]+)/.exec(mail.parsed.text ?? '')?.[1];
  if (!token) throw new Error('no sign-in link in the e-mail');
  return token;
}

/** The e-mailed link: asked for at `baseUrl`, read from the SMTP server, verified. Returns the idToken. */
async function idTokenByEmail(smtp: TestSmtp, person: Person, baseUrl: string): Promise<string> {
  const before = smtp.received.length;
  const asked = await person.call(baseUrl, 'POST', '/api/auth/email-link', { email: person.email });
  check(asked.status === 202, `e-mail link asked for ${person.email}: 202 (got ${asked.status} ${asked.body.toString()})`);
  const mail = await smtp.waitFor(person.email, { after: before, timeoutMs: 30_000 });
  check(mail.parsed.text?.includes(PROXY), 'the e-mailed link points at the public address (the proxy)');
  const verified = await person.call(baseUrl, 'POST', '/api/auth/email-link/verify', { token: tokenIn(mail) });
  check(verified.status === 200, `link verified (got ${verified.status} ${verified.body.toString()})`);
  return verified.json<{ idToken: string }>().idToken;
}

async function consoleSignIn(smtp: TestSmtp, person: Person, baseUrl: string, role: string): Promise<void> {
  const idToken = await idTokenByEmail(smtp, person, baseUrl);
  const signedIn = await person.call(baseUrl, 'POST', '/api/auth/console', { idToken });
  check(signedIn.status === 200 && signedIn.json().role === role, `console sign-in as ${role} (got ${signedIn.status})`);
}

interface LoopStats {
  requests: number;
  failures: string[];
  byUpstream: Map<string, number>;
  /** Answers per instance after the restarted one was back. */
  afterRestart: Map<string, number>;
  restarted: boolean;
}

/** A few clients asking what a phone asks, without pause, until stopped; any 5xx or lost request is a failure. */
function startLoop(visitor: Person): { stats: LoopStats; stop: () => Promise<void> } {
  const stats: LoopStats = { requests: 0, failures: [], byUpstream: new Map(), afterRestart: new Map(), restarted: false };
  const requests: [string, string, unknown?][] = [
    ['GET', '/api/campaign'],
    ['GET', '/api/me'],
    ['GET', '/api/checkpoints'],
    ['POST', '/api/notices/seen', { attemptIds: [2_000_000_000] }],
    ['GET', '/'],
  ];
  const loopVisitor = new Person(visitor.email, FROM.loop);
  for (const [name, value] of visitor.cookies) loopVisitor.cookies.set(name, value);
  let running = true;
  const worker = async (offset: number) => {
    for (let i = offset; running; i += 1) {
      const [method, pathname, body] = requests[i % requests.length]!;
      stats.requests += 1;
      try {
        const answer = await loopVisitor.call(PROXY, method, pathname, body);
        const upstream = answer.upstream ?? '?';
        stats.byUpstream.set(upstream, (stats.byUpstream.get(upstream) ?? 0) + 1);
        if (stats.restarted) stats.afterRestart.set(upstream, (stats.afterRestart.get(upstream) ?? 0) + 1);
        if (answer.status !== 200) stats.failures.push(`${method} ${pathname}: ${answer.status} via ${upstream}`);
      } catch (error) {
        stats.failures.push(`${method} ${pathname}: ${(error as Error).message}`);
      }
    }
  };
  const workers = [0, 1, 2, 3].map((offset) => worker(offset));
  return {
    stats,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-deploy-'));
  const sessionSecret = randomBytes(32).toString('hex');
  const storeDisk = path.join(dir, 'store-disk');
  const metricsToken = randomBytes(24).toString('hex');
  let prometheus: Prometheus | undefined;
  const storeKey = { accessKeyId: 'quackquest-deploy', secretAccessKey: randomBytes(20).toString('hex') };
  const cleanups: (() => Promise<unknown>)[] = [];
  const instances: Instance[] = [];
  let loop: ReturnType<typeof startLoop> | undefined;
  const restart = { drainMs: 0, downMs: 0, exitCode: null as number | null, readyzWhileDraining: 0 };
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

    const env = (port: number, extra: Record<string, string> = {}): Record<string, string> => ({
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? dir,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: PROXY,
      DATA_DIR: path.join(dir, `data-${port}`),
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '5',
      SESSION_SECRET: sessionSecret,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'QuackQuest <no-reply@quackquest.test>',
      VAPID_PUBLIC_KEY: 'BOKEXLypUiwig0lZlE7yr0fShY7Y-csXRbMV8KxjzLOxA79us5PuNkd5rCrtHLBheUhgVMfZNfKD4wqftPgaNRY',
      VAPID_PRIVATE_KEY: 't2Vw_x3l_biga8UmJa-BZEtFcEaztlt5mu8s2WZvSTU',
      S3_BUCKET: store.bucket,
      // As compose.yaml: the store through the proxy, on the app's own address.
      S3_ENDPOINT: PROXY,
      S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: storeKey.accessKeyId,
      AWS_SECRET_ACCESS_KEY: storeKey.secretAccessKey,
      // The proxy's address only: a client that reaches an instance directly cannot choose its own address.
      TRUST_PROXY: '127.0.0.1',
      // As compose.yaml: longer than nginx's upstream keepalive_timeout (deploy/nginx.conf).
      DRAIN_DELAY_MS: '2000',
      SIGNIN_LINKS_PER_IP: String(LINKS_PER_IP),
      METRICS_TOKEN: metricsToken,
      LOG_LEVEL: 'warn',
      ...extra,
    });
    const [app1, app2] = [
      new Instance('instance 1', PORTS.app1, path.join(dir, 'app1.log'), env(PORTS.app1, { CAMPAIGN: 'campaigns/demo' })),
      new Instance('instance 2', PORTS.app2, path.join(dir, 'app2.log'), env(PORTS.app2)),
    ] as [Instance, Instance];
    instances.push(app1, app2);
    logsOnFailure.push(app1.logFile, app2.logFile, path.join(dir, 'nginx-error.log'));

    // Before the instances: they reach the photo store through it, as in compose.yaml.
    await step('nginx (deploy/nginx.conf) started', async () => {
      const conf = nginxConfig(dir);
      const args = ['-p', dir, '-c', conf, '-e', path.join(dir, 'nginx-error.log')];
      execFileSync(NGINX, [...args, '-t', '-q'], { stdio: 'inherit' });
      const child = spawn(NGINX, args, { stdio: 'inherit' });
      cleanups.push(async () => {
        child.kill('SIGQUIT');
        await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
      });
      await waitFor('nginx answers', 15_000, async () => (await send(`${PROXY}/healthz`)).status > 0);
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

    const visitor = new Person(`visitor-${randomBytes(3).toString('hex')}@example.com`, FROM.visitor);
    await step('visitor: the app, e-mail sign-in (link read from SMTP), sign-up', async () => {
      const page = await visitor.call(PROXY, 'GET', '/');
      check(page.status === 200 && page.body.toString().includes('<div id="root">'), 'the built web app is served');
      const idToken = await idTokenByEmail(smtp, visitor, PROXY);
      const signedUp = await visitor.call(PROXY, 'POST', '/api/auth', {
        action: 'signup',
        idToken,
        email: visitor.email,
        userName: 'Deploy Duck',
        InstagramHandle: '@deployduck',
        PhoneNumber: '+65 8123 4567',
        CabinOwnership: 'no',
      });
      check(signedUp.status === 201, `signed up (got ${signedUp.status} ${signedUp.body.toString()})`);
      check(visitor.cookies.has('qq_session'), 'a session cookie');
      const me = await visitor.call(PROXY, 'GET', '/api/me');
      check(me.status === 200, 'GET /api/me');
    });

    loop = startLoop(visitor);

    await step('visitor: two checkpoints (scan, quiz) through the proxy', async () => {
      const scan = await visitor.call(PROXY, 'POST', '/api/checkpoints/day-01-gangway/attempts', {
        answer: 'QQSG25-GANGWAY-MWMXXG',
      });
      check(
        scan.status === 200 && scan.json().spinEarned === true,
        `scan earns a spin (got ${scan.status} ${scan.body.toString()})`,
      );
      const quiz = await visitor.call(PROXY, 'POST', '/api/checkpoints/day-02-lifeboat-drill/attempts', { answer: ['b'] });
      check(quiz.status === 200 && quiz.json().spinEarned === true, `quiz earns a spin (got ${quiz.status})`);
    });

    const photo = readFileSync(path.join(root, 'campaigns/singapore-2025/images/photo-1.jpg'));
    const upload = await step('visitor: a photo to the store through a presigned URL (write-once, signed)', async () => {
      const query = `filetype=image/jpeg&checkpointId=day-04-deck-selfie&filesize=${photo.length}&filename=duck.jpg`;
      const asked = await visitor.call(PROXY, 'GET', `/api/uploads/url?${query}`);
      check(asked.status === 200, `upload URL (got ${asked.status} ${asked.body.toString()})`);
      const { uploadUrl, headers, key } = asked.json<{ uploadUrl: string; headers: Record<string, string>; key: string }>();
      check(uploadUrl.startsWith(`${PROXY}/qq-photos/`), 'the URL is the store through the proxy, not an instance');
      const put = (url: string, extra: Record<string, string> = headers) =>
        send(url, { method: 'PUT', headers: extra, body: photo, from: FROM.visitor });
      const unsigned = await put(uploadUrl.split('?')[0]!);
      check(unsigned.status === 403, `an unsigned PUT is refused (${unsigned.status})`);
      const forged = await put(uploadUrl.replace(/X-Amz-Signature=[0-9a-f]{4}/, 'X-Amz-Signature=0000'));
      check(forged.status === 403, `a forged signature is refused (${forged.status})`);
      const pngClaim = await put(uploadUrl, { ...headers, 'content-type': 'image/png' });
      check(pngClaim.status === 403, `another content type than signed is refused (${pngClaim.status})`);
      const stored = await put(uploadUrl);
      check(stored.status === 200, `the signed PUT is stored (${stored.status} ${stored.body.toString()})`);
      const again = await put(uploadUrl);
      check(again.status === 412, `a second PUT of the key is refused: the photo cannot be replaced (${again.status})`);
      check(store.get(key)?.body.equals(photo), 'the store holds the photo');
      const attempt = await visitor.call(PROXY, 'POST', '/api/checkpoints/day-04-deck-selfie/attempts', { answer: key });
      check(
        attempt.status === 200 && attempt.json().outcome === 'submitted',
        `photo answer submitted (${attempt.body.toString()})`,
      );
      check(attempt.upstream !== undefined, 'nginx names the instance that took it');
      return { key, takenBy: attempt.upstream };
    });

    // The instance that took the photo's answer is restarted; the reviewer uses the other one, directly.
    const restarted = upload.takenBy.endsWith(`:${PORTS.app1}`) ? app1 : app2;
    const other = restarted === app1 ? app2 : app1;

    await step(`restart of ${restarted.name} (SIGTERM: drain, /readyz 503, exit 0; start again) under the loop`, async () => {
      await delay(1500);
      const at = Date.now();
      restarted.child!.kill('SIGTERM');
      // The signal is handled in its own turn: ask until the answer changes (at most 2 s).
      for (let tries = 0; tries < 20; tries += 1) {
        restart.readyzWhileDraining = (await send(`${restarted.url}/readyz`).catch(() => undefined))?.status ?? 0;
        if (restart.readyzWhileDraining !== 200) break;
        await delay(100);
      }
      check(restart.readyzWhileDraining === 503, `/readyz answers 503 while draining (got ${restart.readyzWhileDraining})`);
      restart.exitCode = await restarted.exit;
      restart.drainMs = Date.now() - at;
      check(restart.exitCode === 0, `the instance exits 0 after draining (got ${restart.exitCode})`);
      // Meanwhile the visitor goes on: nginx sends everything to the other instance.
      const during = await visitor.call(PROXY, 'GET', '/api/spin');
      check(during.status === 200 && during.upstream?.endsWith(`:${other.port}`), `served by ${other.name} while one is down`);
      await delay(1500);
      await restarted.start();
      restart.downMs = Date.now() - at;
      loop!.stats.restarted = true;
    });

    await step(`review on the other instance (${other.name}, directly): reads the photo from the store, approves`, async () => {
      const reviewer = new Person(crew.reviewer, FROM.reviewer);
      await consoleSignIn(smtp, reviewer, other.url, 'reviewer');
      const list = await reviewer.call(other.url, 'GET', '/api/console/reviews?state=pending&checkpoint=day-04-deck-selfie');
      check(list.status === 200, `review list (${list.status})`);
      const item = list
        .json<{ items: { attemptId: number; visitorEmail: string; photoUrl: string | null }[] }>()
        .items.find((i) => i.visitorEmail === visitor.email);
      check(item?.photoUrl, "the visitor's photo waits for review");
      const bytes = await reviewer.call(other.url, 'GET', `${item.photoUrl}?size=original`);
      check(
        bytes.status === 200 && bytes.body.equals(photo),
        `the other instance serves the photo from the store (${bytes.status}, ${bytes.body.length} of ${photo.length} bytes)`,
      );
      // The built server on its runtime dependencies makes a rendition (sharp's prebuilt libvips) and keeps it.
      const thumb = await reviewer.call(other.url, 'GET', `${item.photoUrl}?size=thumb`);
      check(
        thumb.status === 200 && thumb.headers['content-type'] === 'image/webp' && thumb.body.length < photo.length,
        `the other instance makes its thumbnail (${thumb.status}, ${thumb.headers['content-type']}, ${thumb.body.length} bytes)`,
      );
      const decided = await reviewer.call(other.url, 'POST', '/api/console/reviews/decisions', {
        decisions: [{ attemptId: item.attemptId, decision: 'approve' }],
      });
      check(decided.status === 200 && decided.json<{ results: { ok: boolean }[] }>().results[0]?.ok, 'approved');
    });

    const voucher = await step('visitor: three spins, a reward claimed', async () => {
      const status = await visitor.call(PROXY, 'GET', '/api/spin');
      check(status.json().spinsLeft === 3, `three spins earned (got ${status.body.toString()})`);
      let ducks = 0;
      for (let i = 0; i < 3; i += 1) {
        const spun = await visitor.call(PROXY, 'POST', '/api/spin', {});
        check(spun.status === 200, `spin ${i + 1} (${spun.status} ${spun.body.toString()})`);
        ducks += spun.json<{ duckPointsAwarded: number }>().duckPointsAwarded;
      }
      check(ducks >= 3, `at least 3 ducks (got ${ducks})`);
      const claimed = await visitor.call(
        PROXY,
        'POST',
        '/api/claims',
        { item: 'Draught Beer' },
        { 'idempotency-key': randomUUID() },
      );
      check(claimed.status === 201, `claimed Draught Beer (${claimed.status} ${claimed.body.toString()})`);
      return claimed.json<{ voucherCode: string }>().voucherCode;
    });

    await step('staff: console sign-in through the proxy, voucher redeemed', async () => {
      const staff = new Person(crew.staff, FROM.staff);
      await consoleSignIn(smtp, staff, PROXY, 'staff');
      const found = await staff.call(PROXY, 'GET', `/api/console/vouchers/${encodeURIComponent(voucher)}`);
      check(found.status === 200 && found.json().redeemedAt === null, 'the voucher is found, not redeemed yet');
      const redeemed = await staff.call(PROXY, 'POST', `/api/console/vouchers/${encodeURIComponent(voucher)}/redeem`);
      check(redeemed.status === 200 && typeof redeemed.json().redeemedAt === 'number', 'redeemed');
      const profile = await visitor.call(PROXY, 'GET', '/api/profile');
      const claims = profile.json<{ claimed?: { voucherCode: string; redeemed: boolean }[] }>().claimed ?? [];
      check(
        claims.some((c) => c.voucherCode === voucher && c.redeemed),
        'the visitor sees it redeemed',
      );
    });

    const loopStats = await step('the loop of requests: none failed, both instances served after the restart', async () => {
      // A little more traffic with both instances up again.
      await waitFor('the restarted instance serves loop requests', 15_000, () =>
        Promise.resolve((loop!.stats.afterRestart.get(`127.0.0.1:${restarted.port}`) ?? 0) > 0),
      );
      await loop!.stop();
      const stats = loop!.stats;
      loop = undefined;
      check(
        stats.failures.length === 0,
        `no request failed (${stats.failures.length}: ${stats.failures.slice(0, 5).join('; ')})`,
      );
      check(stats.afterRestart.size === 2, 'after the restart both instances answer again');
      return stats;
    });

    const ipOf = async (email: string) =>
      (await queryOne<{ client_ip: string }>(databaseUrl, 'select client_ip from email_links where email = $1', [email]))[0]
        ?.client_ip;
    await step('X-Forwarded-For is believed from the proxy only', async () => {
      const ask = (url: string, from: string, forged?: string) => {
        const email = `xff-${randomBytes(4).toString('hex')}@example.com`;
        // Each from a browser of its own, as the sign-in forms bind it (decision 058).
        const cookie = `qq_browser=${randomBytes(24).toString('base64url')}`;
        return send(`${url}/api/auth/email-link`, {
          method: 'POST',
          from,
          body: { email },
          headers: { cookie, ...(forged ? { 'x-forwarded-for': forged } : {}) },
        }).then((answer) => ({ answer, email }));
      };
      // Through the proxy, each with a different forged address: all counted against the real one.
      for (let i = 1; i <= LINKS_PER_IP_A_MINUTE; i += 1) {
        const { answer, email } = await ask(PROXY, FROM.forger, `198.51.100.${i}`);
        check(answer.status === 202, `sign-in link ${i} accepted (${answer.status})`);
        check((await ipOf(email)) === FROM.forger, `recorded the client's address, not the forged one (${await ipOf(email)})`);
      }
      const limited = await ask(PROXY, FROM.forger, '198.51.100.99');
      check(
        limited.answer.status === 429,
        `a new forged address does not escape the per-client limit (${limited.answer.status})`,
      );
      // Directly at an instance: the socket is not the proxy, so its X-Forwarded-For is ignored altogether.
      const direct = await ask(app2.url, FROM.forger, '198.51.100.100');
      check(direct.answer.status === 429, `nor does going around the proxy (${direct.answer.status})`);
      const fresh = await ask(app1.url, '127.0.0.7', FROM.loop);
      check(
        fresh.answer.status === 202 && (await ipOf(fresh.email)) === '127.0.0.7',
        'a direct request is recorded as its socket',
      );
      // And the proxy's own address is not everyone's: another client behind the proxy has its own count.
      const neighbour = await ask(PROXY, '127.0.0.8');
      check(neighbour.answer.status === 202 && (await ipOf(neighbour.email)) === '127.0.0.8', 'another client is counted apart');
    });

    const seen = await step(
      'failures seen: SMTP stopped, photo disk full, a table locked; alerts fire, readiness stays up',
      async () => {
        const p = prometheus!;
        const expected = Object.values(FAILURE_ALERTS).flat();
        const before = await p.firing();
        check(
          expected.every((name) => !before.has(name)),
          `none of the failures' alerts fires before (${[...before].join(', ') || 'none firing'})`,
        );
        const during = startLoop(visitor);
        const at = Date.now();
        // SMTP: the server stops; a visitor asks for a sign-in link, which waits in the queue while sends fail.
        await smtp.close();
        const asker = new Person(`smtp-down-${randomBytes(3).toString('hex')}@example.com`, '127.0.0.9');
        const asked = await asker.call(PROXY, 'POST', '/api/auth/email-link', { email: asker.email });
        check(asked.status === 202, `a sign-in link is still asked for with the SMTP server down (${asked.status})`);
        // The photo store's disk fills up.
        const filled = fillDisk(storeDisk);
        // A session holds a table locked; visitors' profiles, which read it, are refused "busy" once the lock
        // timeout passes (decision 067), and keep being asked for, as visitors would, until the alert fires.
        const locker = new pg.Client({ connectionString: databaseUrl });
        await locker.connect();
        await locker.query('begin');
        await locker.query('lock table claims in access exclusive mode');
        const cookie = [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
        const profile = () => send(`${PROXY}/api/profile`, { from: FROM.visitor, headers: { cookie }, timeoutMs: 60_000 });
        const behindLock: string[] = [];
        let asking = true;
        const askers = [0, 1, 2, 3].map(async () => {
          while (asking) {
            const answer = await profile();
            let code = 'no JSON';
            try {
              code = answer.json<{ code?: string }>().code ?? '';
            } catch {
              // A proxy's page: shown as such in the check below.
            }
            behindLock.push(`${answer.status} ${code}`);
          }
        });
        const firedAt = new Map<string, number>();
        const fired = (names: string[]) => async () => {
          const firing = await p.firing();
          for (const name of expected) if (firing.has(name) && !firedAt.has(name)) firedAt.set(name, Date.now() - at);
          return names.every((name) => firedAt.has(name));
        };
        const lockAlerts = FAILURE_ALERTS['a table locked'];
        try {
          // The lock is released as soon as its alert fires: the request waiting behind it is then answered.
          await waitFor(`the alert ${lockAlerts.join(', ')} fires`, 45_000, fired(lockAlerts));
        } finally {
          asking = false;
          await Promise.all(askers);
          await locker.query('commit');
          await locker.end();
        }
        await waitFor(`the alerts ${expected.join(', ')} fire`, 90_000, fired(expected)).catch((error: unknown) => {
          const missing = expected.filter((name) => !firedAt.has(name));
          throw new Error(`${(error as Error).message}; fired: ${[...firedAt.keys()].join(', ')}; not: ${missing.join(', ')}`);
        });
        check(firedAt.size === expected.length, `each failure's alert fired (${[...firedAt.keys()].join(', ')})`);
        check(
          behindLock.length > 0 && behindLock.every((answer) => answer === '503 serverBusy'),
          `each request behind the lock was refused "busy" (503 serverBusy) instead of hanging (${behindLock.length}: ${[...new Set(behindLock)].join(', ')})`,
        );
        const after = await profile();
        check(after.status === 200, `the profile is served once the lock is released (${after.status})`);
        // Each instance's SMTP answer is reused for 30 s: ask until both name the failures, never seeing a 503.
        const notReady: string[] = [];
        for (const instance of [app1, app2]) {
          let last = '';
          await waitFor(`${instance.name} degraded, naming mail and storage`, 45_000, async () => {
            const ready = await send(`${instance.url}/readyz`);
            last = `${ready.status} ${ready.body.toString()}`;
            if (ready.status !== 200) notReady.push(`${instance.name}: ${last}`);
            const body = ready.json<{ status: string; checks: Record<string, string> }>();
            return body.status === 'degraded' && body.checks.mail === 'failing' && body.checks.storage === 'failing';
          }).catch((error: unknown) => {
            throw new Error(`${(error as Error).message} (last: ${last})`);
          });
          check(true, `${instance.name} says degraded, naming mail and storage (${last})`);
        }
        check(notReady.length === 0, `both instances stayed ready (200) throughout (${notReady.join('; ')})`);
        await during.stop();
        check(
          during.stats.failures.length === 0,
          `the visitor's requests kept passing during the failures (${during.stats.failures.slice(0, 5).join('; ')})`,
        );
        check(
          during.stats.byUpstream.size === 2,
          `no instance left the proxy (${[...during.stats.byUpstream.keys()].join(', ')})`,
        );
        return { firedAt, filled, requests: during.stats.requests };
      },
    );

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
    console.log(`deploy: ${checks} passed, 0 failed`);
  } catch (error) {
    console.error(`\n${(error as Error).stack ?? String(error)}`);
    for (const file of logsOnFailure) console.error(`\n--- ${path.basename(file)} (last lines)\n${tail(file)}`);
    console.log(`deploy: ${checks} passed, ${Math.max(failed, 1)} failed`);
    process.exitCode = 1;
  } finally {
    await loop?.stop();
    await prometheus?.stop();
    for (const instance of instances) await instance.stop();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
