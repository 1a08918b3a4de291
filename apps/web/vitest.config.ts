import { createVitestConfig } from '@scrapper/vitest-config';
import { alias } from './vite.config.ts';

export default createVitestConfig({
  resolve: { alias },
  test: {
    environment: './src/testing/jsdom-environment.ts',
    // Globals let Testing Library register its automatic cleanup after each test.
    globals: true,
    pool: 'threads',
    setupFiles: ['./src/testing/setup.ts'],
  },
});
