// Finding and fetching audio for remixes through yt-dlp: search and info read metadata only
// (nothing is downloaded), downloadAudio keeps the best audio of one video. The same safety as
// yt-dlp.ts: no config files, an empty HOME as working directory, the target after `--`, http(s)
// URLs through the URL guard.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertFetchableUrl, UrlNotAllowedError, type ResolveHost } from './url-guard.ts';
import {
  classifyYtDlpFailure,
  createYtDlp,
  formatForQuality,
  guardProxyUrl,
  proxyArgs,
  runYtDlp,
  YtDlpError,
  type YtDlpBinary,
  type YtDlpOptions,
} from './yt-dlp/index.ts';

export interface AudioSearchResult {
  id: string;
  title: string;
  /** `m:ss` or `h:mm:ss` (plain seconds under a minute, as yt-dlp writes it). */
  duration_string: string | null;
  uploader: string | null;
  webpage_url: string;
}

interface LookupArgs {
  signal?: AbortSignal;
  /** ALLOW_PRIVATE_NETWORK_FETCH. Default false: loopback and private hosts are refused. */
  allowPrivateNetwork?: boolean;
  /**
   * The guard proxy (guard-proxy.ts) every request of yt-dlp goes through; without one, and
   * unless private networks are allowed, the process's shared guard proxy.
   */
  proxyUrl?: string;
  /** For tests: how host names resolve for the URL guard. */
  resolveHost?: ResolveHost;
  /**
   * The yt-dlp program, or a function asked before each run (pinned > managed > PATH). Default
   * `yt-dlp` on PATH.
   */
  binary?: YtDlpBinary;
  /** Default 20. */
  socketTimeoutSecs?: number;
  /** Where the per-run HOME lives. Default: the OS temp folder. */
  tempRoot?: string;
}

export interface SearchAudioArgs extends LookupArgs {
  query: string;
  /** Default 10, at most 20. */
  limit?: number;
  /**
   * Testing hook: an http(s) URL whose page yt-dlp reads as a playlist of results (the testkit
   * media server's `audioSearch`), with `{query}` (URL-encoded) and optionally `{limit}` filled
   * in; it goes through the URL guard. Default: yt-dlp's YouTube search, `ytsearch{limit}:{query}`.
   */
  searchUrlTemplate?: string;
}

export interface GetAudioInfoArgs extends LookupArgs {
  url: string;
}

export interface DownloadAudioArgs extends LookupArgs {
  url: string;
  /** An empty job folder (absolute); the file lands here as `<id>.m4a`. */
  dir: string;
  /** Default 100 MB. */
  maxBytes?: number;
  /** ffmpeg for the audio extraction (FFMPEG_PATH); a bare name is left to PATH. */
  ffmpegLocation?: string;
}

export const AUDIO_SEARCH_DEFAULT_LIMIT = 10;
export const AUDIO_SEARCH_MAX_LIMIT = 20;
const MAX_QUERY_CHARS = 200;
const DEFAULT_SOCKET_TIMEOUT_SECS = 20;
const DEFAULT_MAX_BYTES = 100_000_000;
const KILL_GRACE_MS = 3000;
const SEARCH_STDOUT_MAX_BYTES = 8 * 1024 * 1024;

