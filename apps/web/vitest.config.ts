import { createVitestConfig } from '@scrapper/vitest-config';
import { alias } from './vite.config.ts';

export default createVitestConfig({
  resolve: { alias },
  test: {
    environment: 'jsdom',
    // Globals let Testing Library register its automatic cleanup after each test.
    globals: true,
    pool: 'threads',
    setupFiles: ['./src/testing/setup.ts'],
  },
});
