import { createVitestConfig } from '@scrapper/vitest-config';

export default createVitestConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    // Unisolated: a fork runs test file after test file on the modules it has already loaded
    // (fastify, pg-boss, zod, our src/) instead of importing them again for every file, which was
    // about 14 % of these tests' CPU (issue 30). Files stay independent: each closes what it
    // starts (the harness and fakes in afterAll), and test/setup.ts resets what modules keep
    // between files and fails a file that leaves a server listening.
    isolate: false,
    setupFiles: ['./test/setup.ts'],
    // Vitest's default is one fork less than the cores: on two cores, one file at a time. Each
    // integration file has a database, data folder and fakes of its own, and most of their time
    // is spent waiting (on PostgreSQL, fakes, child processes): three side by side keep both
    // cores busy (issue 30 item 3).
    maxWorkers: 3,
    // As many as at most: with reused forks, tinypool 1.1 retires a fork that falls idle above
    // the minimum and can hand that fork a second teardown (or the next file) while it stops,
    // which ended runs in "Terminating worker thread" with forks left running.
    minWorkers: 3,
  },
});
