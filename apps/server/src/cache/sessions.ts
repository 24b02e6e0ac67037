// Which user a session cookie belongs to, remembered for a few seconds per instance so that the hot reads do
// not look the session up on every request. Only the user id and the expiry are kept, never the user's
// ducks. Logout deletes the entry from every cache of this process at once; another instance may accept
// the cookie until its entry is `ttlMs` old (docs/decisions/008-caches.md).

export interface CachedSession {
  userId: number;
  expiresAt: number;
}

export interface SessionCache {
  get(idHash: string, now: number): CachedSession | undefined;
  set(idHash: string, session: CachedSession, now: number): void;
  delete(idHash: string): void;
  readonly size: number;
}

export function createSessionCache(ttlMs: number, max: number): SessionCache {
  const entries = new Map<string, CachedSession & { cachedAt: number }>();
  return {
    get(idHash, now) {
      const entry = entries.get(idHash);
      if (!entry) return undefined;
      if (now - entry.cachedAt >= ttlMs || now >= entry.expiresAt) {
        entries.delete(idHash);
        return undefined;
      }
      return entry;
    },
    set(idHash, session, now) {
      if (ttlMs <= 0) return;
      entries.delete(idHash);
      // Insertion order is age order: drop the oldest when full.
      while (entries.size >= max) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
      entries.set(idHash, { ...session, cachedAt: now });
    },
    delete(idHash) {
      entries.delete(idHash);
    },
    get size() {
      return entries.size;
    },
  };
}

/** Every session cache of this process, by the database handle it caches: logout clears them all. */
const byDatabase = new WeakMap<object, Set<SessionCache>>();

export function registerSessionCache(db: object, cache: SessionCache): void {
  let set = byDatabase.get(db);
  if (!set) byDatabase.set(db, (set = new Set()));
  set.add(cache);
}

export function forgetSession(db: object, idHash: string): void {
  for (const cache of byDatabase.get(db) ?? []) cache.delete(idHash);
}
