import { createVitestConfig } from '@scrapper/vitest-config';

export default createVitestConfig({
  test: {
    testTimeout: 120_000,
    // The products these tests start inherit this environment: hermetic, so their workers make
    // no update check of the managed yt-dlp against the real release channel.
    env: { YTDLP_AUTO_UPDATE: 'false' },
    // Vitest's default is one fork less than the cores: on two cores, one file at a time. Each
    // file starts products of its own (own PostgreSQL, data folder and ports the system picks)
    // and mostly waits on them: two side by side (issue 30 item 3).
    maxWorkers: 2,
    minWorkers: 1,
  },
});
