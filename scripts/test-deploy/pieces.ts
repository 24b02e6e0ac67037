// The pieces `npm run test:deploy` starts: the build, nginx, the instances (started and awaited as every server of the
// tests is, test/wait-for-health.ts), and the small helpers its steps share.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { nginxSite } from '../../apps/server/test/nginx-site';
import { hasExited, waitForHealth } from '../../apps/server/test/wait-for-health';
import { send } from './http';
import { LINKS_PER_IP, NGINX, PORTS, PROXY, root } from './topology';

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
export function buildIfNeeded(): string {
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

export function ensureNginx(): string {
  if (existsSync(NGINX)) return 'installed';
  if (process.getuid?.() !== 0) throw new Error(`${NGINX} is missing: apt-get install nginx-light`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], { stdio: 'ignore', env });
  if (!existsSync(NGINX)) throw new Error('apt-get install nginx-light did not install /usr/sbin/nginx');
  return 'installed now (nginx-light)';
}

export async function queryOne<T>(databaseUrl: string, sql: string, values: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(what: string, timeoutMs: number, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await delay(200);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

export class Instance {
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
    await waitForHealth(`${this.url}/readyz`, {
      timeoutMs: 60_000,
      exited: () => hasExited(child),
      what: `${this.name} (see ${this.logFile})`,
      everyMs: 200,
    }).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}:\n${tail(this.logFile)}`);
    });
  }

  async stop(): Promise<number | null> {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGTERM');
    return this.exit;
  }
}

/** The resident memory of an instance's process, from /proc. */
export function rssMb(instance: Instance): string {
  const status = instance.child?.pid ? readFileSync(`/proc/${instance.child.pid}/status`, 'utf8') : '';
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return kb ? String(Math.round(Number(kb) / 1024)) : '?';
}

export function tail(file: string, lines = 25): string {
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

/** nginx with `nginxConfig`, checked first (`nginx -t`), answering on the proxy's port; the function returned stops it. */
export async function startNginx(dir: string): Promise<() => Promise<void>> {
  const conf = nginxConfig(dir);
  const args = ['-p', dir, '-c', conf, '-e', path.join(dir, 'nginx-error.log')];
  execFileSync(NGINX, [...args, '-t', '-q'], { stdio: 'inherit' });
  const child = spawn(NGINX, args, { stdio: 'inherit' });
  const stop = async () => {
    child.kill('SIGQUIT');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
  };
  await waitFor('nginx answers', 15_000, async () => (await send(`${PROXY}/healthz`)).status > 0).catch(
    async (error: unknown) => {
      await stop();
      throw error;
    },
  );
  return stop;
}

/** An instance's whole environment, as compose.yaml gives it, with this machine's addresses. */
export function instanceEnv(
  port: number,
  options: {
    dir: string;
    databaseUrl: string;
    sessionSecret: string;
    smtpUrl: string;
    bucket: string;
    storeKey: { accessKeyId: string; secretAccessKey: string };
    metricsToken: string;
    extra: Record<string, string>;
  },
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? options.dir,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: PROXY,
    DATA_DIR: path.join(options.dir, `data-${port}`),
    DATABASE_URL: options.databaseUrl,
    DATABASE_POOL_SIZE: '5',
    SESSION_SECRET: options.sessionSecret,
    SMTP_URL: options.smtpUrl,
    MAIL_FROM: 'QuackQuest <no-reply@quackquest.test>',
    VAPID_PUBLIC_KEY: 'BOKEXLypUiwig0lZlE7yr0fShY7Y-csXRbMV8KxjzLOxA79us5PuNkd5rCrtHLBheUhgVMfZNfKD4wqftPgaNRY',
    VAPID_PRIVATE_KEY: 't2Vw_x3l_biga8UmJa-BZEtFcEaztlt5mu8s2WZvSTU',
    S3_BUCKET: options.bucket,
    // As compose.yaml: the store through the proxy, on the app's own address.
    S3_ENDPOINT: PROXY,
    S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: options.storeKey.accessKeyId,
    AWS_SECRET_ACCESS_KEY: options.storeKey.secretAccessKey,
    // The proxy's address only: a client that reaches an instance directly cannot choose its own address.
    TRUST_PROXY: '127.0.0.1',
    // As compose.yaml: longer than nginx's upstream keepalive_timeout (deploy/nginx.conf).
    DRAIN_DELAY_MS: '2000',
    SIGNIN_LINKS_PER_IP: String(LINKS_PER_IP),
    METRICS_TOKEN: options.metricsToken,
    LOG_LEVEL: 'warn',
    ...options.extra,
  };
}
