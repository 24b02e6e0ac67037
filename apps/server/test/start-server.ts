// Starts the real server (the build of apps/server/src/server.ts: built-server.ts) in a child process and waits for
// it to exit: for the tests of what it refuses to start with. NODE_ENV and DATABASE_URL of the test run are not passed
// on.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBuilt } from './built-server';
import { takePort } from './resilience/harness';

export async function startServerUntilExit(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const port = String(await takePort());
  const { NODE_ENV: _, DATABASE_URL: __, CAMPAIGN: ___, ...inherited } = process.env;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-start-'));
  try {
    const { code, stderr } = await runBuilt('server', [], { ...inherited, DATA_DIR: dataDir, PORT: port, ...env }, 90_000);
    return { code, stderr };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
