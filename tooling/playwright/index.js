// Playwright base: Debian's Chromium (no browser download is possible here), launched with
// the flags that keep it off the closed network.
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** The full browser: the extension's tests (extensions need it) and the browser benchmarks. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * What the tests drive: Debian's chromium-headless-shell, Chromium's old headless mode (the
 * browser Playwright itself runs headless tests in). It renders the same pages with the same
 * engine without the full browser's UI layers: the e2e stage's largest CPU cost (decisions,
 * "Where e2e's CPU goes"). The full browser when the shell is not installed.
 */
const headlessShell = process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';
export const testChromiumPath = existsSync(headlessShell) ? headlessShell : chromiumPath;

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
      launchOptions: { executablePath: testChromiumPath, args: chromiumArgs },
      trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
      ...overrides.use,
    },
  });
}
