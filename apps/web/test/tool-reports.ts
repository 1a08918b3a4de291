import type { WorkerTools, WorkerToolReport } from '@scrapper/contracts/http/tools';

// Tool reports as the API answers them, for the feature's component tests.

export function report(ytDlp: Partial<WorkerToolReport['ytDlp']> = {}): WorkerToolReport {
  return {
    ytDlp: {
      version: '2026.11.14',
      releaseDate: '2026-11-14',
      source: 'managed',
      path: '/srv/scrapper/.data/tools/yt-dlp/yt-dlp_linux',
      channel: 'stable',
      autoUpdate: true,
      releaseUrl: 'https://github.com/yt-dlp/yt-dlp/releases/latest/download',
      jsRuntime: { wired: true, value: 'node:/usr/local/bin/node', nodeVersion: '24.11.1' },
      ...ytDlp,
    },
    ffmpeg: { version: '5.1.9-0+deb12u1', path: '/usr/bin/ffmpeg' },
    ffprobe: { version: '5.1.9-0+deb12u1', path: '/usr/bin/ffprobe' },
    lastCheck: null,
    reportedAt: '2026-11-22T03:00:00.000Z',
  };
}

export function workerTools(overrides: Partial<WorkerTools> = {}): WorkerTools {
  return {
    workerId: '0f1e2d3c-4b5a-4968-8776-655443322110',
    hostname: 'dl-mesin-1',
    pid: 4242,
    isStale: false,
    lastSeenAt: '2026-11-22T03:00:05.000Z',
    tools: report(),
    ytDlpAgeDays: 8,
    lastCheck: {
      at: '2026-11-22T02:30:00.000Z',
      outcome: 'current',
      latestVersion: '2026.11.14',
      message: 'yt-dlp 2026.11.14 sudah versi terbaru.',
    },
    ...overrides,
  };
}
