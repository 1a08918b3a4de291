import { createVitestConfig } from '@scrapper/vitest-config';

export default createVitestConfig({
  test: {
    // Vitest's default is one fork less than the cores: on two cores, one file at a time. Each
    // file starts servers of its own on ports the system picks and works in folders of its own,
    // and most of their time is spent waiting on child processes (yt-dlp, ffmpeg): three side by
    // side keep both cores busy (issue 30 item 3).
    maxWorkers: 3,
    minWorkers: 1,
  },
});
