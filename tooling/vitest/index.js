// Base vitest settings. Integration tests (`*.integration.test.ts`) share one embedded
// PostgreSQL per run through the testkit's global setup; each file gets its own database.
import { defineConfig, mergeConfig } from 'vitest/config';

export const base = defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // apify-client logs every retry with a stack trace; the tests assert on outcomes instead.
    env: { APIFY_LOG_LEVEL: 'ERROR' },
    reporters: ['default'],
  },
});

/** @param {import('vitest/config').UserConfig} overrides */
export function createVitestConfig(overrides = {}) {
  return mergeConfig(base, defineConfig(overrides));
}

/**
 * Test files unisolated on `forks` forks (issue 30): a fork runs file after file on the modules it
 * has already loaded instead of importing them again for every file. Files must then close what
 * they start (the packages' test/setup.ts checks it with `@scrapper/testkit/left-behind`).
 * `minWorkers` equals `maxWorkers`: with reused forks, tinypool 1.1 retires a fork that falls
 * idle above the minimum and can hand it a second teardown (or the next file) while it stops,
 * which ended runs in "Terminating worker thread" with forks left running.
 * @param {number} forks
 */
export function unisolatedForks(forks) {
  return { isolate: false, maxWorkers: forks, minWorkers: forks };
}
