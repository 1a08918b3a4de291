import { createVitestConfig } from '@scrapper/vitest-config';

export default createVitestConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    // Vitest's default is one fork less than the cores: on two cores, one file at a time. Each
    // integration file has a database, data folder and fakes of its own, and most of their time
    // is spent waiting (on PostgreSQL, fakes, child processes): three side by side keep both
    // cores busy (issue 30 item 3).
    maxWorkers: 3,
    minWorkers: 1,
  },
});
