// The one wait for a started server (issue 26 part 6): the journeys' servers, the benches' and their nginx. Polls a
// health address until it answers 2xx; fails at once when the process that should answer has exited, and at the
// deadline, each time naming what did not start and where to look.
import type { ChildProcess } from 'node:child_process';

/** Whether a child process has ended (exited, or killed by a signal). */
export const hasExited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

interface Wait {
  timeoutMs: number;
  /** True once the process that should answer has ended: no point waiting for it. */
  exited: () => boolean;
  /** What is started, for the failure: "the server (see bench/out/x.log)". */
  what?: string;
  /** Between two asks. */
  everyMs?: number;
}

export async function waitForHealth(url: string, { timeoutMs, exited, what = 'the server', everyMs = 250 }: Wait): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false, // not listening yet
    );
    if (ok) return;
    if (exited()) throw new Error(`${what} exited before answering ${url}`);
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} within ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
