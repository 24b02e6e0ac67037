// One load run, in its own process so that the load generator does not share the server's event loop.
// Usage: tsx bench/load.ts <config.json>; prints one JSON line (a LoadResult) on stdout.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export type LoadPlan =
  /** GET `path`, the cookie rotating over `cookies` (none when empty). */
  | { kind: 'get'; path: string; cookies: string[]; headers?: Record<string, string> }
  /** Per visitor: a valid scan of `checkpoints[j]` then a spin; each (visitor, checkpoint) pair is used once. */
  | { kind: 'attempt-spin'; cookies: string[]; checkpoints: { slug: string; qr: string }[] }
  /** POST /api/spin (or `path`), the cookie rotating over `cookies` (each entry is one unspent entitlement). */
  | { kind: 'spin'; cookies: string[]; path?: string }
  /** POST /api/claims (or `path`) for `item` with a fresh Idempotency-Key each time, rotating over `cookies`. */
  | { kind: 'claim'; cookies: string[]; item: string; path?: string; offset?: number };

export interface LoadConfig {
  url: string;
  /** Several server instances: the connections and the plan's cookies are split evenly between them. */
  urls?: string[];
  connections: number;
  durationSec: number;
  plan: LoadPlan;
}

export interface LoadResult {
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** The first non-2xx answer, to explain an error count. */
  firstFailure?: string;
  durationSec: number;
  /** CPU the load generator itself used, in % of one core over the run. */
  generatorCpu: number;
}

/** One autocannon run against each URL at once, each with its share of connections and its own cookies. */
async function run(config: LoadConfig): Promise<LoadResult> {
  const urls = config.urls?.length ? config.urls : [config.url];
  if (urls.length === 1) return runOne({ ...config, url: urls[0]! }, '0');
  const cpuBefore = process.cpuUsage();
  const share = <T>(list: T[], i: number) => {
    const size = Math.ceil(list.length / urls.length);
    return list.slice(i * size, (i + 1) * size);
  };
  const results = await Promise.all(
    urls.map((url, i) =>
      runOne(
        {
          url,
          connections: Math.max(1, Math.round(config.connections / urls.length)),
          durationSec: config.durationSec,
          plan: { ...config.plan, cookies: share(config.plan.cookies, i) },
        },
        String(i),
      ),
    ),
  );
  const requests = results.reduce((sum, r) => sum + r.requests, 0);
  const statusCodes: Record<string, number> = {};
  for (const r of results)
    for (const [code, count] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  const durationSec = Math.max(...results.map((r) => r.durationSec));
  return {
    requests,
    reqPerSec: results.reduce((sum, r) => sum + r.reqPerSec, 0),
    // Percentiles cannot be merged exactly: the median weighted by requests, and the worst instance's p99.
    p50: Math.round(results.reduce((sum, r) => sum + r.p50 * r.requests, 0) / Math.max(1, requests)),
    p99: Math.max(...results.map((r) => r.p99)),
    max: Math.max(...results.map((r) => r.max)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    timeouts: results.reduce((sum, r) => sum + r.timeouts, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    statusCodes,
    ...(results.find((r) => r.firstFailure) ? { firstFailure: results.find((r) => r.firstFailure)!.firstFailure } : {}),
    durationSec,
    generatorCpu: cpuPercent(process.cpuUsage(cpuBefore), durationSec || config.durationSec),
  };
}

function runOne(config: LoadConfig, tag: string): Promise<LoadResult> {
  const { plan } = config;
  // Where to start in the rotation: a second claim run starts where the first left off.
  let next = plan.kind === 'claim' ? (plan.offset ?? 0) : 0;
  let firstFailure: string | undefined;
  const onResponse = (status: number, body: string) => {
    if ((status < 200 || status > 299) && firstFailure === undefined) firstFailure = `${status} ${body.slice(0, 200)}`;
  };
  const json = { 'content-type': 'application/json' };
  const cookieAt = (cookies: string[], i: number) => (cookies.length ? { cookie: cookies[i % cookies.length]! } : {});
  let requests: autocannon.Request[];

  if (plan.kind === 'get') {
    requests = [
      {
        method: 'GET',
        path: plan.path,
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...plan.headers, ...cookieAt(plan.cookies, next++) } }),
        onResponse,
      },
    ];
  } else if (plan.kind === 'attempt-spin') {
    const pairs = plan.cookies.length * plan.checkpoints.length;
    requests = [
      {
        method: 'POST',
        setupRequest: (req, context: { cookie?: string }) => {
          const i = next++ % pairs;
          const checkpoint = plan.checkpoints[Math.floor(i / plan.cookies.length)]!;
          context.cookie = plan.cookies[i % plan.cookies.length]!;
          return {
            ...req,
            path: `/api/checkpoints/${checkpoint.slug}/attempts`,
            headers: { ...json, cookie: context.cookie },
            body: JSON.stringify({ answer: checkpoint.qr }),
          };
        },
        onResponse,
      },
      {
        method: 'POST',
        path: '/api/spin',
        setupRequest: (req, context: { cookie?: string }) => ({
          ...req,
          headers: { ...json, cookie: context.cookie! },
          body: JSON.stringify({ type: 'Scan' }),
        }),
        onResponse,
      },
    ];
  } else if (plan.kind === 'spin') {
    requests = [
      {
        method: 'POST',
        path: plan.path ?? '/api/spin',
        setupRequest: (req) => ({
          ...req,
          headers: { ...json, ...cookieAt(plan.cookies, next++) },
          body: JSON.stringify({ type: 'Scan' }),
        }),
        onResponse,
      },
    ];
  } else {
    const prefix = `bench-${process.pid}-${tag}-${Date.now().toString(36)}`;
    requests = [
      {
        method: 'POST',
        path: plan.path ?? '/api/claims',
        setupRequest: (req) => {
          const i = next++;
          return {
            ...req,
            headers: { ...json, ...cookieAt(plan.cookies, i), 'idempotency-key': `${prefix}-${i}` },
            body: JSON.stringify({ item: plan.item }),
          };
        },
        onResponse,
      },
    ];
  }

  const cpuBefore = process.cpuUsage();
  return new Promise((resolve, reject) => {
    autocannon({ url: config.url, connections: config.connections, duration: config.durationSec, requests }, (error, result) => {
      if (error) return reject(error instanceof Error ? error : new Error(String(error)));
      const statusCodes: Record<string, number> = {};
      const stats = (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
      for (const [code, { count }] of Object.entries(stats)) statusCodes[code] = count;
      const total = result.requests.total;
      resolve({
        requests: total,
        // The mean over the run, not the per-second histogram: the number autocannon prints as "requests in".
        reqPerSec: total / (result.duration || config.durationSec),
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        statusCodes,
        ...(firstFailure ? { firstFailure } : {}),
        durationSec: result.duration,
        generatorCpu: cpuPercent(process.cpuUsage(cpuBefore), result.duration || config.durationSec),
      });
    });
  });
}

function cpuPercent(usage: NodeJS.CpuUsage, seconds: number): number {
  return Math.round((usage.user + usage.system) / 1e4 / seconds);
}

const configPath = process.argv[2];
if (!configPath) {
  console.error('usage: tsx bench/load.ts <config.json>');
  process.exit(2);
}
const config = JSON.parse(readFileSync(configPath, 'utf8')) as LoadConfig;
run(config).then(
  (result) => {
    process.stdout.write(`${JSON.stringify(result)}\n`);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
