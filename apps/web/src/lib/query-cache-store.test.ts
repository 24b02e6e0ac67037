import { QueryClient, dehydrate } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** localStorage as a browser has it (the unit tests run in Node). */
function fakeStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  };
}

// Fresh modules per test: the store remembers whose cache it filled.
async function load() {
  vi.resetModules();
  const store = await import('./query-cache-store');
  const storage = await import('./storage');
  return { ...store, ...storage };
}

const checkpointsKey = ['checkpoints'];

async function answer(client: QueryClient, data: unknown) {
  await client.fetchQuery({ queryKey: checkpointsKey, queryFn: () => Promise.resolve(data) });
  await vi.advanceTimersByTimeAsync(1000);
}

describe("the saved answers are the signed-in visitor's only (decision 035)", () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', fakeStorage());
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a second visit of the same visitor starts with their last answers, dated when they came', async () => {
    const first = await load();
    first.setSession('ann@example.com', 'Ann');
    const client = new QueryClient();
    first.ownCache(client);
    first.saveAnswers(client);
    vi.setSystemTime(new Date(2026, 10, 25, 14, 32));
    await answer(client, [{ checkpointId: 'day-1' }]);

    const second = await load();
    const next = new QueryClient();
    second.ownCache(next);
    expect(next.getQueryData(checkpointsKey)).toEqual([{ checkpointId: 'day-1' }]);
    expect(next.getQueryState(checkpointsKey)?.dataUpdatedAt).toBe(new Date(2026, 10, 25, 14, 32).getTime());
  });

  it('answers that came just before the page went are kept: the write waiting for more is done on pagehide', async () => {
    const page = new EventTarget();
    vi.stubGlobal('window', page);
    const first = await load();
    first.setSession('ann@example.com', 'Ann');
    const client = new QueryClient();
    first.ownCache(client);
    const stop = first.saveAnswers(client);
    await client.fetchQuery({ queryKey: checkpointsKey, queryFn: () => Promise.resolve([{ checkpointId: 'day-1' }]) });
    expect(localStorage.getItem('queryCache')).toBeNull();
    page.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem('queryCache')).toContain('day-1');

    // Once stopped, a page leaving writes nothing more.
    stop();
    localStorage.removeItem('queryCache');
    await client.fetchQuery({ queryKey: ['rewards'], queryFn: () => Promise.resolve(['cabin']) });
    page.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem('queryCache')).toBeNull();
  });

  it("the reviewers' news is never kept: told once, it cannot come back from the phone", async () => {
    const first = await load();
    first.setSession('ann@example.com', 'Ann');
    const client = new QueryClient();
    first.ownCache(client);
    first.saveAnswers(client);
    await client.fetchQuery({ queryKey: ['notices'], queryFn: () => Promise.resolve([{ id: 1, text: 'Approved' }]) });
    await answer(client, [{ checkpointId: 'day-1' }]);

    const second = await load();
    const next = new QueryClient();
    second.ownCache(next);
    expect(next.getQueryData(checkpointsKey)).toEqual([{ checkpointId: 'day-1' }]);
    expect(next.getQueryData(['notices'])).toBeUndefined();
  });

  it('saved answers are shown but asked for again: a reload a second later still fetches what changed', async () => {
    const first = await load();
    first.setSession('ann@example.com', 'Ann');
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 10_000 } } });
    first.ownCache(client);
    first.saveAnswers(client);
    await answer(client, [{ checkpointId: 'day-1', review: 'pending' }]);

    const second = await load();
    const next = new QueryClient({ defaultOptions: { queries: { staleTime: 10_000 } } });
    second.ownCache(next);
    const fresh = [{ checkpointId: 'day-1', review: 'approved' }];
    const fetched = await next.fetchQuery({ queryKey: checkpointsKey, queryFn: () => Promise.resolve(fresh) });
    expect(fetched).toEqual(fresh);
  });

  it('another visitor signing in on the same phone never sees them, and they are gone', async () => {
    const first = await load();
    first.setSession('ann@example.com', 'Ann');
    const client = new QueryClient();
    first.ownCache(client);
    first.saveAnswers(client);
    await answer(client, [{ checkpointId: 'ann-only' }]);
    expect(localStorage.getItem('queryCache')).toContain('ann-only');

    const second = await load();
    second.setSession('bob@example.com', 'Bob');
    const next = new QueryClient();
    second.ownCache(next);
    expect(next.getQueryData(checkpointsKey)).toBeUndefined();
    expect(localStorage.getItem('queryCache')).toBeNull();
  });

  it("a store written under someone else's name (flags changed behind the app's back) is not restored", async () => {
    const { ownCache, keys } = await load();
    const ann = new QueryClient();
    ann.setQueryData(checkpointsKey, [{ checkpointId: 'ann-only' }]);
    localStorage.setItem(keys.queryCache, JSON.stringify({ owner: 'ann@example.com', state: dehydrate(ann) }));
    localStorage.setItem(keys.isAuthenticated, 'true');
    localStorage.setItem(keys.userEmail, 'bob@example.com');
    const client = new QueryClient();
    ownCache(client);
    expect(client.getQueryData(checkpointsKey)).toBeUndefined();
    expect(localStorage.getItem(keys.queryCache)).toBeNull();
  });

  it('logging out (or a 401) removes them', async () => {
    const { setSession, clearSession, ownCache, saveAnswers, keys } = await load();
    setSession('ann@example.com', 'Ann');
    const client = new QueryClient();
    ownCache(client);
    saveAnswers(client);
    await answer(client, [{ checkpointId: 'day-1' }]);
    expect(localStorage.getItem(keys.queryCache)).not.toBeNull();
    clearSession();
    expect(localStorage.getItem(keys.queryCache)).toBeNull();
    // An answer arriving after the logout is not written back.
    await answer(client, [{ checkpointId: 'late' }]);
    expect(localStorage.getItem(keys.queryCache)).toBeNull();
  });

  it("in one page, the next visitor's screens start from an empty cache, not the last visitor's", async () => {
    const { setSession, clearSession, ownCache, saveAnswers } = await load();
    setSession('ann@example.com', 'Ann');
    const client = new QueryClient();
    ownCache(client);
    saveAnswers(client);
    await answer(client, [{ checkpointId: 'ann-only' }]);
    clearSession();
    setSession('bob@example.com', 'Bob');
    ownCache(client);
    expect(client.getQueryData(checkpointsKey)).toBeUndefined();
  });
});
