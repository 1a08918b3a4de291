import { createVitestConfig } from '@scrapper/vitest-config';

export default createVitestConfig({
  test: {
    // The install test runs pnpm installs and the web build of each Dockerfile (minutes on 2 cores).
    testTimeout: 600_000,
  },
});
