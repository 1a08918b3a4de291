import { createVitestConfig } from '@scrapper/vitest-config';

export default createVitestConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    // Unisolated, as the API's tests (docs/decisions.md, issue 30): the fork runs file after file
    // on the modules it has loaded; each file has a database of its own and closes its clients.
    // One fork (vitest's default on two cores), so min and max are the same (the tinypool race
    // the API's config describes needs a fork retired above the minimum).
    isolate: false,
    maxWorkers: 1,
    minWorkers: 1,
  },
});
