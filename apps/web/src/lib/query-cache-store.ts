// The signed-in visitor's last answers (the query cache), kept in localStorage so that the app opens with them
// offline or on a slow link, marked as such (features/offline/offline-banner.tsx; decision 035). They belong to
// one visitor: stored with their e-mail, restored only for the same one, and removed with the session (logout,
// a 401, another visitor signing in: storage.ts).
import { type DehydratedState, type QueryClient, type QueryKey, dehydrate, hydrate } from '@tanstack/react-query';
import { isAuthenticated, keys, read, remove, write } from './storage';

interface Stored {
  owner: string;
  state: DehydratedState;
}

/** How long after an answer the store is written: several answers in a row are written once. */
const SAVE_DELAY_MS = 300;

let restoredFor: string | null | undefined;

function parse(raw: string): Stored | null {
  try {
    const value = JSON.parse(raw) as Partial<Stored>;
    return typeof value.owner === 'string' && typeof value.state === 'object' && value.state !== null
      ? { owner: value.owner, state: value.state }
      : null;
  } catch {
    return null;
  }
}

/**
 * Makes the cache the signed-in visitor's: when it was filled for someone else (or no one) in this page, it
 * is emptied and the visitor's own saved answers are put in. Cheap when nothing changed.
 */
export function ownCache(client: QueryClient): void {
  const owner = isAuthenticated() ? read(keys.userEmail) : null;
  if (owner === restoredFor) return;
  if (restoredFor !== undefined) client.clear();
  restoredFor = owner;
  const raw = read(keys.queryCache);
  if (!raw) return;
  const stored = parse(raw);
  if (!owner || stored?.owner !== owner) {
    remove(keys.queryCache);
    return;
  }
  hydrate(client, stored.state);
  // Shown at once, but asked for again as each screen opens: a reload must show what changed meanwhile (a
  // reviewer's decision, ducks from another tab), not saved answers that still look fresh.
  void client.invalidateQueries({ refetchType: 'none' });
}

/**
 * Which answers are kept on the phone: all but the reviewers' news, which is told once (decision 023) and would
 * otherwise come back from the phone after it was dismissed or seen. features/checkpoints/notices-api.ts asks for
 * it under ['notices'].
 */
function keptOnPhone(queryKey: QueryKey): boolean {
  return queryKey[0] !== 'notices';
}

/**
 * What a screen shows, as the offline line (features/offline/offline-banner.tsx) speaks of it: the answers kept on the
 * phone but the extras beside them, the crew's announcements and the reminders' switch. A screen whose list is there
 * is not "waiting for the server" because an announcement was never fetched on this phone (a visitor who moved on
 * before it arrived, on a slow link).
 */
export function partOfTheScreen(queryKey: QueryKey): boolean {
  return keptOnPhone(queryKey) && queryKey[0] !== 'announcements' && queryKey[0] !== 'reminders';
}

/**
 * Writes the cache after each successful answer, for the visitor signed in at that moment. A write still waiting
 * when the page goes (a reload, another address typed, the tab closed) is done at once on `pagehide`: the answers
 * a visitor just saw are the ones the next start must show if the server is gone by then.
 */
export function saveAnswers(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const owner = read(keys.userEmail);
    // Signed out meanwhile, or the cache is still another visitor's: nothing is written.
    if (!isAuthenticated() || !owner || owner !== restoredFor) return;
    const state = dehydrate(client, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && keptOnPhone(query.queryKey),
    });
    write(keys.queryCache, JSON.stringify({ owner, state } satisfies Stored));
  };
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    save();
  };
  if (typeof window !== 'undefined') window.addEventListener('pagehide', flush);
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  });
  return () => {
    unsubscribe();
    clearTimeout(timer);
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', flush);
  };
}
