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
