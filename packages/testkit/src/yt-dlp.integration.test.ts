// The real yt-dlp, ffmpeg and ffprobe, through our adapters, on media the testkit media server
// generates. It lives here, not in integrations, because testkit depends on integrations (a
// devDependency) and integrations may not depend on testkit.
import { fetchDirectMedia, DirectFetchError } from '@scrapper/integrations/direct-fetch';
import { createFfmpeg } from '@scrapper/integrations/ffmpeg';
import {
  createYtDlp,
  formatForQuality,
  YtDlpError,
  type DownloadProgress,
  type DownloadRequest,
  type YtDlpOptions,
  type YtDlpQuality,
} from '@scrapper/integrations/yt-dlp';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMediaServer, type MediaServer } from './media-server/start-media-server.ts';

const YTDLP = process.env['YTDLP_PATH'] ?? 'yt-dlp';
const FFMPEG = process.env['FFMPEG_PATH'] ?? 'ffmpeg';
const FFPROBE = process.env['FFPROBE_PATH'] ?? 'ffprobe';

const ffmpeg = createFfmpeg({ ffmpeg: FFMPEG, ffprobe: FFPROBE });

let media: MediaServer;
let root: string;
let tempRoot: string;
let outputDir: string;
let jobs = 0;

beforeAll(async () => {
  media = await startMediaServer({ ffmpeg: FFMPEG });
  root = await mkdtemp(join(tmpdir(), 'yt-dlp-integration-'));
});
afterAll(async () => {
  await media.close();
  await rm(root, { recursive: true, force: true });
});
beforeEach(async () => {
  media.clearRequests();
  jobs += 1;
  // A fresh job folder and temp root each time, so "nothing left behind" is checkable.
  outputDir = join(root, `job-${jobs}`);
  tempRoot = join(root, `temp-${jobs}`);
  await mkdir(tempRoot);
});

function ytDlp(overrides: Partial<YtDlpOptions> = {}) {
  return createYtDlp({
    binary: YTDLP,
    ffmpegLocation: FFMPEG,
    allowPrivateNetwork: true,
    tempRoot,
    ...overrides,
  });
}

function download(url: string, quality: YtDlpQuality, overrides: Partial<DownloadRequest> = {}) {
  return ytDlp().download({
    url,
    outputDir,
    format: formatForQuality(quality),
    maxFilesizeBytes: 50_000_000,
    socketTimeoutSecs: 10,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<YtDlpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof YtDlpError) return error;
    throw error;
  }
  throw new Error('expected a YtDlpError');
}

/** Processes whose command line mentions `needle` (Linux /proc). */
async function processesMentioning(needle: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const commandLine = await readFile(`/proc/${entry}/cmdline`, 'utf8');
      if (commandLine.includes(needle)) found.push(Number(entry));
    } catch {
      // Gone while we looked.
    }
  }
  return found;
}

