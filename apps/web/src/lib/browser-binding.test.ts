// A sign-in e-mail refused for want of a browser binding (decision 058) is asked for again once, bound; any other
// refusal reaches the form as it came.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { askWithBinding } from './browser-binding';

afterEach(() => {
  vi.unstubAllGlobals();
});

function bindingServer() {
  const fetch = vi.fn((_path: string, _init?: RequestInit) => Promise.resolve(new Response(null, { status: 204 })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('askWithBinding', () => {
  it('binds the browser and asks once more when the server asks for a binding', async () => {
    const fetch = bindingServer();
    const ask = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(429, 'Please ask again', 'linkAskAgain'))
      .mockResolvedValueOnce(undefined);
    await askWithBinding(ask);
    expect(ask).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenCalledWith('/api/auth/browser', expect.objectContaining({ method: 'POST' }));
  });

  it('asks only once more, and passes every other refusal on to the form', async () => {
    bindingServer();
    const late = new ApiError(429, 'Sign-in e-mails are running late', 'mailRunningLate');
    const asked = vi.fn<() => Promise<void>>().mockRejectedValue(late);
    await expect(askWithBinding(asked)).rejects.toBe(late);
    expect(asked).toHaveBeenCalledTimes(1);
    const again = new ApiError(429, 'Please ask again', 'linkAskAgain');
    const twice = vi.fn<() => Promise<void>>().mockRejectedValue(again);
    await expect(askWithBinding(twice)).rejects.toBe(again);
    expect(twice).toHaveBeenCalledTimes(2);
  });
});
