// What the visitor's pages tell the service worker so that its precache gives the link to the visitor first (issue 30
// part 1, decision 091): each page says, on one BroadcastChannel, that the visitor did something (a tap, a key, a file
// the page loaded), how many of its calls to the server are in flight, and its language. The page's side is visitor-first.ts; the
// worker's is apps/web/sw/sw.ts, which asks `VisitorQuiet` before each file it precaches. No DOM here: the worker imports it.

export const BUSY_CHANNEL = 'quackquest-visitor-busy';

export interface BusyMessage {
  /** One page (a tab) of the app, for as long as it is open. */
  page: string;
  /** Its calls to the server (and uploads) waiting for their answer. */
  calls: number;
  /** The language it shows: the worker keeps that language's texts. */
  lang: string;
}

export function isBusyMessage(data: unknown): data is BusyMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { page, calls, lang } = data as Record<string, unknown>;
  return typeof page === 'string' && typeof calls === 'number' && typeof lang === 'string';
}

/** A worker that has just started asks every open page to say where it is. */
export const ASK = { ask: true } as const;

export function isAsk(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as Record<string, unknown>).ask === true;
}

/** The visitor counts as idle once no page has said anything for this long and none has a call in flight. */
export const QUIET_MS = 2_000;
/** A page with calls in flight says so again this often, so that a worker started meanwhile hears it. */
export const CALLS_REPEAT_MS = 500;
/** A page silent this long with calls "in flight" was closed or frozen mid-call: its count no longer holds. */
const STALE_MS = 10 * CALLS_REPEAT_MS;

/**
 * The worker's view of the pages: how long to wait before it may use the link again. A worker that has just started
 * first listens for QUIET_MS: pages with calls in flight say so within it.
 */
export class VisitorQuiet {
  private readonly pages = new Map<string, { calls: number; at: number }>();
  private readonly languages = new Set<string>();

  constructor(private readonly started: number) {}

  heard(message: BusyMessage, now: number): void {
    this.pages.set(message.page, { calls: message.calls, at: now });
    this.languages.add(message.lang);
  }

  /** Every language a page has shown since the worker started. */
  languagesShown(): string[] {
    return [...this.languages];
  }

  /** Milliseconds until the visitor is idle: 0 when the link is free now. */
  waitMs(now: number): number {
    let wait = Math.max(0, this.started + QUIET_MS - now);
    for (const [page, { calls, at }] of this.pages) {
      if (now - at >= STALE_MS) {
        this.pages.delete(page);
        continue;
      }
      // A call in flight: ask again soon (its end is a message of its own).
      wait = Math.max(wait, calls > 0 ? QUIET_MS : at + QUIET_MS - now);
    }
    return wait;
  }
}
