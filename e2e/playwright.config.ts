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
    // A failed journey keeps its trace: every action with the page's DOM before and after it. Not the film strip of
    // screenshots, whose screencast cost a fifth of the run's time even for journeys that pass (decision 087).
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The app's service worker (decision 035) would answer the journeys' requests before their routes see
    // them (support/fixtures.ts, page.route mocks): blocked here, allowed in offline-app.spec.ts.
    serviceWorkers: 'block',
    launchOptions: { executablePath: browserPaths.shell, args: chromiumArgs },
  },
});
