// When a "sent" screen offers to send the e-mail again (issue 30 part 3): after a short wait that doubles with each
// e-mail (30 s, 1 min, 2 min, 4 min), and never past what the server allows one browser for one address in its
// 15-minute window (LINKS_PER_ADDRESS_AND_CLIENT, decision 015): the waits add up to 7.5 minutes, so every offer
// made is one the server grants.
import { LINKS_PER_ADDRESS_AND_CLIENT } from '@quackquest/contract/core';

export const FIRST_RESEND_WAIT_MS = 30_000;

/** When another e-mail may be asked for, `sent` having been sent, the last at `lastAt`; null: no more offers. */
export function nextResendAt(sent: number, lastAt: number): number | null {
  if (sent >= LINKS_PER_ADDRESS_AND_CLIENT) return null;
  return lastAt + FIRST_RESEND_WAIT_MS * 2 ** Math.max(0, sent - 1);
}

/** Whole seconds left until `at`, rounded up (a countdown never shows 0 while it still waits). */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}
