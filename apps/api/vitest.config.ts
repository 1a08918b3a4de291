import { createVitestConfig, unisolatedForks } from '@scrapper/vitest-config';

export default createVitestConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    // Resets what modules keep between files and fails a file that leaves a server listening.
    setupFiles: ['./test/setup.ts'],
    // Unisolated (fastify, pg-boss, zod and our src/ load once a fork: they were about 14 % of
    // these tests' CPU). Three forks, not vitest's one on two cores: each integration file has a
    // database, data folder and fakes of its own and mostly waits (on PostgreSQL, fakes, child
    // processes), so three side by side keep both cores busy (issue 30 item 3).
    ...unisolatedForks(3),
  },
});
