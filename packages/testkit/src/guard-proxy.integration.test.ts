// The guard proxy with the real yt-dlp (and the ffmpeg it starts): every URL yt-dlp is led to,
// not only the one it starts from, meets the URL guard. Server A (the media server) is the test's
// allowed start; server B (a second media server) stands for the private network behind it.
import { startGuardProxy, type GuardProxy } from '@scrapper/integrations/guard-proxy';
import { createFfmpeg } from '@scrapper/integrations/ffmpeg';
import {
  classifyYtDlpFailure,
  createYtDlp,
  formatForQuality,
  runYtDlp,
  YtDlpError,
  type YtDlpQuality,
} from '@scrapper/integrations/yt-dlp';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMediaServer, type MediaServer } from './media-server/start-media-server.ts';

const YTDLP = process.env['YTDLP_PATH'] ?? 'yt-dlp';
const FFMPEG = process.env['FFMPEG_PATH'] ?? 'ffmpeg';
const FFPROBE = process.env['FFPROBE_PATH'] ?? 'ffprobe';

let serverA: MediaServer;
let serverB: MediaServer;
/** On A's side: an HLS playlist whose fragments live on B, a page whose video is RTSP on B. */
let playlists: Server;
let playlistsBase: string;
let proxy: GuardProxy;
const proxyErrors: Error[] = [];
let root: string;
let outputDir: string;
let jobs = 0;

const hostOf = (base: string) => new URL(base).host;

beforeAll(async () => {
  serverA = await startMediaServer({ ffmpeg: FFMPEG });
  serverB = await startMediaServer({ ffmpeg: FFMPEG });
  const fragmentsOnB = (await readFile(join(serverB.mediaDir, 'hls/360p/index.m3u8'), 'utf8'))
    .split('\n')
    .map((line) => (/\.ts$/.test(line) ? `${serverB.baseUrl}/hls/360p/${line}` : line))
    .join('\n');
  const rtspPage = `<!doctype html><html><head><title>RTSP</title></head><body>
<video src="rtsp://${hostOf(serverB.baseUrl)}/live"></video></body></html>`;
  playlists = createServer((req, res) => {
    if (req.url === '/rtsp.html') res.writeHead(200, { 'content-type': 'text/html' }).end(rtspPage);
    else res.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' }).end(fragmentsOnB);
  });
  await new Promise<void>((resolve) => playlists.listen(0, '127.0.0.1', resolve));
  playlistsBase = `http://127.0.0.1:${(playlists.address() as AddressInfo).port}`;
  // The starts the test allows; B and everything else private is refused as in production.
  proxy = await startGuardProxy({
    allowHosts: [hostOf(serverA.baseUrl), hostOf(playlistsBase)],
    onError: (error) => proxyErrors.push(error),
  });
  root = await mkdtemp(join(tmpdir(), 'guard-proxy-integration-'));
});
afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => playlists.close(resolve));
  await serverA.close();
  await serverB.close();
  await rm(root, { recursive: true, force: true });
});
beforeEach(() => {
  serverA.clearRequests();
  serverB.clearRequests();
  jobs += 1;
  outputDir = join(root, `job-${jobs}`);
});

// The start URLs are on 127.0.0.1, so the adapter's own check of the start URL is off here
// (allowPrivateNetwork); the proxy, with the test's allowHosts, judges every request instead.
const guarded = () =>
  createYtDlp({
    binary: YTDLP,
    ffmpegLocation: FFMPEG,
    allowPrivateNetwork: true,
    proxyUrl: proxy.url,
    tempRoot: root,
  });

