// A server of a journey's own, started as `npm start` runs it (the built server: support/server-build.ts), mailing to
// the journeys' SMTP server: for journeys that need another campaign, other settings or PGlite, leaving the shared
// server (support/global-setup.ts) alone. Its database is a new PostgreSQL database on the journeys' server, dropped
// when it stops, or the embedded one (PGlite, in its fresh DATA_DIR) where the journey is about PGlite (decision 085).
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serverBuild } from './server-build';
import { TEST_NODE_FLAGS } from '../../apps/server/test/node-flags';
import { type ScratchDatabase, createScratchDatabase } from '../../apps/server/test/scratch-database';
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
  /** The embedded database in place of a PostgreSQL database of its own. */
  pglite?: boolean;
}

export async function startOwnServer({
  campaign,
  env,
  port,
  operators = [],
  timeoutMs = 90_000,
  pglite = false,
}: OwnServerOptions) {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-e2e-own-'));
  const database = pglite ? undefined : await createDatabase();
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
  if (database) serverEnv.DATABASE_URL = database.url;
  else delete serverEnv.DATABASE_URL;
  let server: ReturnType<typeof spawnServer> | undefined;
  const stop = async () => {
    await server?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  /** Stops the server and starts it again on the same database, with these variables over the first start's. */
  const restart = async (more: NodeJS.ProcessEnv) => {
    await server?.stop();
    server = spawnServer({ ...serverEnv, ...more });
    await server.ready(timeoutMs);
  };
  try {
    for (const { email, role } of operators) {
      // The first command migrates the new database, as the server would.
      await run(process.execPath, [...TEST_NODE_FLAGS, serverBuild().ops, 'operator:add', email, '--role', role], {
        cwd: root,
        env: serverEnv,
      });
    }
    server = spawnServer(serverEnv);
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
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, serverBuild().server], { cwd: root, env, stdio: 'inherit' });
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

/** A new, empty PostgreSQL database beside the journeys' own (E2E_DATABASE_URL, support/global-setup.ts). */
function createDatabase(): Promise<ScratchDatabase> {
  const shared = process.env.E2E_DATABASE_URL;
  if (!shared) throw new Error('E2E_DATABASE_URL is set by e2e/support/global-setup.ts');
  // Named after the journeys' database, so that the run's teardown finds any a stopped run left.
  return createScratchDatabase({ adminUrl: shared, prefix: `${new URL(shared).pathname.slice(1)}_own` });
}
