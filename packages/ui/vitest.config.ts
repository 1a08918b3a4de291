import { createVitestConfig } from '@scrapper/vitest-config';

export default createVitestConfig({
  test: {
    environment: 'jsdom',
    // Globals let Testing Library register its automatic cleanup after each test.
    globals: true,
    pool: 'threads',
  },
});
