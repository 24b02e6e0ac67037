// The console's data layer (issue 26 part 5, decision 080): every read is a TanStack query whose key and fetcher are
// defined once beside its call (`queryOptions` in the screen's *-api.ts), and every action goes through `useAction`,
// which holds its busy state and the sentence it came to. The review queue's lease is the one exception: asking for
// it renews a hold, a write, so it stays in review/use-review-queue.ts.
import {
  QueryClient,
  QueryClientProvider,
  type QueryKey,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { ApiError, failureMessage } from '../lib/api-client';
import { consoleTexts } from './console-texts';

/** A refusal of the server's (4xx but "too many" and "timed out"): its answer, which asking again does not change. */
const refused = (error: Error | null) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

/** A dropped request or a 5xx is asked once more. */
const retryDrop = (failures: number, error: Error) => failures < 1 && !refused(error);

/**
 * One cache per signed-in operator (`key` the operator's address, so another operator never sees the last one's
 * answers). A screen shows what the server says when it opens: nothing is kept once no screen uses it (`gcTime` 0),
 * and the console's pages are asked again when the operator comes back to the tab. Calls run offline too: the
 * console says a read failed and offers "Try again", where a paused query would show a loading line forever.
 */
export function ConsoleData({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { networkMode: 'always', retry: retryDrop, gcTime: 0, staleTime: 0 },
          mutations: { networkMode: 'always', retry: false },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

export interface Loaded<T> {
  /** The last answer; kept while a refresh runs or fails. */
  data: T | undefined;
  /** Why the last read failed, in the server's words or `failed`; '' while it loads or once it succeeded. */
  failure: string;
  /** What could not be read, said above the reason. */
  failedText: string;
  /** Whether asking again may help: not after a refusal of the server's (a visitor it does not know). */
  retryable: boolean;
  retry: () => void;
}

/** Why a read failed, in the server's words or `failed`; '' while it is asked again, or once it succeeded. */
export function failureOf(query: { error: Error | null; isFetching: boolean }, failed: string): string {
  return query.error && !query.isFetching ? failureMessage(query.error, failed) : '';
}

/** A read for a screen: its answer, or the sentence saying why there is none, and a retry. */
export function useLoaded<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>, failed: string): Loaded<T> {
  const query = useQuery(options);
  return {
    data: query.data,
    failure: failureOf(query, failed),
    failedText: failed,
    retryable: !refused(query.error),
    retry: () => void query.refetch(),
  };
}

/** What an action came to: the done sentence, or why it was refused. */
export type Outcome = { ok: boolean; text: string } | null;

interface ActionOptions<V, R> {
  /** The call. */
  run: (variables: V) => Promise<R>;
  /** The sentence when it is done; none where the screen shows the answer itself. */
  done?: (result: R, variables: V) => string;
  /** The sentence when it failed without the server's own. */
  failed: string;
  /** What the answer changes in the cache (set the new data, or mark reads stale), before the sentence shows. */
  settle?: (client: QueryClient, result: R, variables: V) => unknown;
}

export interface Action<V, R> {
  /** Runs the call; resolves to its answer, or undefined when it failed (the outcome says why). */
  act: (variables: V) => Promise<R | undefined>;
  /** Refuses before calling: what the operator must fix first. Stable, as `clear`. */
  refuse: (text: string) => void;
  /** Forgets the last outcome (the form changed). */
  clear: () => void;
  busy: boolean;
  outcome: Outcome;
}

/** An operator's action: busy while it runs, then its sentence; the cache settled from its answer. */
export function useAction<V, R>({ run, done, failed, settle }: ActionOptions<V, R>): Action<V, R> {
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const refuse = useCallback((text: string) => setOutcome({ ok: false, text }), []);
  const clear = useCallback(() => setOutcome(null), []);
  const mutation = useMutation({
    mutationFn: run,
    onSuccess: async (result, variables) => {
      await settle?.(client, result, variables);
    },
  });
  return {
    act: async (variables) => {
      setOutcome(null);
      try {
        const result = await mutation.mutateAsync(variables);
        setOutcome(done ? { ok: true, text: done(result, variables) } : null);
        return result;
      } catch (error) {
        setOutcome({ ok: false, text: failureMessage(error, failed) });
        return undefined;
      }
    },
    refuse,
    clear,
    busy: mutation.isPending,
    outcome,
  };
}

/** A screen's read before its answer: a loading line, or what could not be read, why, and a retry; never an empty list. */
export function LoadStatus({ loaded, loadingText = consoleTexts.loading }: { loaded: Loaded<unknown>; loadingText?: string }) {
  if (!loaded.failure) {
    return (
      <p className="loading" role="status">
        {loadingText}
      </p>
    );
  }
  return (
    <div className="console-notice" role="alert">
      <p>{loaded.failedText}</p>
      {/* Why: the server's own words, or that the connection failed. */}
      {loaded.failure !== loaded.failedText && <p className="muted">{loaded.failure}</p>}
      {loaded.retryable && (
        <button type="button" className="btn btn--primary" onClick={loaded.retry}>
          {consoleTexts.tryAgain}
        </button>
      )}
    </div>
  );
}
