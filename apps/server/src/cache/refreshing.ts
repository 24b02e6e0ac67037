// A value read from the database and kept for a while. Stale-while-revalidate: once the value is older than
// its interval, the next caller starts one refresh in the background and is answered with the value it has,
// so no request waits for a refresh except the very first (or after a long idle spell). With an interval of
// 0 every caller reads its own fresh value: what tests need.

export interface Refreshing<T> {
  get(): Promise<T>;
  /** Forget the value: the next get() waits for a fresh one. */
  clear(): void;
}

export interface RefreshingOptions<T = unknown> {
  /** Least time between two reads. */
  intervalMs: number;
  /** A refresh that took t ms is not repeated for `costFactor` * t ms: slow reads are made rarely. */
  costFactor?: number;
  /** Older than this, the value is not served while refreshing: the caller waits. Default 10 intervals. */
  maxStaleMs?: number;
  /** What a read cost, in ms, when not its wall time (undefined: the wall time); a read in slices waits between them. */
  costMs?: (value: T) => number | undefined;
  now?: () => number;
}

export function refreshing<T>(load: () => Promise<T>, options: RefreshingOptions<T>): Refreshing<T> {
  const now = options.now ?? Date.now;
  let value: { data: T; at: number; nextAt: number } | undefined;
  let inFlight: Promise<T> | undefined;
  let generation = 0;

  function refresh(): Promise<T> {
    if (inFlight) return inFlight;
    const started = now();
    const mine = generation;
    const promise = load().then((data) => {
      const took = options.costMs?.(data) ?? now() - started;
      if (mine === generation) {
        value = { data, at: started, nextAt: started + Math.max(options.intervalMs, (options.costFactor ?? 0) * took) };
      }
      return data;
    });
    inFlight = promise;
    const done = () => {
      if (inFlight === promise) inFlight = undefined;
    };
    promise.then(done, done);
    return promise;
  }

  return {
    async get(): Promise<T> {
      if (options.intervalMs <= 0) return load();
      const at = now();
      if (!value || at - value.at > (options.maxStaleMs ?? 10 * Math.max(options.intervalMs, value.nextAt - value.at))) {
        return refresh();
      }
      if (at >= value.nextAt) {
        // A failed background refresh is retried by a later caller; this one is answered with what we have.
        refresh().catch(() => undefined);
      }
      return value.data;
    },
    clear() {
      generation++;
      value = undefined;
      inFlight = undefined;
    },
  };
}
