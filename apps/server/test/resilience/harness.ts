// Resilience tests run real server processes: this spawns them, talks HTTP to them, and makes sure
// none outlives the test (every child is killed in afterAll and, at worst, when the worker exits).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawnBuiltServer } from '../built-server';

// ---------------------------------------------------------------------------------------------------
// Server processes

export interface ServerProcess {
  name: string;
  port: number;
  baseUrl: string;
  child: ChildProcess;
  /** The child's stdout and stderr, for the failure message. */
  output(): string;
  /** Milliseconds from spawn to the first healthy /healthz. */
  startupMs: number;
  /** SIGKILL: no shutdown hook runs, the database sees the connection drop mid-transaction. */
  kill(): Promise<void>;
  /** SIGTERM: the server closes Fastify and the database in order. */
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Last resort if the worker goes away without afterAll: never leave a server holding a port.
  process.once('exit', () => {
    for (const child of children) child.kill('SIGKILL');
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export interface SpawnOptions {
  name: string;
  port: number;
  dataDir: string;
  /** PostgreSQL; without it the server opens PGlite under dataDir. */
  databaseUrl?: string;
  /** How long start-up may take (migrations, the campaign pack, PGlite recovery). */
  timeoutMs?: number;
  /** More settings, e.g. DRAIN_DELAY_MS. */
  env?: Record<string, string>;
}

export async function spawnServer(options: SpawnOptions): Promise<ServerProcess> {
  installExitHook();
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  Object.assign(env, {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    CAMPAIGN: 'campaigns/demo',
    LOG_LEVEL: 'warn',
    // One secret for every instance, as a real deployment behind a load balancer has.
    SESSION_SECRET: 'resilience-test-secret-0123456789abcdef',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });
  const started = Date.now();
  const child = spawnBuiltServer(env);
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const baseUrl = `http://127.0.0.1:${options.port}`;
  const deadline = started + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server ${options.name} exited during start-up (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited(child);
      throw new Error(`server ${options.name} did not become healthy in time:\n${output}`);
    }
    const healthy = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const startupMs = Date.now() - started;
  return {
    name: options.name,
    port: options.port,
    baseUrl,
    child,
    startupMs,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
}

/** For afterAll: every server this worker started and that still runs gets SIGKILL. */
export async function killAllServers(): Promise<void> {
  const running = [...children];
  for (const child of running) child.kill('SIGKILL');
  await Promise.all(running.map(exited));
}

// ---------------------------------------------------------------------------------------------------
// Ports, temporary folders, databases

/**
 * A port the kernel has just handed out as free, never the same twice in this worker. From the ephemeral range,
 * as the kernel hands them: the PGlite and PostgreSQL suites run side by side, and a fixed range of our own let
 * both probe the same port free before either had bound it (and collided with test:deploy's fixed 4313-4317).
 */
const taken = new Set<number>();
export async function takePort(): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port: given } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(given));
      });
    });
    if (!taken.has(port)) {
      taken.add(port);
      return port;
    }
  }
  throw new Error('the kernel handed out no new free port in 100 tries');
}

const tempDirs = new Set<string>();
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `quackquest-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}
export function removeTempDirs(): void {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

export { type ScratchDatabase, createScratchDatabase } from '../scratch-database';

// ---------------------------------------------------------------------------------------------------
// HTTP

export interface HttpResult {
  status: number;
  body: Record<string, unknown>;
}

/** A keep-alive HTTP client with its own connection pool, so destroy() leaves no socket behind. */
export function createClient(maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  return {
    request(
      baseUrl: string,
      method: 'GET' | 'POST',
      urlPath: string,
      options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
    ): Promise<HttpResult> {
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      return new Promise((resolve, reject) => {
        const req = http.request(
          `${baseUrl}${urlPath}`,
          {
            method,
            agent,
            timeout: 30_000,
            headers: {
              ...(options.cookie ? { cookie: options.cookie } : {}),
              ...(payload === undefined
                ? {}
                : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
              ...options.headers,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('error', reject);
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString();
              let body: Record<string, unknown>;
              try {
                body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
              } catch {
                body = { text };
              }
              resolve({ status: res.statusCode ?? 0, body });
            });
          },
        );
        req.on('timeout', () => req.destroy(new Error('request timed out')));
        req.on('error', reject);
        req.end(payload);
      });
    },
    destroy() {
      agent.destroy();
    },
  };
}
export type Client = ReturnType<typeof createClient>;

/** Runs task(i) for i in [0, count) with at most `concurrency` at once; stops taking new ones when stop() says so. */
export async function runPool(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (!stop()) {
      const index = next++;
      if (index >= count) return;
      await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

export function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

export const newKey = () => `res-${randomBytes(8).toString('hex')}`;
