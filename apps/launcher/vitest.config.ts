import { createVitestConfig } from '@scrapper/vitest-config';

export default createVitestConfig({
  test: {
    testTimeout: 120_000,
    // The products these tests start inherit this environment: hermetic, so their workers make
    // no update check of the managed yt-dlp against the real release channel.
    env: { YTDLP_AUTO_UPDATE: 'false' },
  },
});
