import { createPlaywrightConfig } from '@scrapper/playwright-config';
import { ADMIN, BASE_URL, instancePort } from './e2e/support/env.ts';

/**
 * Two workers by default, so both cores are busy during the longest stage (issue 30 item 3).
 * `--workers=N` / `-j N` on the command line or E2E_WORKERS also sets how many product
 * instances are started: one per worker, never one that no worker would use.
 */
function workerCount(): number {
  const argv = process.argv;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const inline = /^(?:--workers|-j)=(\d+)$/.exec(arg);
    if (inline) return Number(inline[1]);
    if ((arg === '--workers' || arg === '-j') && /^\d+$/.test(argv[i + 1] ?? '')) return Number(argv[i + 1]);
  }
  return Number(process.env.E2E_WORKERS) || 2;
}

const workers = workerCount();

export default createPlaywrightConfig({
  // Screenshots are written by the specs themselves to e2e/screenshots (gitignored).
  outputDir: 'test-results',
  // Files run side by side, one per worker; the tests of a file stay in order on one worker.
  fullyParallel: false,
  workers,
  use: {
    // The worker's own instance (support/env.ts reads its parallel index).
    baseURL: BASE_URL,
    locale: 'id-ID',
    colorScheme: 'dark',
  },
  // One product per worker (decision in docs/decisions.md, issue 30 item 3): its own launcher,
  // embedded PostgreSQL and data folder, its own fakes, its own ports.
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: `"${process.execPath}" --disable-warning=ExperimentalWarning e2e/support/start-server.ts`,
    url: `http://127.0.0.1:${instancePort(index)}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
    env: {
      E2E_INSTANCE: String(index),
      PORT: String(instancePort(index)),
      HOST: '127.0.0.1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      WORKER_PROCESSES: '1',
    },
  })),
});
