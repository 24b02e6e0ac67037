// What the figures were measured on: they mean little without it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface Machine {
  date: string;
  nproc: number;
  cpu: string;
  memory: string;
  node: string;
  postgres?: string;
}

function tryRun(command: string, args: string[]): string | undefined {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

export function describeMachine(): Machine {
  let cpu = os.cpus()[0]?.model ?? 'unknown';
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) cpu = line.split(':')[1]!.trim();
  } catch {
    // Not Linux: os.cpus() it is.
  }
  const free = tryRun('free', ['-h'])
    ?.split('\n')
    .find((l) => l.startsWith('Mem:'))
    ?.split(/\s+/);
  return {
    date: new Date().toISOString(),
    nproc: Number(tryRun('nproc', [])) || os.availableParallelism(),
    cpu,
    memory: free ? `${free[1]} total, ${free[6] ?? '?'} available (free -h)` : `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    node: process.version,
  };
}

/**
 * Waits until the server at `url` answers /healthz within `quickMs`: it has worked off what the last run or step
 * left queued (requests whose client has gone still run their queries), so the next one does not pay for it.
 * False when it did not within `timeoutMs`.
 */
export async function untilServerIdle(url: string, quickMs: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const started = performance.now();
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && performance.now() - started < quickMs) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/** The load averages of the last 1, 5 and 15 minutes: other work on a shared machine shows here. */
export const loadAverage = (): string =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
