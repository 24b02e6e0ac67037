import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASK, BUSY_CHANNEL, type BusyMessage, CALLS_REPEAT_MS } from './busy-channel';

describe("the page's side: what the service worker hears of the visitor's calls", () => {
  let heard: BusyMessage[];
  let worker: BroadcastChannel;

  beforeEach(() => {
    vi.resetModules();
    // A page of a browser with service workers (node has BroadcastChannel itself).
    vi.stubGlobal('window', { BroadcastChannel, addEventListener: () => undefined });
    vi.stubGlobal('navigator', { serviceWorker: {} });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    heard = [];
    worker = new BroadcastChannel(BUSY_CHANNEL);
    worker.onmessage = (event: MessageEvent<BusyMessage>) => void heard.push(event.data);
  });

  afterEach(() => {
    worker.close();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a call begun before main.tsx opens the channel is said again and again while it waits, and no more once it ended', async () => {
    const { startSayingBusy, visitorCall } = await import('./visitor-first');
    // The signed-in layout asks for /api/me while the entry's modules load, before main.tsx runs.
    const ended = visitorCall();
    startSayingBusy();
    // A worker that starts now hears it within its first listen, from the repeats alone.
    await vi.waitFor(() => expect(heard).toEqual([expect.objectContaining({ calls: 1 })]));
    vi.advanceTimersByTime(3 * CALLS_REPEAT_MS);
    await vi.waitFor(() => expect(heard.filter((m) => m.calls === 1).length).toBeGreaterThanOrEqual(4));

    ended();
    await vi.waitFor(() => expect(heard.at(-1)).toMatchObject({ calls: 0 }));
    const said = heard.length;
    vi.advanceTimersByTime(3 * CALLS_REPEAT_MS);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toHaveLength(said);
  });

  it('answers a worker that has just started with where it is: its calls and its language', async () => {
    const { startSayingBusy } = await import('./visitor-first');
    startSayingBusy();
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    // (The pages of the tests before, still open, answer too.)
    const ours = () => heard.filter((message) => message.page === heard[0]!.page);
    worker.postMessage(ASK);
    await vi.waitFor(() => expect(ours()).toHaveLength(2));
    expect(ours()[1]).toEqual({ page: heard[0]!.page, calls: 0, lang: 'en' });
  });

  it('says nothing, and repeats nothing, where there is no channel to say it on', async () => {
    vi.stubGlobal('window', { addEventListener: () => undefined });
    const { startSayingBusy, visitorCall } = await import('./visitor-first');
    startSayingBusy();
    const ended = visitorCall();
    vi.advanceTimersByTime(3 * CALLS_REPEAT_MS);
    ended();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
