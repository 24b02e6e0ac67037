// A server of a journey's own, started as `npm start` runs it (the built server: support/server-build.ts) on the embedded
// database (PGlite: no DATABASE_URL, a fresh DATA_DIR), mailing to the journeys' SMTP server: for journeys that need
// another campaign or PGlite, leaving the shared server (support/global-setup.ts) alone.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serverBuild } from './server-build';
import { hasExited, waitForHealth } from '../../apps/server/test/wait-for-health';

const root = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

export interface OwnServer {
  url: string;
  /** Stops the server and removes its data. */
  stop: () => Promise<void>;
  /** Stops the server and starts it again on its data, with these variables added (TEST_CLOCK_OFFSET_MS: the next day). */
  restart: (env: NodeJS.ProcessEnv) => Promise<void>;
}

export interface OwnServerOptions {
  /** The pack that seeds its database (CAMPAIGN); the demo without. */
  campaign?: string;
  /** Variables over the journeys' own (MAIL_FROM, ...). */
  env?: NodeJS.ProcessEnv;
  /** One of the ports of support/ports.ts (OWN_PORTS). */
  port: number;
  /** Operators added before it starts (operator:add), while no server holds the embedded database. */
  operators?: { email: string; role: 'admin' | 'reviewer' | 'staff' }[];
  /** How long it may take to answer /healthz (the first start of a pack with many pictures takes longer). */
  timeoutMs?: number;
}

export async function startOwnServer({ campaign, env, port, operators = [], timeoutMs = 90_000 }: OwnServerOptions) {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-e2e-own-'));
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    SMTP_URL: process.env.E2E_SMTP_URL,
    MAIL_FROM: 'QuackQuest <crew@quackquest.test>',
    LOG_LEVEL: 'warn',
    ...(campaign ? { CAMPAIGN: campaign } : {}),
    ...env,
  };
  delete serverEnv.DATABASE_URL;
  for (const { email, role } of operators) {
    await run(process.execPath, [serverBuild().ops, 'operator:add', email, '--role', role], {
      cwd: root,
      env: serverEnv,
    });
  }
  let server = spawnServer(serverEnv);
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  /** Stops the server and starts it again on the same database, with these variables over the first start's. */
  const restart = async (more: NodeJS.ProcessEnv) => {
    await server.stop();
    server = spawnServer({ ...serverEnv, ...more });
    await server.ready(timeoutMs);
  };
  try {
    await server.ready(timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop, restart } satisfies OwnServer;
}

/** The built server in a process of its own: `ready` once /healthz answers, `stop` once it has exited. */
function spawnServer(env: NodeJS.ProcessEnv) {
  const url = `http://127.0.0.1:${env.PORT}`;
  const child = spawn(process.execPath, ['--enable-source-maps', serverBuild().server], { cwd: root, env, stdio: 'inherit' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    ready: (timeoutMs: number) => waitForHealth(`${url}/healthz`, { timeoutMs, exited: () => hasExited(child) }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
