// End-to-end journeys: Debian's Chromium driving the real built app, the real server, PostgreSQL,
// a real SMTP server and a local OpenID Connect provider, all on loopback (support/global-setup.ts).
import { defineConfig, devices } from '@playwright/test';
import { APP_URL, browserPaths, chromiumArgs } from './support/ports';

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: '../playwright-report', open: 'never' }]],
  globalSetup: './support/global-setup.ts',
  use: {
    ...devices['Pixel 7'],
    baseURL: APP_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    // The app's service worker (decision 035) would answer the journeys' requests before their routes see
    // them (support/fixtures.ts, page.route mocks): blocked here, allowed in offline-app.spec.ts.
    serviceWorkers: 'block',
    launchOptions: { executablePath: browserPaths.shell, args: chromiumArgs },
  },
});
