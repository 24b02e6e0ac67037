// CPU time and memory of processes read from /proc (Linux): the server, PostgreSQL's processes. Used by the benchmarks,
// which measure other processes than their own.
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

const allPids = () => readdirSync('/proc').filter((pid) => /^\d+$/.test(pid));

/**
 * Starts counting the CPU of every process of that command name; the function returned gives the ms they used
 * since (undefined without /proc). Process by process: a backend that ends meanwhile (pg's pools close connections
 * idle for 10 s) adds nothing, where a difference of two totals takes its whole past off the sum; one that starts
 * adds all of its own. What an ending process used in between is lost.
 */
export function cpuSince(command: string): () => number | undefined {
  const snapshot = () => {
    try {
      const byPid = allPids().map((pid) => [pid, processCpuMs([pid], (stat) => stat.includes(`(${command})`))] as const);
      return new Map(byPid.filter(([, ms]) => ms > 0));
    } catch {
      return undefined;
    }
  };
  const before = snapshot();
  return () => {
    const after = snapshot();
    if (!before || !after) return undefined;
    let ms = 0;
    for (const [pid, now] of after) {
      const then = before.get(pid) ?? 0;
      // Less than before: the number went to a new process.
      ms += now >= then ? now - then : now;
    }
    return ms;
  };
}

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

/** The process's resident memory now (/proc/PID/status `VmRSS`), in MB; undefined without /proc or once it has ended. */
export function residentMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Samples the process's resident memory every `everyMs` until the function returned is called, which gives the
 * highest sample (MB; undefined without /proc).
 */
export function peakResident(pid: number, everyMs = 250): () => number | undefined {
  let peak: number | undefined;
  const sample = () => {
    const now = residentMb(pid);
    if (now !== undefined) peak = Math.max(peak ?? 0, now);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}