function download(url: string, quality: YtDlpQuality = 'best') {
  return guarded().download({
    url,
    outputDir,
    format: formatForQuality(quality),
    maxFilesizeBytes: 50_000_000,
    socketTimeoutSecs: 10,
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

describe('yt-dlp through the guard proxy', () => {
  it('downloads from the allowed server: a direct file and an HLS rendition merged with its audio', async () => {
    const direct = await download(serverA.urls.clip3s);
    expect(
      await createFfmpeg({ ffmpeg: FFMPEG, ffprobe: FFPROBE }).probe(direct.filePath),
    ).toMatchObject({
      hasVideo: true,
      hasAudio: true,
    });
    const hls = await download(serverA.urls.hlsMaster, '720p');
    expect(hls.info.height).toBe(720);
    expect(serverA.requests.filter((r) => r.path.endsWith('.ts')).length).toBeGreaterThan(0);
    expect(proxyErrors).toEqual([]);
  });

  it('refuses a redirect to another loopback port: yt-dlp fails with a clear reason, B is never reached', async () => {
    const error = await failure(download(serverA.redirectUrl(serverB.urls.clip3s)));
    expect(error).toMatchObject({ kind: 'permanent', needsCookies: false, exitCode: 1 });
    expect(error.message).toBe(
      'yt-dlp diarahkan ke alamat yang tidak diizinkan: Alamat 127.0.0.1 berada di jaringan lokal ' +
        'atau privat (loopback); unduhan ke alamat seperti itu tidak diizinkan.',
    );
    expect(serverA.requests.map((r) => r.path)).toContain('/redirect');
    expect(serverB.requests).toEqual([]);
    expect(await readdir(outputDir)).toEqual([]);
  });

  it('refuses a redirect to the cloud metadata address', async () => {
    const error = await failure(
      download(serverA.redirectUrl('http://169.254.169.254/latest/meta-data/')),
    );
    expect(error.kind).toBe('permanent');
    expect(error.message).toMatch(
      /Alamat 169\.254\.169\.254 berada di jaringan lokal atau privat \(link-local\)/,
    );
  });

  it('refuses https to a private address (the CONNECT tunnel)', async () => {
    const port = new URL(serverB.baseUrl).port;
    const error = await failure(download(`https://127.0.0.1:${port}/media/clip-3s.mp4`));
    expect(error.kind).toBe('permanent');
    expect(error.message).toMatch(
      /Alamat 127\.0\.0\.1 berada di jaringan lokal atau privat \(loopback\)/,
    );
    expect(serverB.requests).toEqual([]);
  });

  it('refuses HLS fragments that live on a private address, with no hole-y file left', async () => {
    const error = await failure(download(`${playlistsBase}/evil.m3u8`));
    expect(error.kind).toBe('permanent');
    expect(error.message).toMatch(/yt-dlp diarahkan ke alamat yang tidak diizinkan/);
    expect(serverB.requests).toEqual([]);
    expect(await readdir(outputDir)).toEqual([]);
  });

  it('never picks a format whose protocol would bypass the proxy (RTSP, RTMP, MMS)', async () => {
    const error = await failure(download(`${playlistsBase}/rtsp.html`));
    expect(error.kind).toBe('permanent');
    expect(error.message).toMatch(/requested format is not available/i);
  });

  it('keeps ffmpeg behind the proxy too when yt-dlp hands it the HLS download', async () => {
    // The adapter leaves the HLS downloader to yt-dlp, which picks ffmpeg for live or encrypted
    // (AES-128 without pycryptodomex) streams. It hands ffmpeg the proxy in http_proxy, which
    // ffmpeg honours (CONNECT for https). Without the proxy, ffmpeg would reach B.
    const run = async (proxyUrl: string | undefined) => {
      const home = await mkdtemp(join(root, 'ffmpeg-home-'));
      return runYtDlp({
        binary: YTDLP,
        // prettier-ignore
        args: [
          '--ignore-config', ...(proxyUrl ? ['--proxy', proxyUrl] : []), '--no-cache-dir',
          '--downloader', 'm3u8:ffmpeg', ...(FFMPEG.includes('/') ? ['--ffmpeg-location', FFMPEG] : []),
          '-o', join(home, 'out.%(ext)s'), '--', `${playlistsBase}/evil.m3u8`,
        ],
        home,
        proxyUrl,
        signal: new AbortController().signal,
        killGraceMs: 1000,
        onStdoutLine: () => undefined,
      });
    };
    const outcome = await run(proxy.url);
    expect(outcome.stderr).toMatch(
      /\[http @ \w+\] HTTP error 403 Blocked by URL guard: 127\.0\.0\.1 is loopback/,
    );
    expect(outcome.stderr).toMatch(/ERROR: ffmpeg exited with code 1/);
    expect(classifyYtDlpFailure(outcome.exitCode ?? -1, outcome.stderr).message).toMatch(
      /^yt-dlp diarahkan ke alamat yang tidak diizinkan: Alamat 127\.0\.0\.1/,
    );
    expect(serverB.requests).toEqual([]);

    const unguarded = await run(undefined);
    expect(unguarded.exitCode).toBe(0);
    expect(serverB.requests.filter((r) => r.path.endsWith('.ts')).length).toBeGreaterThan(0);
  });
});
