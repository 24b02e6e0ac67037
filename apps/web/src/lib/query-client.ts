// The signed-in screens' query cache (loading, error and refetch states): one for the whole visit, created once and
// kept across screens, so that a screen's code can ask for its first answer as it arrives (lib/first-answer.ts),
// before the layout that provides the cache has rendered (app/signed-in.tsx).
import { type FetchQueryOptions, QueryClient, type QueryKey, onlineManager } from '@tanstack/react-query';
import { onLocaleChange } from './i18n';
import { languageSettled } from './language';
import { ownCache, saveAnswers } from './query-cache-store';

// The query library assumes a page starts online and learns otherwise only from an `offline` event: a page opened
// without a network (from the service worker) would fail its calls and keep them failed after the signal returns.
// Told the truth, it holds them until the `online` event and then asks again.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

// It starts with the visitor's answers saved on this phone (shown at once, and offline, marked by the banner), and
// saves each new answer (decision 035); kept for a day in memory so that what is saved stays whole.
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 10_000, retry: 1, gcTime: 24 * 60 * 60 * 1000 } },
});
saveAnswers(queryClient);

// Checkpoints and rewards come in the visitor's language: a new one asks again.
onLocaleChange(() => void queryClient.invalidateQueries());

/**
 * The cache, made the signed-in visitor's first: when another visitor signed in since this page last used it, it
 * holds their own answers, never the last one's (query-cache-store.ts). Cheap when nothing changed.
 */
export function visitorQueryClient(): QueryClient {
  ownCache(queryClient);
  return queryClient;
}

/**
 * Asks for an answer ahead of the screen that shows it, from the screen's module as its code arrives. The app may
 * still be switching to the visitor's language then (routes.tsx asks for a screen's code before main.tsx has
 * activated it): the request waits for that, or it would come in the previous language and stay 10 s.
 */
export async function prefetchAhead(
  options: Pick<FetchQueryOptions<unknown, Error, unknown, QueryKey>, 'queryKey' | 'queryFn' | 'retry'>,
): Promise<void> {
  await languageSettled();
  await visitorQueryClient().prefetchQuery(options);
}
