// A poor connection for the journeys that try one: Chromium's own network emulation.
import type { CDPSession, Page } from '@playwright/test';

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