/** Seconds as yt-dlp's `duration_string`: `h:mm:ss`, `m:ss`, or whole seconds under a minute. */
export function formatDurationString(totalSeconds: number): string {
  const whole = Math.floor(Math.max(0, totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = whole % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  if (hours > 0) return `${hours}:${pad(minutes)}:${pad(secs)}`;
  if (minutes > 0) return `${minutes}:${pad(secs)}`;
  return String(secs);
}

/** Trimmed, whitespace collapsed; empty or very long queries are refused. */
export function normalizeQuery(query: string): string {
  // Control characters are spaces here: a NUL would make spawn throw, others mean nothing in a search.
  // eslint-disable-next-line no-control-regex
  const normalized = query.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
  if (normalized === '')
    throw new YtDlpError('permanent', 'Kata kunci pencarian tidak boleh kosong.');
  if (normalized.length > MAX_QUERY_CHARS)
    throw new YtDlpError(
      'permanent',
      `Kata kunci pencarian terlalu panjang (maksimal ${MAX_QUERY_CHARS} karakter).`,
    );
  return normalized;
}

function searchLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return AUDIO_SEARCH_DEFAULT_LIMIT;
  return Math.min(AUDIO_SEARCH_MAX_LIMIT, Math.max(1, Math.floor(limit)));
}

/**
 * What yt-dlp is asked to read. The query stays text whatever it looks like (`--exec rm`): it
 * comes after `--`, inside `ytsearchN:` or URL-encoded into the template.
 */
export function searchTarget(query: string, limit: number, template?: string): string {
  if (template === undefined) return `ytsearch${limit}:${query}`;
  if (!template.includes('{query}'))
    throw new YtDlpError('permanent', 'Templat URL pencarian harus memuat {query}.');
  return template
    .replaceAll('{query}', encodeURIComponent(query))
    .replaceAll('{limit}', String(limit));
}

function stringField(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function numberField(record: Record<string, unknown>, key: string): number | undefined {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function httpUrl(value: string | undefined): string | undefined {
  return value !== undefined && /^https?:\/\//i.test(value) ? value : undefined;
}

function durationString(record: Record<string, unknown>): string | null {
  const given = stringField(record, 'duration_string');
  if (given) return given;
  const duration = numberField(record, 'duration');
  return duration === undefined ? null : formatDurationString(duration);
}

/** One result, or undefined when it has no http(s) page to open (nothing else is offered). */
function toResult(record: Record<string, unknown>): AudioSearchResult | undefined {
  const webpageUrl =
    httpUrl(stringField(record, 'webpage_url')) ?? httpUrl(stringField(record, 'url'));
  if (!webpageUrl) return undefined;
  const id = stringField(record, 'id') ?? webpageUrl;
  return {
    id,
    title: stringField(record, 'title') ?? id,
    duration_string: durationString(record),
    uploader: stringField(record, 'uploader') ?? stringField(record, 'channel') ?? null,
    webpage_url: webpageUrl,
  };
}

/** The entries of a flat playlist (a search), or the one video a page turned out to be. */
export function toSearchResults(json: unknown, limit: number): AudioSearchResult[] {
  const root = asRecord(json);
  const entries = Array.isArray(root['entries']) ? root['entries'].map(asRecord) : [root];
  return entries
    .map(toResult)
    .filter((result) => result !== undefined)
    .slice(0, limit);
}

async function guard(url: string, args: LookupArgs): Promise<void> {
  try {
    await assertFetchableUrl(url, {
      allowPrivateNetwork: args.allowPrivateNetwork ?? false,
      resolveHost: args.resolveHost,
    });
  } catch (error) {
    if (error instanceof UrlNotAllowedError)
      throw new YtDlpError('permanent', error.message, { cause: error });
    const code = (error as NodeJS.ErrnoException).code;
    throw new YtDlpError(
      code === 'ENOTFOUND' ? 'permanent' : 'transient',
      `Nama host tidak dapat ditemukan: ${new URL(url).hostname}`,
      { cause: error },
    );
  }
}

function cancelledError(signal: AbortSignal): YtDlpError {
  return new YtDlpError('cancelled', 'Pencarian audio dibatalkan.', { cause: signal.reason });
}

/** yt-dlp with `-J`-style options on one target, in a fresh empty HOME; its JSON output parsed. */
async function runForJson(args: LookupArgs, options: string[], target: string): Promise<unknown> {
  const signal = args.signal ?? new AbortController().signal;
  if (signal.aborted) throw cancelledError(signal);
  const proxyUrl = await guardProxyUrl(args.allowPrivateNetwork ?? false, args.proxyUrl);
  const root = await mkdtemp(join(args.tempRoot ?? tmpdir(), 'scrapper-audio-lookup-'));
  try {
    const home = join(root, 'home');
    await mkdir(home, { mode: 0o700 });
    const chunks: string[] = [];
    let bytes = 0;
    const tooBig = new AbortController();
    // prettier-ignore
    const ytDlpArgs = [
      '--ignore-config', ...proxyArgs(proxyUrl), '--no-exec', '--no-cache-dir',
      '--socket-timeout', String(args.socketTimeoutSecs ?? DEFAULT_SOCKET_TIMEOUT_SECS),
      ...options, '--', target,
    ];
    const outcome = await runYtDlp({
      binary: args.binary ?? 'yt-dlp',
      args: ytDlpArgs,
      home,
      proxyUrl,
      signal: AbortSignal.any([signal, tooBig.signal]),
      killGraceMs: KILL_GRACE_MS,
      onStdoutLine: (line) => {
        bytes += line.length;
        if (bytes > SEARCH_STDOUT_MAX_BYTES) tooBig.abort();
        else chunks.push(line);
      },
    });
    if (signal.aborted) throw cancelledError(signal);
    if (tooBig.signal.aborted)
      throw new YtDlpError('permanent', 'Hasil pencarian dari yt-dlp terlalu besar.');
    if (outcome.exitCode === null)
      throw new YtDlpError(
        'transient',
        `yt-dlp dihentikan oleh sinyal ${outcome.signalCode ?? 'tak dikenal'}.`,
      );
    if (outcome.exitCode !== 0) throw classifyYtDlpFailure(outcome.exitCode, outcome.stderr);
    try {
      return JSON.parse(chunks.join('\n'));
    } catch (error) {
      throw new YtDlpError('permanent', 'yt-dlp mengembalikan informasi yang tidak dapat dibaca.', {
        cause: error,
      });
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/**
 * Searches for audio (YouTube through yt-dlp's `ytsearch`, or the `searchUrlTemplate` page):
 * metadata only, as a flat playlist; results without an http(s) page are dropped.
 */
export async function searchAudio(args: SearchAudioArgs): Promise<AudioSearchResult[]> {
  const query = normalizeQuery(args.query);
  const limit = searchLimit(args.limit);
  const target = searchTarget(query, limit, args.searchUrlTemplate);
  if (args.searchUrlTemplate !== undefined) await guard(target, args);
  const json = await runForJson(
    args,
    ['--flat-playlist', '-J', '--playlist-end', String(limit)],
    target,
  );
  return toSearchResults(json, limit);
}

function ytDlpFor(args: LookupArgs & { ffmpegLocation?: string }) {
  const options: YtDlpOptions = {
    binary: args.binary ?? 'yt-dlp',
    allowPrivateNetwork: args.allowPrivateNetwork ?? false,
    proxyUrl: args.proxyUrl,
    resolveHost: args.resolveHost,
    tempRoot: args.tempRoot,
    ffmpegLocation: args.ffmpegLocation,
    killGraceMs: KILL_GRACE_MS,
  };
  return createYtDlp(options);
}

/** Title, length, uploader and page of one audio or video URL (metadata only, no playlist). */
export async function getAudioInfo(args: GetAudioInfoArgs): Promise<AudioSearchResult> {
  const probe = await ytDlpFor(args).probe({
    url: args.url,
    socketTimeoutSecs: args.socketTimeoutSecs ?? DEFAULT_SOCKET_TIMEOUT_SECS,
    signal: args.signal,
  });
  const webpageUrl = httpUrl(probe.webpageUrl) ?? args.url;
  const id = probe.id !== '' ? probe.id : webpageUrl;
  return {
    id,
    title: probe.title ?? id,
    duration_string:
      probe.durationSecs === undefined ? null : formatDurationString(probe.durationSecs),
    uploader: probe.uploader ?? null,
    webpage_url: webpageUrl,
  };
}

/**
 * The best audio of one URL (no playlist) into `dir` as M4A (ffmpeg extracts it when the site
 * serves something else). Partial files never stay in `dir`; over `maxBytes` is an error.
 */
export async function downloadAudio(args: DownloadAudioArgs): Promise<{ path: string }> {
  const result = await ytDlpFor(args).download({
    url: args.url,
    outputDir: args.dir,
    format: formatForQuality('audio-only'),
    maxFilesizeBytes: args.maxBytes ?? DEFAULT_MAX_BYTES,
    socketTimeoutSecs: args.socketTimeoutSecs ?? DEFAULT_SOCKET_TIMEOUT_SECS,
    signal: args.signal,
  });
  return { path: result.filePath };
}
