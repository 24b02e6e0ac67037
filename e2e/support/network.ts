// A poor connection for the journeys that try one: Chromium's own network emulation, or one answer held back.
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

/** Ship Wi-Fi: 400 kbit/s both ways, 400 ms latency, on every request of `page`. */
export async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  });
  return cdp;
}

/**
 * Holds the answers to requests matching `url` back until `release` is called: a server slow to answer them. Held for
 * a context, it holds its service workers' requests too.
 */
export async function holdBack(page: Page | BrowserContext, url: string): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}
