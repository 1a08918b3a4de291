import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { codeFileName } from './code-keys.ts';
import { fileHeader, joinSections, jsLiteral, stringLiteral } from './js-source.ts';

// The generated `{platformId}_previewController.js`: a framework-free node:http handler that
// downloads an item in the preview format (through the yt-dlp service) and streams the
// first previewSpecific.maxDuration seconds, cut by ffmpeg started with an argument array.

export function previewControllerCode(config: ActorConfig): string {
  const { enabled, format, maxDuration } = config.previewSpecific;
  const ytdlpFile = `./${codeFileName(config.platformId, 'ytdlpService')}`;
  return joinSections([
    fileHeader(config, 'previewController', [
      'Serves a short MP4 preview of a scraped video: GET ?id=<video id> downloads the item',
      'with the yt-dlp service in the preview format and streams its first seconds, cut by',
      'ffmpeg. Needs ffmpeg on the PATH.',
      '',
      `  import * as ytdlp from '${ytdlpFile}';`,
      '  createPreviewServer({ items, ytdlp }).listen(3000);',
    ]),
    [
      "import { spawn } from 'node:child_process';",
      "import { mkdtemp, rm } from 'node:fs/promises';",
      "import { createServer } from 'node:http';",
      "import { tmpdir } from 'node:os';",
      "import { join } from 'node:path';",
    ].join('\n'),
    [
      '// ---- Config (previewSpecific) -------------------------------------------------------',
      '',
      enabled
        ? '// Previews are on for this platform.'
        : '// Previews are off for this platform: every request gets 404.',
      `export const PREVIEW_ENABLED = ${jsLiteral(enabled)};`,
      `export const PREVIEW_FORMAT = ${stringLiteral(format)};`,
      '// The preview is cut to this many seconds.',
      `export const MAX_DURATION_SECONDS = ${jsLiteral(maxDuration)};`,
    ].join('\n'),
    CONTROLLER,
  ]);
}

const CONTROLLER = String.raw`// ---- Controller ---------------------------------------------------------------------

/**
 * Handles GET ?id=<video id>.
 * - items: the video items that may be previewed (from parseItems).
 * - ytdlp: the yt-dlp service module (its downloadItem is used).
 * - ffmpegPath (default 'ffmpeg'), tempRoot (default the OS temp folder).
 * Replies 404 when previews are off or the id is unknown, 502 when the download or the
 * cut fails before any video was sent.
 */
export async function handlePreview(req, res, { items, ytdlp, ffmpegPath = 'ffmpeg', tempRoot = tmpdir() }) {
  if (req.method !== 'GET') return sendJson(res, 405, { message: 'Metode tidak diizinkan.' });
  if (!PREVIEW_ENABLED) return sendJson(res, 404, { message: 'Preview tidak aktif untuk platform ini.' });

  const id = new URL(req.url ?? '/', 'http://localhost').searchParams.get('id');
  const item = id ? (items ?? []).find((candidate) => candidate?.id === id) : undefined;
  if (!item) return sendJson(res, 404, { message: 'Video tidak ditemukan.' });

  // One folder per request, removed whatever happens before the response is finished.
  const workDir = await mkdtemp(join(tempRoot, 'preview-'));
  let failure = null;
  try {
    const source = await ytdlp.downloadItem(item, { outputDir: workDir, quality: PREVIEW_FORMAT });
    await streamCut(ffmpegPath, ffmpegArgs(source), res);
  } catch (error) {
    failure = error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  if (failure === null) res.end();
  else if (!res.headersSent) sendJson(res, 502, { message: 'Gagal membuat preview.' });
  else res.destroy(failure);
}

/** A node:http server that answers every request with handlePreview. */
export function createPreviewServer(options) {
  return createServer((req, res) => {
    handlePreview(req, res, options).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { message: 'Terjadi kesalahan.' });
      else res.destroy();
    });
  });
}

/**
 * ffmpeg arguments: the first MAX_DURATION_SECONDS of the first video and audio stream,
 * copied without re-encoding into a fragmented MP4 written to stdout (a plain MP4 needs a
 * seekable output).
 */
export function ffmpegArgs(inputPath) {
  return [
    '-hide_banner',
    '-loglevel', 'error',
    '-nostdin',
    '-i', inputPath,
    '-t', String(MAX_DURATION_SECONDS),
    '-map', '0:v:0?',
    '-map', '0:a:0?',
    '-c', 'copy',
    '-movflags', 'frag_keyframe+empty_moov',
    '-f', 'mp4',
    'pipe:1',
  ];
}

/** Streams ffmpeg's output into res; the caller ends res. */
function streamCut(ffmpegPath, args, res) {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    // Headers go out with the first bytes, so a failure before that can still be a 502.
    child.stdout.on('data', (chunk) => {
      if (!res.headersSent) res.writeHead(200, { 'Content-Type': 'video/mp4', 'Cache-Control': 'no-store' });
      if (!res.write(chunk)) {
        child.stdout.pause();
        res.once('drain', () => child.stdout.resume());
      }
    });
    // A client that leaves stops ffmpeg.
    res.on('close', () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 && res.headersSent) {
        resolve();
        return;
      }
      reject(new Error('ffmpeg failed (exit code ' + code + '): ' + stderr.trim()));
    });
  });
}

function sendJson(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}`;
