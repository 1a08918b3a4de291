import { createVitestConfig } from '@scrapper/vitest-config';

export default createVitestConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    // Vitest's default is one fork less than the cores: on two cores, one file at a time. These
    // files mostly wait (on pg-boss, fakes, yt-dlp and ffmpeg children; the 11-29 run used 3.5 min
    // of CPU in 9.8 min), each on a database, data folder and fakes of its own, so three side by
    // side keep the cores busy without sharing state.
    maxWorkers: 3,
    minWorkers: 1,
  },
});
