import { createVitestConfig } from '@scrapper/vitest-config';

export default createVitestConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    // Unisolated: a fork runs test file after test file on the modules it has already loaded
    // (pg-boss, postgres.js, pino, zod, our src/ and the testkit) instead of importing them again
    // for every file (issue 30). Files stay independent: each stops what it starts (the harness,
    // its workers and worker processes, pg-boss instances and fakes, in afterAll), and
    // test/setup.ts resets what modules keep between files and fails a file that leaves a
    // server listening, a file open or a child process running.
    isolate: false,
    setupFiles: ['./test/setup.ts'],
    // Vitest's default is one fork less than the cores: on two cores, one file at a time. These
    // files mostly wait (on pg-boss, fakes, yt-dlp and ffmpeg children; the 11-29 run used 3.5 min
    // of CPU in 9.8 min), each on a database, data folder and fakes of its own, so three side by
    // side keep the cores busy without sharing state.
    maxWorkers: 3,
    // As many as at most: with reused forks, tinypool 1.1 retires a fork that falls idle above
    // the minimum and can hand that fork a second teardown (or the next file) while it stops,
    // which ended runs in "Terminating worker thread" with forks left running (apps/api, h40).
    minWorkers: 3,
  },
});