describe('download', () => {
  it('downloads the direct 8 s clip, reporting progress to 100%', async () => {
    const progress: DownloadProgress[] = [];
    const result = await download(media.urls.clip8s, 'best', {
      onProgress: (p) => progress.push(p),
    });
    expect(result).toMatchObject({
      filePath: join(outputDir, 'clip-8s.mp4'),
      ext: 'mp4',
      title: 'clip-8s',
    });
    expect(await readdir(outputDir)).toEqual(['clip-8s.mp4']);
    const probe = await ffmpeg.probe(result.filePath);
    expect(probe.durationSecs).toBeGreaterThan(7.8);
    expect(probe).toMatchObject({ hasVideo: true, hasAudio: true, width: 320, height: 180 });
    expect(result.sizeBytes).toBe(probe.sizeBytes);
    expect(progress.at(-1)).toMatchObject({
      status: 'finished',
      percent: 100,
      overallPercent: 100,
    });
    expect(await readdir(tempRoot)).toEqual([]);
  });

  it.each([
    ['720p', 720],
    ['1080p', 1080],
    ['best', 1080],
  ] as const)(
    'picks the %s rendition of the HLS master (height %i), merged with its audio',
    async (quality, height) => {
      const progress: DownloadProgress[] = [];
      const result = await download(media.urls.hlsMaster, quality, {
        onProgress: (p) => progress.push(p),
      });
      expect(result.ext).toBe('mp4');
      const probe = await ffmpeg.probe(result.filePath);
      expect(probe).toMatchObject({
        height,
        hasVideo: true,
        hasAudio: true,
        videoCodec: 'h264',
        audioCodec: 'aac',
      });
      expect(result.info.height).toBe(height);
      // Video then audio, each a set of fragments: the overall percentage only ever grows.
      const overall = progress.map((p) => p.overallPercent ?? 0);
      expect(overall).toEqual([...overall].sort((a, b) => a - b));
      expect(new Set(progress.map((p) => p.formatId)).size).toBe(2);
      expect(progress.some((p) => p.fragmentCount !== undefined)).toBe(true);
      expect(await readdir(outputDir)).toEqual(['master.mp4']);
    },
  );

  it('gives audio only: an audio stream and no video stream', async () => {
    for (const url of [media.urls.hlsMaster, media.urls.clip3s]) {
      const result = await download(url, 'audio-only', {
        outputDir: join(outputDir, String(url.length)),
      });
      expect(result.ext).toBe('m4a');
      const probe = await ffmpeg.probe(result.filePath);
      expect(probe).toMatchObject({ hasAudio: true, hasVideo: false, audioCodec: 'aac' });
    }
  });

  it('finds the video embedded in a page', async () => {
    const result = await download(media.urls.embedPage, 'best');
    expect(result.title).toMatch(/^Scrapper test clip/);
    expect((await ffmpeg.probe(result.filePath)).durationSecs).toBeGreaterThan(7.8);
  });

  it("reports a 404 as permanent, with yt-dlp's reason", async () => {
    const error = await failure(download(media.urls.notFound, 'best'));
    expect(error).toMatchObject({ kind: 'permanent', needsCookies: false, exitCode: 1 });
    expect(error.message).toBe('Unable to download webpage: HTTP Error 404: Not Found');
    expect(await readdir(outputDir)).toEqual([]);
  });

  it('reports a 503 and a silent server as transient', async () => {
    const unavailable = await failure(download(media.urls.serverError, 'best'));
    expect(unavailable).toMatchObject({
      kind: 'transient',
      message: 'Unable to download webpage: HTTP Error 503: Service Unavailable',
    });
    const silent = await failure(download(media.urls.stall, 'best', { socketTimeoutSecs: 1 }));
    expect(silent).toMatchObject({ kind: 'transient', message: 'timed out' });
  });

  it('says a login or bot wall needs cookies', async () => {
    const error = await failure(download(media.urls.loginRequired, 'best'));
    expect(error.kind).toBe('needs-cookies');
    expect(error.needsCookies).toBe(true);
    expect(error.message).toMatch(/HTTP Error 403/);
  });

  it('sends the cookies it is given, and removes the cookie file afterwards', async () => {
    const { name, value } = media.sessionCookie;
    const cookiesText = `127.0.0.1\tFALSE\t/\tFALSE\t4102444800\t${name}\t${value}\n`;
    const result = await download(media.urls.loginRequired, 'best', { cookiesText });
    expect((await ffmpeg.probe(result.filePath)).durationSecs).toBeGreaterThan(2.8);
    const gated = media.requests.filter((request) => request.path === '/members/clip.mp4');
    expect(gated.length).toBeGreaterThan(0);
    for (const request of gated) {
      expect(request.cookie).toContain(`${name}=${value}`);
      expect(request.status).toBe(200);
    }
    // The per-run folder (HOME + cookies.txt) lived in tempRoot and is gone.
    expect(await readdir(tempRoot)).toEqual([]);
  });

  it('refuses a file over the size limit, known up front or counted on the way (HLS)', async () => {
    const direct = await failure(download(media.urls.clip3s, 'best', { maxFilesizeBytes: 10_000 }));
    expect(direct).toMatchObject({
      kind: 'permanent',
      message: 'Ukuran file melebihi batas 10000 byte.',
    });
    // Each 1080p fragment is under the limit, so only our count across fragments can stop it.
    const hls = await failure(
      download(media.urls.hlsMaster, '1080p', { maxFilesizeBytes: 800_000 }),
    );
    expect(hls).toMatchObject({
      kind: 'permanent',
      message: 'Ukuran file melebihi batas 800000 byte.',
    });
    expect(await readdir(outputDir)).toEqual([]);
  });

  it('cancels mid-download: the process is killed and no partial file is left', async () => {
    const controller = new AbortController();
    let bytesWhenCancelled = 0;
    const started = Date.now();
    const error = await failure(
      download(media.urls.slow, 'best', {
        signal: controller.signal,
        onProgress: (progress) => {
          if (progress.downloadedBytes > 50_000 && !controller.signal.aborted) {
            bytesWhenCancelled = progress.downloadedBytes;
            controller.abort();
          }
        },
      }),
    );
    expect(error.kind).toBe('cancelled');
    expect(bytesWhenCancelled).toBeGreaterThan(50_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await processesMentioning(media.urls.slow)).toEqual([]);
    expect(await readdir(outputDir)).toEqual([]);
    expect(await readdir(tempRoot)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(media.requests.find((request) => request.path === '/slow/clip.mp4')).toMatchObject({
      completed: false,
    });
  });

  it('refuses the private network unless allowed, before yt-dlp even starts', async () => {
    const error = await failure(
      ytDlp({ allowPrivateNetwork: false }).download({
        url: media.urls.clip8s,
        outputDir,
        format: formatForQuality('best'),
        maxFilesizeBytes: 50_000_000,
        socketTimeoutSecs: 10,
      }),
    );
    expect(error.kind).toBe('permanent');
    expect(error.message).toMatch(/jaringan lokal atau privat/);
    expect(media.requests).toEqual([]);
  });
});

describe('probe', () => {
  it('lists the HLS renditions and the audio group without downloading', async () => {
    const result = await ytDlp().probe({ url: media.urls.hlsMaster, socketTimeoutSecs: 10 });
    expect(result.id).toBe('master');
    const heights = result.formats
      .map((format) => format.height)
      .filter((height) => height !== undefined);
    expect(heights).toEqual([360, 720, 1080]);
    expect(
      result.formats.some((format) => format.vcodec === 'none' && format.height === undefined),
    ).toBe(true);
    expect(media.requests.some((request) => request.path.endsWith('.ts'))).toBe(false);
  });

  it('gives the duration of a direct file', async () => {
    const result = await ytDlp().probe({ url: media.urls.embedPage, socketTimeoutSecs: 10 });
    expect(result.title).toMatch(/^Scrapper test clip/);
    expect(result.formats.length).toBeGreaterThan(0);
  });
});

describe('ffmpeg on a download', () => {
  it('cuts the 8 s clip to at most 5.2 s', async () => {
    const downloaded = await download(media.urls.clip8s, 'best');
    const output = join(outputDir, 'clip-8s.cut.mp4');
    const cut = await ffmpeg.cut({ input: downloaded.filePath, output, maxDurationSecs: 5 });
    expect(cut.reencoded).toBe(false);
    const probe = await ffmpeg.probe(output);
    expect(probe.durationSecs).toBeLessThanOrEqual(5.2);
    expect(probe.durationSecs).toBeGreaterThan(4.5);
    expect(probe).toMatchObject({ hasVideo: true, hasAudio: true });
  });
});

describe('direct fetch (the fallback when yt-dlp cannot open the page)', () => {
  async function embeddedVideoUrl(): Promise<string> {
    const page = await (await fetch(media.urls.embedPage)).text();
    const src = /<video[^>]*\ssrc="([^"]+)"/.exec(page)?.[1];
    if (!src) throw new Error('no <video src> in the page');
    return src;
  }

  it('fetches the embedded video when private networks are allowed', async () => {
    const url = await embeddedVideoUrl();
    await mkdir(outputDir);
    const result = await fetchDirectMedia({
      url: media.redirectUrl(url),
      outputPath: join(outputDir, 'embedded.mp4'),
      maxBytes: 50_000_000,
      socketTimeoutSecs: 10,
      allowPrivateNetwork: true,
    });
    expect(result).toMatchObject({ contentType: 'video/mp4', finalUrl: url });
    const probe = await ffmpeg.probe(result.filePath);
    expect(probe.durationSecs).toBeGreaterThan(7.8);
  });

  it('refuses it without ALLOW_PRIVATE_NETWORK_FETCH', async () => {
    const url = await embeddedVideoUrl();
    await mkdir(outputDir);
    media.clearRequests();
    const attempt = fetchDirectMedia({
      url,
      outputPath: join(outputDir, 'embedded.mp4'),
      maxBytes: 50_000_000,
      socketTimeoutSecs: 10,
      allowPrivateNetwork: false,
    });
    await expect(attempt).rejects.toBeInstanceOf(DirectFetchError);
    await expect(attempt).rejects.toMatchObject({ kind: 'permanent' });
    expect(media.requests).toEqual([]);
    expect(await readdir(outputDir)).toEqual([]);
  });
});
