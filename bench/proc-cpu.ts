// CPU time of processes read from /proc (Linux): the server, PostgreSQL's processes. Used by the benchmarks, which
// measure other processes than their own.
import { readFileSync, readdirSync } from 'node:fs';

/** CPU time (ms) of the given processes (those whose stat line `keep` accepts), from /proc; gone ones add 0. */
export function processCpuMs(pids: (number | string)[], keep: (stat: string) => boolean = () => true): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!keep(stat)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks, all threads
    } catch {
      // The process ended meanwhile, or there is no /proc.
    }
  }
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** CPU time (ms) of every process of that command name on this machine, from /proc; undefined where there is none. */
function namedProcessesCpuMs(command: string): number | undefined {
  try {
    const pids = readdirSync('/proc').filter((pid) => /^\d+$/.test(pid));
    return processCpuMs(pids, (stat) => stat.includes(`(${command})`));
  } catch {
    return undefined;
  }
}

/** Every PostgreSQL process (server processes and backends). */
export const postgresCpuMs = () => namedProcessesCpuMs('postgres');
/** Every nginx process (bench/evening.ts --via-nginx). */
export const nginxCpuMs = () => namedProcessesCpuMs('nginx');

/**
 * Write system calls the process made so far (/proc/PID/io `syscw`): a socket write per query sent, answer written
 * and e-mail command, so per visitor it counts round trips, whatever the machine's load; undefined without /proc.
 */
export function writeSyscalls(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/io`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('syscw:'));
    return line ? Number(line.split(':')[1]) : undefined;
  } catch {
    return undefined;
  }
}
