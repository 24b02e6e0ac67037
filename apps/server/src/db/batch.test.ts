import { describe, expect, it } from 'vitest';
import { batcher } from './batch';

/** A fake query that records its batches and answers once `release()` is called. */
function fakeQuery() {
  const batches: string[][] = [];
  const pending: (() => void)[] = [];
  const run = (keys: string[]) => {
    batches.push(keys);
    return new Promise<Map<string, string>>((resolve) => {
      pending.push(() => resolve(new Map(keys.filter((k) => k !== 'missing').map((k) => [k, `row of ${k}`]))));
    });
  };
  const release = async () => {
    for (const done of pending.splice(0)) done();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { run, batches, release };
}

/** One turn of the event loop: what the batcher waits for before it sends. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batcher', () => {
  it('sends the requests of one event-loop turn together, and those that arrive while it is out next, each with its own answer', async () => {
    const q = fakeQuery();
    const load = batcher(q.run, { max: 100, parallel: 1 });
    const first = [load('a'), load('b')];
    expect(q.batches).toEqual([]);
    await turn();
    expect(q.batches).toEqual([['a', 'b']]);
    const rest = ['c', 'missing'].map((key) => load(key));
    await turn();
    expect(q.batches).toEqual([['a', 'b']]);
    await q.release();
    expect(q.batches).toEqual([
      ['a', 'b'],
      ['c', 'missing'],
    ]);
    await q.release();
    expect(await Promise.all(first)).toEqual(['row of a', 'row of b']);
    expect(await Promise.all(rest)).toEqual(['row of c', undefined]);
  });

  it('asks for a key once per batch however many requests wait for it', async () => {
    const q = fakeQuery();
    const load = batcher(q.run, { max: 100, parallel: 1 });
    void load('x');
    await turn();
    const same = [load('a'), load('a'), load('b')];
    await q.release();
    expect(q.batches[1]).toEqual(['a', 'b']);
    await q.release();
    expect(await Promise.all(same)).toEqual(['row of a', 'row of a', 'row of b']);
  });

  it('keeps to at most `max` keys per query and `parallel` queries at once', async () => {
    const q = fakeQuery();
    const load = batcher(q.run, { max: 2, parallel: 2 });
    const all = ['a', 'b', 'c', 'd', 'e'].map((key) => load(key));
    await turn();
    expect(q.batches).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    await q.release();
    expect(q.batches.slice(2)).toEqual([['e']]);
    await q.release();
    expect(await Promise.all(all)).toEqual(['a', 'b', 'c', 'd', 'e'].map((k) => `row of ${k}`));
  });

  it('fails every request of a failed batch, and the next batch runs', async () => {
    let calls = 0;
    const load = batcher(
      async (keys: string[]) => {
        calls++;
        if (calls === 1) throw new Error('connection lost');
        return new Map(keys.map((k) => [k, k.toUpperCase()]));
      },
      { max: 10, parallel: 1 },
    );
    const failed = await Promise.allSettled([load('a'), load('b')]);
    expect(failed.map((f) => (f.status === 'rejected' ? String(f.reason) : f.status))).toEqual([
      'Error: connection lost',
      'Error: connection lost',
    ]);
    expect(calls).toBe(1);
    await expect(load('c')).resolves.toBe('C');
  });
});
