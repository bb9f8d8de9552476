import { defineConfig } from '@playwright/test';
import { chromiumPath } from './scripts/prerequisites.mjs';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  // E2E_OUTPUT lets a second run in the same checkout keep its own artifacts.
  outputDir: process.env.E2E_OUTPUT ?? 'test-results/artifacts',
  fullyParallel: false,
  // Two files at a time, each worker with its own service and data folder (fixtures.ts): the
  // browser waits on the service and the service on the browser, so one worker leaves the second
  // core mostly idle (the whole e2e: 6.6 min with one worker on 2 cores, 5.5–5.7 with two).
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    headless: true,
    // The counter screens are designed for 1280x800 displays.
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium (or CHROMIUM_PATH), not a Playwright download: the build machines have
      // no browser cache. `npm test` checked that it starts before the first suite.
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
