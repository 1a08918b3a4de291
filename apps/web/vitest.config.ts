import { fileURLToPath } from 'node:url';
import { createVitestConfig } from '@scrapper/vitest-config';
import { alias } from './vite.config.ts';

export default createVitestConfig({
  // `@test/...`: the test helpers and fixtures in test/, kept out of the app's src/.
  resolve: { alias: { ...alias, '@test': fileURLToPath(new URL('./test', import.meta.url)) } },
  test: {
    environment: './test/jsdom-environment.ts',
    // Globals let Testing Library register its automatic cleanup after each test.
    globals: true,
    pool: 'threads',
    setupFiles: ['./test/setup.ts'],
  },
});
