// The server itself refuses to listen beyond loopback in development (decision 018).
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../test/helpers';

function startServer(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const { NODE_ENV: _, ...inherited } = process.env;
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/server.ts'],
      {
        cwd: repoRoot,
        env: { ...inherited, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'quackquest-listen-')), PORT: '3142', ...env },
        timeout: 20_000,
      },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

describe('npm start with NODE_ENV unset', () => {
  it('refuses HOST=0.0.0.0 before opening anything, naming the variables', async () => {
    const { code, stderr } = await startServer({ HOST: '0.0.0.0' });
    expect(code).toBe(1);
    expect(stderr).toContain('HOST: 0.0.0.0 is reachable from other machines');
    expect(stderr).toContain('ALLOW_REMOTE_DEV=1');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
