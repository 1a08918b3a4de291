import { fileURLToPath } from 'node:url';
import { createVitestConfig } from '@scrapper/vitest-config';
import { alias } from './vite.config.ts';

export default createVitestConfig({
  // `@test/...`: the test helpers and fixtures in test/, kept out of the app's src/.
  resolve: { alias: { ...alias, '@test': fileURLToPath(new URL('./test', import.meta.url)) } },
  test: {
    environment: './test/jsdom-environment.ts',
    globals: true,
    pool: 'threads',
    // Unisolated: a worker thread runs test file after test file on the modules it has loaded
    // and one jsdom window, instead of a new thread, jsdom and React per file (that set-up was
    // most of the web tests' time). Files stay independent: the environment hands each file an
    // emptied window and test/setup.ts resets the stores, timers and stubs.
    isolate: false,
    setupFiles: ['./test/setup.ts'],
    // test/setup.ts unmounts after each test in every file; Testing Library's own hook would
    // only be registered in the first file of a worker.
    env: { RTL_SKIP_AUTO_CLEANUP: 'true' },
  },
});
