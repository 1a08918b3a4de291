// Finding and fetching audio for remixes through the caller's yt-dlp (its program, guard proxy
// and URL guard): search and info read metadata only (nothing is downloaded), downloadAudio
// keeps the best audio of one video.
import { formatForQuality, YtDlpError, type YtDlp } from './yt-dlp/index.ts';
import { asRecord, numberField, stringField } from './yt-dlp/info.ts';

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
  /** Default 20. */
  socketTimeoutSecs?: number;
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
}

export const AUDIO_SEARCH_DEFAULT_LIMIT = 10;
export const AUDIO_SEARCH_MAX_LIMIT = 20;
const MAX_QUERY_CHARS = 200;
const DEFAULT_SOCKET_TIMEOUT_SECS = 20;
const DEFAULT_MAX_BYTES = 100_000_000;

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

/**
 * Searches for audio (YouTube through yt-dlp's `ytsearch`, or the `searchUrlTemplate` page):
 * metadata only, as a flat playlist; results without an http(s) page are dropped.
 */
export async function searchAudio(ytdlp: YtDlp, args: SearchAudioArgs): Promise<AudioSearchResult[]> {
  const query = normalizeQuery(args.query);
  const limit = searchLimit(args.limit);
  const json = await ytdlp.listFlat({
    target: searchTarget(query, limit, args.searchUrlTemplate),
    limit,
    socketTimeoutSecs: args.socketTimeoutSecs ?? DEFAULT_SOCKET_TIMEOUT_SECS,
    signal: args.signal,
  });
  return toSearchResults(json, limit);
}

/** Title, length, uploader and page of one audio or video URL (metadata only, no playlist). */
export async function getAudioInfo(ytdlp: YtDlp, args: GetAudioInfoArgs): Promise<AudioSearchResult> {
  const probe = await ytdlp.probe({
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
export async function downloadAudio(ytdlp: YtDlp, args: DownloadAudioArgs): Promise<{ path: string }> {
  const result = await ytdlp.download({
    url: args.url,
    outputDir: args.dir,
    format: formatForQuality('audio-only'),
    maxFilesizeBytes: args.maxBytes ?? DEFAULT_MAX_BYTES,
    socketTimeoutSecs: args.socketTimeoutSecs ?? DEFAULT_SOCKET_TIMEOUT_SECS,
    signal: args.signal,
  });
  return { path: result.filePath };
}
