// Playwright base: Debian's Chromium (no browser download is possible here), launched with
// the flags that keep it off the closed network.
import { defineConfig } from '@playwright/test';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** @param {import('@playwright/test').PlaywrightTestConfig} overrides */
export function createPlaywrightConfig(overrides = {}) {
  return defineConfig({
    testDir: './e2e',
    fullyParallel: false,
    workers: 1,
    // Never retried, in CI or not: a test that fails now and then is a bug to fix (issue 30 item 6).
    retries: 0,
    timeout: 30_000,
    reporter: [['list']],
    ...overrides,
    use: {
      launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
      trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
      ...overrides.use,
    },
  });
}
