import { describe, expect, it } from 'vitest';
import { refreshing } from './refreshing';
import { createSessionCache } from './sessions';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('refreshing', () => {
  it('reads once, then serves the value until the interval has passed', async () => {
    let clock = 0;
    let reads = 0;
    const value = refreshing(async () => ++reads, { intervalMs: 1000, now: () => clock });
    expect(await value.get()).toBe(1);
    clock = 999;
    expect(await value.get()).toBe(1);
    expect(reads).toBe(1);
  });

  it('once stale, answers with the value it has while one refresh runs', async () => {
    let clock = 0;
    let reads = 0;
    const next = deferred<number>();
    const value = refreshing(async () => (++reads === 1 ? 1 : next.promise), { intervalMs: 1000, now: () => clock });
    await value.get();
    clock = 1500;
    expect(await value.get()).toBe(1);
    expect(await value.get()).toBe(1);
    expect(reads).toBe(2);
    next.resolve(2);
    await next.promise;
    await Promise.resolve();
    expect(await value.get()).toBe(2);
  });

  it('waits for a fresh value when the one it has is far too old', async () => {
    let clock = 0;
    let reads = 0;
    const value = refreshing(async () => ++reads, { intervalMs: 1000, maxStaleMs: 5000, now: () => clock });
    await value.get();
    clock = 6000;
    expect(await value.get()).toBe(2);
  });

  it('spaces slow reads out: a read that took t is not repeated for costFactor * t', async () => {
    let clock = 0;
    let reads = 0;
    const value = refreshing(
      async () => {
        clock += 500; // the read takes 500 ms
        return ++reads;
      },
      { intervalMs: 1000, costFactor: 10, now: () => clock },
    );
    await value.get();
    clock = 4000;
    await value.get();
    expect(reads).toBe(1);
    clock = 5001;
    await value.get();
    expect(reads).toBe(2);
  });

  it("spaces reads by the cost a value reports when it has one, not by the read's wall time", async () => {
    let clock = 0;
    let reads = 0;
    const value = refreshing(
      async () => {
        clock += 5000; // the read waits 5 s for others' work between its slices...
        return { reads: ++reads, costMs: 200 }; // ...which kept the database busy 200 ms
      },
      { intervalMs: 1000, costFactor: 10, costMs: (read) => read.costMs, now: () => clock },
    );
    await value.get();
    clock += 1999;
    expect((await value.get()).reads).toBe(1);
    clock += 2;
    await value.get(); // older than 10 x 200 ms: refreshed (the wall time would have held it for 50 s)
    expect(reads).toBe(2);
  });

  it('with an interval of 0, reads on every call', async () => {
    let reads = 0;
    const value = refreshing(async () => ++reads, { intervalMs: 0 });
    await value.get();
    await value.get();
    expect(reads).toBe(2);
  });

  it('after clear(), waits for a fresh value', async () => {
    let reads = 0;
    const value = refreshing(async () => ++reads, { intervalMs: 60_000 });
    await value.get();
    value.clear();
    expect(await value.get()).toBe(2);
  });

  it('a failed first read fails the callers; the next call tries again', async () => {
    let reads = 0;
    const value = refreshing(
      async () => {
        if (++reads === 1) throw new Error('database down');
        return reads;
      },
      { intervalMs: 1000 },
    );
    await expect(value.get()).rejects.toThrow('database down');
    expect(await value.get()).toBe(2);
  });
});

describe('session cache', () => {
  it('forgets an entry after its lifetime, at the session expiry, or when deleted', () => {
    const cache = createSessionCache(5000, 10);
    cache.set('a', { userId: 1, expiresAt: 100_000 }, 0);
    expect(cache.get('a', 4999)?.userId).toBe(1);
    expect(cache.get('a', 5000)).toBeUndefined();
    cache.set('b', { userId: 2, expiresAt: 3000 }, 0);
    expect(cache.get('b', 3000)).toBeUndefined();
    cache.set('c', { userId: 3, expiresAt: 100_000 }, 0);
    cache.delete('c');
    expect(cache.get('c', 1)).toBeUndefined();
  });

  it('keeps at most its maximum, dropping the oldest', () => {
    const cache = createSessionCache(5000, 2);
    for (const [i, key] of ['a', 'b', 'c'].entries()) cache.set(key, { userId: i, expiresAt: 100_000 }, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.userId).toBe(2);
  });
});
