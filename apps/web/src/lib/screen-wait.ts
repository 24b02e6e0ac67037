// A screen waits for what would move it (its list, the visitor's figures, the campaign's words) at most this
// long, then draws with what it has (decision 040): one rule for every screen that waits.
const SCREEN_WAIT_MS = 3000;

/** Settles when `answer` does, or after SCREEN_WAIT_MS, whichever comes first; never rejects on its own. */
export function waitAtMost(answer: Promise<unknown>): Promise<void> {
  return Promise.race([answer.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, SCREEN_WAIT_MS))]);
}
