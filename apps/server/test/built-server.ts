// The server and the operator CLI as production runs them, spawned by the server tests from the build the run's global
// setup made (server-build.ts, test/global-setup.ts; decision 069).
import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { TEST_NODE_FLAGS } from './node-flags';
import type { ServerBuild } from './server-build';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The run's build of the server and the CLI. */
const builtServer = (): ServerBuild => inject('serverBuild');

/** Starts the built server with `env` as its whole environment, from the repository's root, its output piped. */
export function spawnBuiltServer(env: NodeJS.ProcessEnv): ChildProcessWithoutNullStreams {
  const { server } = builtServer();
  return spawn(process.execPath, [...TEST_NODE_FLAGS, server], { cwd: repoRoot, env, stdio: 'pipe' });
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built server or CLI with `env` as its whole environment until it exits (or `timeoutMs` passes). */
export async function runBuilt(
  which: keyof ServerBuild,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  timeoutMs?: number,
): Promise<Run> {
  const entry = builtServer()[which];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...TEST_NODE_FLAGS, entry, ...args],
      { cwd: repoRoot, env, ...(timeoutMs ? { timeout: timeoutMs } : {}) },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Runs an operator command of the built CLI (see runBuilt). */
export const runCli = (args: readonly string[], env: NodeJS.ProcessEnv, timeoutMs?: number): Promise<Run> =>
  runBuilt('ops', args, env, timeoutMs);
