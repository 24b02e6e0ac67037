// The monitoring half of `npm run test:deploy` (issue 31: every failure is seen): a real Prometheus (Debian's
// `prometheus` package) scraping both instances through deploy/prometheus/prometheus.yml with this machine's
// addresses, evaluating deploy/prometheus/alerts.yml with shorter `for`s and windows so that an alert fires in
// seconds rather than minutes; and a photo disk that really fills up (a small tmpfs).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PROMETHEUS = '/usr/bin/prometheus';

/** Debian's Prometheus, installed with apt-get when missing (as root, as .ci/run does). */
export function ensurePrometheus(): string {
  if (existsSync(PROMETHEUS)) return 'installed';
  if (process.getuid?.() !== 0) throw new Error(`${PROMETHEUS} is missing: apt-get install prometheus`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'prometheus'], { stdio: 'ignore', env });
  if (!existsSync(PROMETHEUS)) throw new Error(`apt-get install prometheus did not install ${PROMETHEUS}`);
  return 'installed now (prometheus)';
}

/**
 * The rules as deployed, with each `for` at `forSeconds` and each rate window at 20 s (15 minutes at 1 minute):
 * what they say is unchanged, only sooner. The thresholds stay as they are.
 */
function quickRules(rules: string, forSeconds: number): string {
  return rules
    .replace(/^(\s+)for: \S+$/gm, `$1for: ${forSeconds}s`)
    .replaceAll('[5m]', '[20s]')
    .replaceAll('[15m]', '[1m]');
}

export interface Prometheus {
  url: string;
  /** The alerts firing now, by name. */
  firing(): Promise<Set<string>>;
  /** The value of an instant query's single result, or undefined when it has none. */
  query(expr: string): Promise<number | undefined>;
  stop(): Promise<void>;
}

export async function startPrometheus(options: {
  dir: string;
  root: string;
  port: number;
  targets: string[];
  token: string;
  forSeconds: number;
  logFile: string;
}): Promise<Prometheus> {
  const { dir, root, port } = options;
  mkdirSync(dir, { recursive: true });
  const source = path.join(root, 'deploy/prometheus');
  writeFileSync(
    path.join(dir, 'alerts.yml'),
    quickRules(readFileSync(path.join(source, 'alerts.yml'), 'utf8'), options.forSeconds),
  );
  writeFileSync(path.join(dir, 'token'), options.token);
  let config = readFileSync(path.join(source, 'prometheus.yml'), 'utf8');
  const replace = (from: string | RegExp, to: string) => {
    if (!config.match(from)) throw new Error(`deploy/prometheus/prometheus.yml no longer has ${String(from)}`);
    config = config.replace(from, to);
  };
  replace(/scrape_interval: \S+/, 'scrape_interval: 1s');
  replace(/evaluation_interval: \S+/, 'evaluation_interval: 1s');
  replace('/etc/prometheus/quackquest-metrics-token', path.join(dir, 'token'));
  replace("['app1:3000', 'app2:3000']", JSON.stringify(options.targets));
  writeFileSync(path.join(dir, 'prometheus.yml'), config);
  const log = openSync(options.logFile, 'a');
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', log, log] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const api = async <T>(pathname: string): Promise<T> => {
    const answer = await fetch(`${url}${pathname}`, { signal: AbortSignal.timeout(5_000) });
    if (!answer.ok) throw new Error(`Prometheus ${pathname}: ${answer.status}`);
    return ((await answer.json()) as { data: T }).data;
  };
  const prometheus: Prometheus = {
    url,
    async firing() {
      const { alerts } = await api<{ alerts: { state: string; labels: { alertname: string } }[] }>('/api/v1/alerts');
      return new Set(alerts.filter((alert) => alert.state === 'firing').map((alert) => alert.labels.alertname));
    },
    async query(expr) {
      const { result } = await api<{ result: { value: [number, string] }[] }>(`/api/v1/query?query=${encodeURIComponent(expr)}`);
      return result[0] ? Number(result[0].value[1]) : undefined;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Prometheus exited at start; see ${options.logFile}`);
    const ready = await fetch(`${url}/-/ready`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) return prometheus;
    if (Date.now() > deadline) {
      await prometheus.stop();
      throw new Error('Prometheus not ready within 30 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A small tmpfs at `dir` (root only): a disk that really fills. Returns its unmount. */
export function mountSmallDisk(dir: string, sizeKb: number): () => void {
  mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir]);
  return () => execFileSync('umount', ['-l', dir]);
}

/** Fills the disk at `dir` to its last block; returns the bytes written. */
export function fillDisk(dir: string): number {
  const { bavail, bsize } = statfsSync(dir);
  const bytes = Number(bavail) * Number(bsize);
  writeFileSync(path.join(dir, 'filler'), Buffer.alloc(bytes));
  return bytes;
}
