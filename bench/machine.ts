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
