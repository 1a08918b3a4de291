import { createPlaywrightConfig } from '@scrapper/playwright-config';
import { ADMIN, BASE_URL, E2E_PORT } from './e2e/support/env.ts';

export default createPlaywrightConfig({
  // Screenshots are written by the specs themselves to e2e/screenshots (gitignored).
  outputDir: 'test-results',
  use: {
    baseURL: BASE_URL,
    locale: 'id-ID',
    colorScheme: 'dark',
  },
  webServer: {
    command: `"${process.execPath}" --disable-warning=ExperimentalWarning e2e/support/start-server.ts`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      WORKER_PROCESSES: '1',
    },
  },
});
