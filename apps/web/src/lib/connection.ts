// What the app knows of its way to the server (issue 30 part 4), so that a visitor is told what really happened:
// 'offline' when the phone has no network (navigator.onLine), 'unreachable' when the phone is online but the server
// does not answer (a call that never reached it, or a proxy's 502/503/504 for a server that is down or restarting:
// a 503 carrying the server's own refusal code is an answer),
// else 'online'. A 500 is one call's failure and its own answer says so ("Something went wrong on our side"); a call
// waiting longer than SLOW_MS makes the way 'slow' until it ends. While unreachable, /healthz is asked again and
// again (a little longer after each miss); any answer from the server, to any call, makes it 'online' again.
import { useSyncExternalStore } from 'react';
import { isOffline } from './online';
import { visitorCall } from './visitor-first';

export type Reach = 'online' | 'offline' | 'unreachable';

/** A call waiting this long makes the connection 'slow' (what a visitor notices as "nothing happens"). */
const SLOW_MS = 6_000;
const FIRST_PROBE_MS = 3_000;
const LONGEST_PROBE_MS = 30_000;

/** Pure: what a call's end says of the way to the server (status 0: it never reached it). */
export function outcomeOf(status: number, online: boolean, answeredByServer = false): 'reached' | 'unreachable' | 'offline' {
  if (status === 0) return online ? 'unreachable' : 'offline';
  // A refusal of the server's own (its code), also a 503 ("the game is very busy": decision 067): it answered.
  if (answeredByServer) return 'reached';
  // A proxy in front of a server that is down or restarting (deploy/nginx.conf), or the server draining.
  if (status === 502 || status === 503 || status === 504) return 'unreachable';
  return 'reached';
}

let unreachable = false;
let slowCalls = 0;
let probe: ReturnType<typeof setTimeout> | undefined;
let probeDelay = FIRST_PROBE_MS;
const watchers = new Set<() => void>();

const notify = () => watchers.forEach((watcher) => watcher());

function setUnreachable(next: boolean): void {
  if (unreachable === next) return;
  unreachable = next;
  clearTimeout(probe);
  probeDelay = FIRST_PROBE_MS;
  if (next) scheduleProbe();
  notify();
}

// Back online: ask the server at once rather than at the next probe.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (!unreachable) return;
    clearTimeout(probe);
    void probeServer();
  });
}

function scheduleProbe(): void {
  probe = setTimeout(() => void probeServer(), probeDelay);
  probeDelay = Math.min(probeDelay * 2, LONGEST_PROBE_MS);
}

async function probeServer(): Promise<void> {
  try {
    const response = await fetch('/healthz', { cache: 'no-store' });
    if (outcomeOf(response.status, true) === 'reached') return setUnreachable(false);
  } catch {
    // Still not answering.
  }
  if (unreachable) scheduleProbe();
}

/**
 * Called by the API client around each call: returns what to call when it ends, with the call's status and whether
 * the body was a refusal of the server's own.
 */
export function watchCall(): (status: number, answeredByServer?: boolean) => void {
  const callEnded = visitorCall();
  let slow = false;
  const timer = setTimeout(() => {
    slow = true;
    slowCalls++;
    notify();
  }, SLOW_MS);
  return (status, answeredByServer = false) => {
    callEnded();
    clearTimeout(timer);
    if (slow) slowCalls--;
    const outcome = outcomeOf(status, !isOffline(), answeredByServer);
    if (outcome !== 'offline') setUnreachable(outcome === 'unreachable');
    if (slow) notify();
  };
}

export function reachNow(): Reach {
  if (isOffline()) return 'offline';
  return unreachable ? 'unreachable' : 'online';
}

function subscribe(watcher: () => void): () => void {
  watchers.add(watcher);
  window.addEventListener('online', watcher);
  window.addEventListener('offline', watcher);
  return () => {
    watchers.delete(watcher);
    window.removeEventListener('online', watcher);
    window.removeEventListener('offline', watcher);
  };
}

/** Offline, the server unreachable, or online: re-rendered when it changes. */
export function useReach(): Reach {
  return useSyncExternalStore(subscribe, reachNow);
}

/** A call to the server has waited longer than SLOW_MS and is still waiting. */
export function isSlow(): boolean {
  return slowCalls > 0;
}

export function useSlow(): boolean {
  return useSyncExternalStore(subscribe, isSlow);
}

/** Runs `onBack` each time the server answers again after it could not be reached. */
export function onServerBack(onBack: () => void): () => void {
  let was = unreachable;
  const watcher = () => {
    if (was && !unreachable) onBack();
    was = unreachable;
  };
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}
