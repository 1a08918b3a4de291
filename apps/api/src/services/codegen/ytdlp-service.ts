import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { fileHeader, joinSections, jsLiteral, stringLiteral } from './js-source.ts';
import { qualityChoices } from './quality-choices.ts';

// The generated `{platformId}_ytdlpService.js`: downloads one video item with yt-dlp. The
// URL and the format come from data (scraped items, admin config), so yt-dlp is started
// with an argument array (no shell), user config files are ignored, and the URL follows
// `--` so it can never be read as an option. Only the configured formats are accepted.

export function ytdlpServiceCode(config: ActorConfig): string {
  return joinSections([
    fileHeader(config, 'ytdlpService', [
      "Downloads a video item's url with yt-dlp into a folder and returns the file path.",
      'Needs yt-dlp (and ffmpeg, to merge video and audio) on the PATH.',
      '',
      "  const file = await downloadItem(item, { outputDir: '/tmp/videos' });",
    ]),
    ["import { spawn } from 'node:child_process';", "import { mkdir } from 'node:fs/promises';"].join('\n'),
    [
      '// ---- Config -------------------------------------------------------------------------',
      '',
      '// previewSpecific.format: what the preview controller asks for.',
      `export const PREVIEW_FORMAT = ${stringLiteral(config.previewSpecific.format)};`,
      '// The formats a download may use: downloadOptions, then the preview format. The first',
      '// one is the default.',
      `export const QUALITY_CHOICES = ${jsLiteral(qualityChoices(config))};`,
    ].join('\n'),
    SERVICE,
  ]);
}

const SERVICE = String.raw`// Files are named by the video id only, so nothing from a title reaches a path.
const OUTPUT_TEMPLATE = '%(id)s.%(ext)s';
const DEFAULT_TIMEOUT_MS = 10 * 60 * 1000;
const HTTP_URL = /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i;

// ---- Service ------------------------------------------------------------------------

/**
 * The yt-dlp format for a quality choice, given by value or label; the first choice when
 * none is given. Anything else is refused rather than passed to yt-dlp.
 */
export function formatFor(quality) {
  if (quality === undefined || quality === null || quality === '') return QUALITY_CHOICES[0].value;
  const choice = QUALITY_CHOICES.find((candidate) => candidate.value === quality || candidate.label === quality);
  if (!choice) throw new Error('Unknown quality: ' + String(quality));
  return choice.value;
}

/** The yt-dlp arguments for one download. The URL is last, after '--'. */
export function ytdlpArgs(url, { outputDir, quality }) {
  return [
    '--ignore-config',
    '--no-playlist',
    '--no-progress',
    '--format', formatFor(quality),
    '--merge-output-format', 'mp4',
    '--paths', outputDir,
    '--output', OUTPUT_TEMPLATE,
    '--print', 'after_move:filepath',
    '--no-simulate',
    '--',
    url,
  ];
}

/**
 * Downloads item.url into outputDir and resolves with the downloaded file's path.
 * Options: outputDir (required), quality (a QUALITY_CHOICES value or label),
 * ytdlpPath (default 'yt-dlp'), timeoutMs (default 10 minutes).
 */
export async function downloadItem(item, { outputDir, quality, ytdlpPath = 'yt-dlp', timeoutMs = DEFAULT_TIMEOUT_MS } = {}) {
  const url = typeof item?.url === 'string' ? item.url.trim() : '';
  if (!HTTP_URL.test(url)) throw new Error('The item has no http(s) URL to download.');
  if (typeof outputDir !== 'string' || outputDir === '') throw new Error('outputDir is required.');
  await mkdir(outputDir, { recursive: true });
  const { stdout } = await runProcess(ytdlpPath, ytdlpArgs(url, { outputDir, quality }), timeoutMs);
  const filePath = stdout.split('\n').map((line) => line.trim()).filter((line) => line !== '').pop();
  if (!filePath) throw new Error('yt-dlp finished without naming a file.');
  return filePath;
}

function runProcess(command, args, timeoutMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs, killSignal: 'SIGKILL' });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      // Keep the end: yt-dlp prints the reason for a failure last.
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) {
        resolve({ stdout, stderr });
        return;
      }
      const how = signal ? 'signal ' + signal : 'exit code ' + code;
      reject(new Error('yt-dlp failed (' + how + '): ' + stderr.trim()));
    });
  });
}`;
