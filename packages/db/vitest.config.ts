import { createVitestConfig, unisolatedForks } from '@scrapper/vitest-config';

export default createVitestConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    // Unisolated on one fork (vitest's default on two cores): each file has a database of its
    // own and closes its clients.
    ...unisolatedForks(1),
  },
});
