// Batching hot reads: the requests handled in one turn of the event loop go together in ONE query, sent at
// the end of that turn (setImmediate); requests that arrive while `parallel` queries are out wait for one to
// return, then go together. Every request still gets a fresh answer (its query starts after it arrived);
// what it saves is the round trip and the statement per request (bench/RESULTS.md: the one-query floor went
// from 40% to 83% of the trivial endpoint on PostgreSQL; sending at the end of the turn rather than at the
// first request made batches about twice as large).

export interface BatchOptions {
  /** What is read, for the batch-size metric (http/metrics.ts). */
  name?: string;
  /** Keys per query at most. */
  max: number;
  /** Queries at the database at once: while they are all out, new requests wait for the next batch. */
  parallel: number;
}

/**
 * A loader for one kind of hot read: `run` gets distinct keys (with the argument the first request of each
 * key came with) and answers a map from key to result (a key it leaves out gets undefined). A failed query
 * fails every request of its batch. Requests with the same key must mean the same argument.
 */
/** Told the size of every batch sent (http/metrics.ts adds one per app with metrics on). */
export const batchObservers = new Set<(read: string, size: number) => void>();

export function batcher<K, R, A = undefined>(
  run: (keys: K[], args: A[]) => Promise<Map<K, R>>,
  options: BatchOptions,
): (key: K, arg?: A) => Promise<R | undefined> {
  type Waiter = { arg: A; resolve: (result: R | undefined) => void; reject: (error: unknown) => void };
  let waiting = new Map<K, Waiter[]>();
  let running = 0;

  const flush = () => {
    while (running < options.parallel && waiting.size > 0) {
      let batch: Map<K, Waiter[]>;
      if (waiting.size <= options.max) {
        batch = waiting;
        waiting = new Map();
      } else {
        batch = new Map([...waiting].slice(0, options.max));
        for (const key of batch.keys()) waiting.delete(key);
      }
      running++;
      for (const observe of batchObservers) observe(options.name ?? 'read', batch.size);
      run(
        [...batch.keys()],
        [...batch.values()].map((waiters) => waiters[0]!.arg),
      )
        .then(
          (results) => {
            for (const [key, waiters] of batch) for (const w of waiters) w.resolve(results.get(key));
          },
          (error: unknown) => {
            for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
          },
        )
        .finally(() => {
          running--;
          flush();
        });
    }
  };

  let scheduled = false;
  const flushSoon = () => {
    scheduled = false;
    flush();
  };

  return (key, arg) =>
    new Promise<R | undefined>((resolve, reject) => {
      const waiter = { arg: arg as A, resolve, reject };
      const waiters = waiting.get(key);
      if (waiters) waiters.push(waiter);
      else waiting.set(key, [waiter]);
      if (!scheduled && running < options.parallel) {
        scheduled = true;
        setImmediate(flushSoon);
      }
    });
}
