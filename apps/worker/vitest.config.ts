import { createVitestConfig, unisolatedForks } from '@scrapper/vitest-config';

export default createVitestConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    // Resets what modules keep between files and fails a file that leaves a server listening, a
    // file open or a child process running.
    setupFiles: ['./test/setup.ts'],
    // Unisolated (pg-boss, postgres.js, pino, zod, our src/ and the testkit load once a fork).
    // Three forks, not vitest's one on two cores: these files mostly wait (on pg-boss, fakes,
    // yt-dlp and ffmpeg children), each on a database, data folder and fakes of its own.
    ...unisolatedForks(3),
  },
});
