// Starts the real server (apps/server/src/server.ts) in a child process and waits for it to exit: for the tests of
// what it refuses to start with. NODE_ENV and DATABASE_URL of the test run are not passed on.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { takePort } from './resilience/harness';
import { repoRoot } from './helpers';

export async function startServerUntilExit(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const port = String(await takePort());
  return new Promise((resolve) => {
    const { NODE_ENV: _, DATABASE_URL: __, CAMPAIGN: ___, ...inherited } = process.env;
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/server.ts'],
      {
        cwd: repoRoot,
        env: { ...inherited, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'quackquest-start-')), PORT: port, ...env },
        timeout: 90_000,
      },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}
