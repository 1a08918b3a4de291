import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { GUARD_REFUSAL, sharedGuardProxy } from './guard-proxy.ts';
import { assertFetchableUrl, UrlNotAllowedError, type ResolveHost } from './url-guard.ts';
import { YtDlpError } from './yt-dlp-error.ts';
import { pickBinary, runtimeArgsFor, type YtDlpBinary } from './yt-dlp-manager/program.ts';
import { spawnYtDlp, type RunOutcome, type RunSpec } from './yt-dlp-process.ts';
import { parseProgressLine, PROGRESS_TEMPLATE, type YtDlpProgress } from './yt-dlp-progress.ts';

export { YtDlpError, type YtDlpErrorKind } from './yt-dlp-error.ts';
export type { RunOutcome } from './yt-dlp-process.ts';
export type { YtDlpBinary } from './yt-dlp-manager/program.ts';

/** The qualities members pick (contracts' QualitySchema). */
export type YtDlpQuality = 'best' | '1080p' | '720p' | 'audio-only';

/** How yt-dlp picks and packs the formats; build it with formatForQuality. */
export interface YtDlpFormat {
  /** `-f` */
  selector: string;
  /** `-S`, when the choice is a preference rather than a filter. */
  sort: string | undefined;
  /** `--merge-output-format` when video and audio come apart and ffmpeg joins them. */
  mergeOutputFormat: 'mp4' | undefined;
  /** `-x --audio-format`: keep the audio only, whatever was downloaded. */
  extractAudio: 'm4a' | undefined;
}

/**
 * `1080p` and `720p` sort by `res` (the smaller side of the picture, so a vertical 1080x1920
 * short counts as 1080p), preferring the largest at or under the cap and falling back on the
 * smallest above it: a filter such as `[height<=1080]` would push vertical videos down to 608x1080.
 * Video is merged into MP4 with ffmpeg when a site serves video and audio apart.
 */
export function formatForQuality(quality: YtDlpQuality): YtDlpFormat {
  switch (quality) {
    case 'best':
      return {
        selector: 'bv*+ba/b',
        sort: undefined,
        mergeOutputFormat: 'mp4',
        extractAudio: undefined,
      };
    case '1080p':
      return {
        selector: 'bv*+ba/b',
        sort: 'res:1080',
        mergeOutputFormat: 'mp4',
        extractAudio: undefined,
      };
    case '720p':
      return {
        selector: 'bv*+ba/b',
        sort: 'res:720',
        mergeOutputFormat: 'mp4',
        extractAudio: undefined,
      };
    case 'audio-only':
      // An audio-only format when there is one (m4a needs no re-encoding), else the muxed file;
      // -x then drops any video so the result never carries a video stream.
      return {
        selector: 'ba[ext=m4a]/ba/b',
        sort: undefined,
        mergeOutputFormat: undefined,
        extractAudio: 'm4a',
      };
  }
}

// Phrases of yt-dlp's extractors when a platform wants a login or a bot check: YouTube's "Sign in
// to confirm you're not a bot", Instagram's "rate-limit reached or login required", Douyin's
// "Fresh cookies ... are needed", and the "Use --cookies" hint many extractors append.
const NEEDS_COOKIES: readonly RegExp[] = [
  /--cookies/i,
  /\bcookies?\b[^.]*\b(needed|required|expired|invalid)\b/i,
  /\blog(?:ged)?[ -]?in\b|\bsign[ -]?in\b/i,
  /not a (?:ro)?bot|bot[ -]check|captcha|confirm you.?re not/i,
  /registered users|members[ -]only|confirm your age/i,
  /HTTP Error 401/i,
  // The platform refused the page itself (not a media URL): a login or bot wall.
  /Unable to download (?:webpage|JSON metadata|API JSON|API page)[^:]*: HTTP Error 403/i,
];

const TRANSIENT: readonly RegExp[] = [
  /HTTP Error (?:5\d\d|408|429)\b/i,
  /timed? ?out/i,
  /connection (?:reset|refused|aborted)|remote end closed|broken pipe|incomplete ?read|EOF occurred/i,
  /temporary failure in name resolution|network is unreachable|no route to host|EAI_AGAIN/i,
  /try again later|giving up after \d+ (?:fragment )?retries/i,
  // After --fragment-retries: a CDN hiccup far more often than a fragment that is truly gone.
  /fragment \d+ not found, unable to continue/i,
  // A media URL (signed, short-lived) refused after a good extraction: a fresh try re-extracts it.
  /unable to download video data: HTTP Error 403/i,
];

// yt-dlp's own words when its extractor no longer fits the site (the site changed, a newer
// yt-dlp follows it): the bug-report tail it appends to unexpected extractor errors ("please
// report this issue ... Confirm you are on the latest version using yt-dlp -U"; network errors
// never carry it), "Unable to extract <field>", a lost signature or n-challenge, and its own "too
// old" notices. Matched on the whole last ERROR line. "Unsupported URL" is none of these: it is
// the input's fault whatever the version.
const OUTDATED: readonly RegExp[] = [
  /please report this issue on\b/i,
  /latest version using\s+yt-dlp\s+-U\b/i,
  /\bUnable to extract\b/i,
  /\b(?:nsig|signature|sig|n challenge)\b[^.]*\b(?:extraction|solving|decryption) failed\b/i,
  /\b(?:this )?(?:version of )?yt-dlp\b[^.]*\b(?:is )?(?:too old|outdated|no longer supported)\b/i,
  /\bupdate (?:to (?:the )?(?:latest|newest) (?:version of )?)?yt-dlp\b/i,
];
// "Requested format is not available" is the input's fault (an admin's preview format), unless
// yt-dlp said on the way that formats went missing for want of a JS runtime or a solved
// challenge (YouTube since 2025.11): then only a newer yt-dlp with a runtime helps.
const FORMAT_MISSING = /Requested format is not available/i;
// The site answered with an HTTP error or could not be reached: older yt-dlp appends the
// bug-report tail to these too, but they are the site's answer, classified by the rules above.
const SITE_ANSWER = /HTTP Error \d{3}|<HTTPError|urlopen error|\[Errno -?\d+\]|Unable to download (?:webpage|JSON metadata|API JSON|API page|video data)/i;
const FORMATS_LOST = /JavaScript runtime|JS runtime|--js-runtimes|challenge solv|(?:nsig|signature) extraction failed|formats (?:may be|are) missing/i;

function stderrLines(stderr: string): string[] {
  return stderr.split(/\r?\n|\r/).map((line) => line.trim());
}

/** yt-dlp's last `ERROR:` line as printed, else its last line that is not a warning. */
function lastErrorLine(stderr: string): string | undefined {
  const lines = stderrLines(stderr);
  const errors = lines.filter((line) => line.startsWith('ERROR:'));
  return errors.at(-1) ?? lines.filter((line) => line !== '' && !line.startsWith('WARNING:')).at(-1);
}

/** True when the failure is yt-dlp's extractor being out of date (see OUTDATED). */
export function isOutdatedFailure(stderr: string): boolean {
  const last = lastErrorLine(stderr);
  if (last === undefined) return false;
  if (/\bUnsupported URL\b/i.test(last) || SITE_ANSWER.test(last)) return false;
  if (OUTDATED.some((pattern) => pattern.test(last))) return true;
  return FORMAT_MISSING.test(last) && stderrLines(stderr).some((line) => line.startsWith('WARNING:') && FORMATS_LOST.test(line));
}

/** The reason of yt-dlp's last `ERROR:` line, without the extractor prefix and bug-report tail. */
export function ytDlpReason(stderr: string): string | undefined {
  const last = lastErrorLine(stderr);
  if (!last) return undefined;
  const reason = last
    .replace(/^ERROR:\s*/, '')
    .replace(/^\[[\w:.-]+\]\s+(?:[^:\s]+:\s+)?/, '')
    .replace(/;\s*please report this issue.*$/i, '')
    .replace(/\s*\(caused by .*\)\s*$/i, '')
    .trim();
  return reason === '' ? undefined : reason;
}

// The guard proxy's refusal as yt-dlp repeats it: `HTTP Error 403: Blocked by URL guard: <host>
// (<address>) is <kind>` for http, `Tunnel connection failed: 403 Blocked by ...` for https.
const GUARD_REFUSED = new RegExp(
  `${GUARD_REFUSAL}: ([^\\s()'"<>]+)(?: \\(([^\\s()'"<>]+)\\))? is ([a-z-]+)`,
);

/**
 * A URL yt-dlp was led to (a redirect, a playlist, a media URL) that the guard proxy refused, in
 * url-guard's words; undefined when the run did not end on a refusal.
 */
export function guardRefusalMessage(stderr: string): string | undefined {
  const match = GUARD_REFUSED.exec(stderr);
  if (!match) {
    if (!stderr.includes(GUARD_REFUSAL)) return undefined;
    return 'yt-dlp diarahkan ke URL yang tidak diizinkan penjaga URL.';
  }
  const [, host = '', address, kind = ''] = match;
  const where = address === undefined ? `Alamat ${host}` : `Host ${host} (${address})`;
  return (
    `yt-dlp diarahkan ke alamat yang tidak diizinkan: ${where} berada di jaringan lokal atau ` +
    `privat (${kind}); unduhan ke alamat seperti itu tidak diizinkan.`
  );
}

/** Turns a failed run into our error kinds (exit 2 is a bad option: our bug, never retried). */
export function classifyYtDlpFailure(exitCode: number, stderr: string): YtDlpError {
  const reason = ytDlpReason(stderr) ?? `yt-dlp berhenti dengan kode ${exitCode}.`;
  if (exitCode === 2)
    return new YtDlpError('permanent', `yt-dlp menolak opsinya: ${reason}`, { exitCode });
  // Before the 403 patterns below: a refused address is neither a login wall nor worth a retry.
  const refused = guardRefusalMessage(stderr);
  if (refused !== undefined) return new YtDlpError('permanent', refused, { exitCode });
  if (NEEDS_COOKIES.some((pattern) => pattern.test(reason))) {
    return new YtDlpError('needs-cookies', reason, { exitCode });
  }
  if (TRANSIENT.some((pattern) => pattern.test(reason)))
    return new YtDlpError('transient', reason, { exitCode });
  if (isOutdatedFailure(stderr)) return new YtDlpError('outdated', reason, { exitCode });
  return new YtDlpError('permanent', reason, { exitCode });
}

export interface YtDlpOptions {
  /**
   * The yt-dlp program: a path or a name on PATH, or a function asked before every run (the
   * worker's pinned > managed > PATH choice, so an update is used without a restart).
   */
  binary: YtDlpBinary;
  /**
   * ffmpeg for merging and audio extraction (FFMPEG_PATH); ffprobe is looked for beside it. A bare
   * name (`ffmpeg`) is left to yt-dlp's own PATH search: `--ffmpeg-location` takes paths only.
   */
  ffmpegLocation?: string;
  /** ALLOW_PRIVATE_NETWORK_FETCH. Default false: loopback and private hosts are refused. */
  allowPrivateNetwork?: boolean;
  /**
   * The guard proxy (guard-proxy.ts) that all of yt-dlp's requests go through, so redirects and
   * media URLs meet the URL guard too. When given it is always used. When not given and private
   * networks are not allowed, the process's shared guard proxy is used.
   */
  proxyUrl?: string;
  /** For tests: how host names resolve for the URL guard. */
  resolveHost?: ResolveHost;
  /** Where the per-run HOME and cookie file live. Default: the OS temp folder. */
  tempRoot?: string;
  /** Between SIGTERM and SIGKILL on cancel. Default 3000. */
  killGraceMs?: number;
}

interface CommonRequest {
  url: string;
  socketTimeoutSecs: number;
  /** Netscape cookies.txt text; written to a 0600 file for this run only. */
  cookiesText?: string;
  signal?: AbortSignal;
}

export interface DownloadProgress extends YtDlpProgress {
  /**
   * 0-100 over every part of a merged download (parts weigh the same), never decreasing;
   * undefined until something tells the size.
   */
  overallPercent: number | undefined;
}

export interface DownloadRequest extends CommonRequest {
  /** The job folder (absolute); the file lands here as `<id>.<ext>`, partial files never do. */
  outputDir: string;
  format: YtDlpFormat;
  maxFilesizeBytes: number;
  onProgress?: (progress: DownloadProgress) => void;
}

/** What yt-dlp said about the downloaded video. */
export interface YtDlpInfo {
  id: string;
  title: string | undefined;
  ext: string;
  durationSecs: number | undefined;
  width: number | undefined;
  height: number | undefined;
  /** e.g. `1200+aud-English` for a merge. */
  formatId: string | undefined;
  vcodec: string | undefined;
  acodec: string | undefined;
  uploader: string | undefined;
  extractor: string | undefined;
  webpageUrl: string | undefined;
}

export interface DownloadResult {
  /** Absolute, inside outputDir. */
  filePath: string;
  ext: string;
  title: string | undefined;
  sizeBytes: number;
  info: YtDlpInfo;
}

export type ProbeRequest = CommonRequest;

export interface ProbeFormat {
  formatId: string;
  ext: string | undefined;
  width: number | undefined;
  height: number | undefined;
  vcodec: string | undefined;
  acodec: string | undefined;
  /** Exact or approximate bytes, when known. */
  filesize: number | undefined;
  /** kbit/s */
  tbr: number | undefined;
  protocol: string | undefined;
}

export interface ProbeResult {
  id: string;
  title: string | undefined;
  durationSecs: number | undefined;
  uploader: string | undefined;
  extractor: string | undefined;
  webpageUrl: string | undefined;
  formats: ProbeFormat[];
}

export interface YtDlp {
  download(request: DownloadRequest): Promise<DownloadResult>;
  probe(request: ProbeRequest): Promise<ProbeResult>;
}

/** Containers we keep: anything else a site names (`.exe`, `.html`) is refused and deleted. */
const MEDIA_EXTENSIONS = new Set([
  'mp4',
  'm4a',
  'm4v',
  'mov',
  'webm',
  'mkv',
  'mp3',
  'aac',
  'opus',
  'ogg',
  'flac',
  'wav',
  '3gp',
]);

const INFO_TEMPLATE =
  '%(.{id,title,ext,filepath,duration,width,height,format_id,vcodec,acodec,uploader,extractor_key,webpage_url})j';

const PROBE_STDOUT_MAX_BYTES = 32 * 1024 * 1024;

/**
 * The guard proxy a run goes through: the one given, else (unless private networks are allowed)
 * the process's shared one. Undefined: no proxy (tests and the demo on 127.0.0.1).
 */
export async function guardProxyUrl(
  allowPrivateNetwork: boolean,
  proxyUrl: string | undefined,
): Promise<string | undefined> {
  if (proxyUrl !== undefined) return proxyUrl;
  if (allowPrivateNetwork) return undefined;
  return (await sharedGuardProxy()).url;
}

// Protocols whose every byte goes through the proxy: yt-dlp's own HTTP (direct files, native HLS
// and DASH fragments, f4m, ism) and ffmpeg's HLS (it honours http_proxy). RTMP, RTSP, MMS and
// websockets would connect straight to their host, so such formats are never picked.
const PROXIED_PROTOCOLS = '^(https?|m3u8(_native)?|http_dash_segments(_generator)?|f4m|ism)$';

/**
 * True when every `(` of a selector is closed in order (quoted filter values aside): a `)` too
 * many would close our group early and leave an alternative outside the protocol filter
 * (`best)/(worst` -> `(best)/(worst)[protocol...]`, where `best` may be RTMP straight to its host).
 */
function hasBalancedGroups(selector: string): boolean {
  let depth = 0;
  let quote: string | undefined;
  for (const char of selector) {
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '(') depth++;
    else if (char === ')' && --depth < 0) return false;
  }
  return depth === 0 && quote === undefined;
}

/**
 * A format selector limited to proxied protocols: the filter on the group applies to every
 * format the inner selector may choose, merges included. The selector (an admin's preview
 * format) must not be able to close the group: unbalanced ones are refused.
 */
export function proxiedOnly(selector: string): string {
  if (!hasBalancedGroups(selector)) {
    throw new YtDlpError('permanent', `Format yt-dlp tidak valid (tanda kurung tidak seimbang): ${selector}`);
  }
  return `(${selector})[protocol~='${PROXIED_PROTOCOLS}']`;
}

// yt-dlp tries its ~1,800 extractors in a fixed order until one claims the URL, compiling each
// one's URL pattern on the way: for a TikTok page or a direct file (the generic extractor comes
// last) that is half of the CPU a short download costs. The platforms we know go first.
const PLATFORM_EXTRACTORS: ReadonlyArray<readonly [host: RegExp, extractors: string]> = [
  [/(^|\.)tiktok\.com$/, 'tiktok.*,vm\\.tiktok'],
  [/(^|\.)(iesdouyin|douyin)\.com$/, 'douyin'],
  [/(^|\.)(youtube\.com|youtu\.be|youtube-nocookie\.com)$/, 'youtube.*'],
  [/(^|\.)instagram\.com$/, 'instagram.*'],
  [/(^|\.)(facebook\.com|fb\.watch|fb\.com)$/, 'facebook.*'],
];
const MEDIA_FILE_PATH = /\.(mp4|m4v|m4a|mov|webm|mkv|mp3|aac|ogg|opus|flac|wav|m3u8|mpd)$/i;

/**
 * `--use-extractors` that only reorders (`default` adds every other extractor after the named
 * ones, so nothing is ever left out): a known platform's own extractors first, and the generic
 * one first for a direct media file on any other host. Other URLs keep yt-dlp's order.
 */
export function extractorOrderArgs(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const host = parsed.hostname.toLowerCase();
  const platform = PLATFORM_EXTRACTORS.find(([pattern]) => pattern.test(host));
  if (platform) return ['--use-extractors', `${platform[1]},default`];
  if (MEDIA_FILE_PATH.test(parsed.pathname)) return ['--use-extractors', 'generic,default'];
  return [];
}

/** yt-dlp options that send every request of a run through the guard proxy. */
export function proxyArgs(proxyUrl: string | undefined): string[] {
  return proxyUrl === undefined ? [] : ['--proxy', proxyUrl];
}

/** yt-dlp reads `%` in file names (-o, --print-to-file) as template fields. */
function templateLiteral(path: string): string {
  return path.replaceAll('%', '%%');
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

function toInfo(record: Record<string, unknown>, ext: string): YtDlpInfo {
  return {
    id: stringField(record, 'id') ?? '',
    title: stringField(record, 'title'),
    ext,
    durationSecs: numberField(record, 'duration'),
    width: numberField(record, 'width'),
    height: numberField(record, 'height'),
    formatId: stringField(record, 'format_id'),
    vcodec: stringField(record, 'vcodec'),
    acodec: stringField(record, 'acodec'),
    uploader: stringField(record, 'uploader'),
    extractor: stringField(record, 'extractor_key') ?? stringField(record, 'extractor'),
    webpageUrl: stringField(record, 'webpage_url'),
  };
}

function toProbeResult(record: Record<string, unknown>): ProbeResult {
  const formats = Array.isArray(record['formats']) ? record['formats'] : [];
  return {
    id: stringField(record, 'id') ?? '',
    title: stringField(record, 'title'),
    durationSecs: numberField(record, 'duration'),
    uploader: stringField(record, 'uploader'),
    extractor: stringField(record, 'extractor_key') ?? stringField(record, 'extractor'),
    webpageUrl: stringField(record, 'webpage_url'),
    // Only what choosing needs: the raw formats carry request headers, with cookies in them.
    formats: formats.map((entry) => {
      const format = asRecord(entry);
      return {
        formatId: stringField(format, 'format_id') ?? '',
        ext: stringField(format, 'ext'),
        width: numberField(format, 'width'),
        height: numberField(format, 'height'),
        vcodec: stringField(format, 'vcodec'),
        acodec: stringField(format, 'acodec'),
        filesize: numberField(format, 'filesize') ?? numberField(format, 'filesize_approx'),
        tbr: numberField(format, 'tbr'),
        protocol: stringField(format, 'protocol'),
      };
    }),
  };
}

/** yt-dlp refuses a cookie file without the Netscape header line; pasted text often lacks it. */
function netscapeCookies(text: string): string {
  const normalized = text.replace(/\r\n?/g, '\n');
  const firstLine = normalized.trimStart().split('\n', 1)[0] ?? '';
  const hasHeader = /^#( Netscape)? HTTP Cookie File/.test(firstLine);
  const body = normalized.endsWith('\n') ? normalized : `${normalized}\n`;
  return hasHeader ? body : `# Netscape HTTP Cookie File\n${body}`;
}

/** A run of yt-dlp.ts#runYtDlp: the program may be picked per run (the managed copy may change). */
export interface YtDlpRunSpec extends Omit<RunSpec, 'binary'> {
  binary: YtDlpBinary;
}

/**
 * Every adapter's way to run yt-dlp: picks the program now (a swapped-in update is used at once)
 * and starts the arguments with `--js-runtimes node:<this Node>` when that program's version
 * knows the option (2025.11.12 and later; older ones would stop with "no such option").
 */
export async function runYtDlp(spec: YtDlpRunSpec): Promise<RunOutcome> {
  const binary = await pickBinary(spec.binary);
  const runtime = await runtimeArgsFor(binary);
  return spawnYtDlp({ ...spec, binary, args: [...runtime, ...spec.args] });
}

function cancelledError(signal: AbortSignal): YtDlpError {
  return new YtDlpError('cancelled', 'Unduhan dibatalkan.', { cause: signal.reason });
}

function failureOf(outcome: RunOutcome): YtDlpError {
  if (outcome.exitCode === null) {
    // Killed by someone else (the OOM killer, an operator): worth another try.
    return new YtDlpError(
      'transient',
      `yt-dlp dihentikan oleh sinyal ${outcome.signalCode ?? 'tak dikenal'}.`,
    );
  }
  return classifyYtDlpFailure(outcome.exitCode, outcome.stderr);
}

/** Every name in a folder, or none when it does not exist yet. */
async function listNames(dir: string): Promise<Set<string>> {
  try {
    return new Set(await readdir(dir));
  } catch {
    return new Set();
  }
}

export function createYtDlp(options: YtDlpOptions): YtDlp {
  const killGraceMs = options.killGraceMs ?? 3000;
  const allowPrivateNetwork = options.allowPrivateNetwork ?? false;

  /**
   * The URL as the guard parsed and judged it (WHATWG `href`): that, not the caller's spelling, is
   * what yt-dlp gets, so a raw NUL, tab or newline (which would break spawn or be read otherwise
   * by Python) never reaches it.
   */
  async function guard(url: string): Promise<string> {
    try {
      return (await assertFetchableUrl(url, { allowPrivateNetwork, resolveHost: options.resolveHost })).href;
    } catch (error) {
      if (error instanceof UrlNotAllowedError)
        throw new YtDlpError('permanent', error.message, { cause: error });
      const code = (error as NodeJS.ErrnoException).code;
      const message = `Nama host tidak dapat ditemukan: ${new URL(url).hostname}`;
      throw new YtDlpError(code === 'ENOTFOUND' ? 'permanent' : 'transient', message, {
        cause: error,
      });
    }
  }

  /** A fresh, empty HOME (also the working directory) and the cookie file, removed afterwards. */
  async function withWorkDir<T>(
    cookiesText: string | undefined,
    run: (workDir: { home: string; cookieArgs: string[]; root: string }) => Promise<T>,
  ): Promise<T> {
    const root = await mkdtemp(join(options.tempRoot ?? tmpdir(), 'scrapper-yt-dlp-'));
    try {
      const home = join(root, 'home');
      await mkdir(home, { mode: 0o700 });
      const cookieArgs: string[] = [];
      if (cookiesText !== undefined && cookiesText.trim() !== '') {
        const cookieFile = join(root, 'cookies.txt');
        await writeFile(cookieFile, netscapeCookies(cookiesText), { mode: 0o600, flag: 'wx' });
        cookieArgs.push('--cookies', cookieFile);
      }
      return await run({ home, cookieArgs, root });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }

  function baseArgs(
    url: string,
    socketTimeoutSecs: number,
    proxyUrl: string | undefined,
  ): string[] {
    return [
      '--ignore-config',
      ...proxyArgs(proxyUrl),
      ...extractorOrderArgs(url),
      '--no-exec',
      '--no-playlist',
      '--no-cache-dir',
      '--socket-timeout',
      String(socketTimeoutSecs),
      ...(options.ffmpegLocation?.includes('/')
        ? ['--ffmpeg-location', options.ffmpegLocation]
        : []),
    ];
  }

  async function download(request: DownloadRequest): Promise<DownloadResult> {
    const signal = request.signal ?? new AbortController().signal;
    if (!isAbsolute(request.outputDir)) throw new Error('outputDir must be an absolute path');
    if (signal.aborted) throw cancelledError(signal);
    const url = await guard(request.url);
    const proxyUrl = await guardProxyUrl(allowPrivateNetwork, options.proxyUrl);
    const outputDir = resolve(request.outputDir);
    await mkdir(outputDir, { recursive: true });
    const before = await listNames(outputDir);
    // Partial files stay in a staging folder beside the output (same disk, so the final move is
    // a rename); yt-dlp moves the finished file out of it.
    const staging = await mkdtemp(join(outputDir, '.yt-dlp-'));

    let tooLarge = false;
    let sawSizeSkip = false;
    const partBytes = new Map<string, number>();
    const partOrder: string[] = [];
    let partCount: number | undefined;
    let overall: number | undefined;
    const overLimit = new AbortController();
    const runSignal = AbortSignal.any([signal, overLimit.signal]);

    const onStdoutLine = (line: string) => {
      const formats = /^\[info\] .*: Downloading \d+ format\(s\): (\S+)/.exec(line);
      if (formats?.[1]) partCount = formats[1].split('+').length;
      if (/File is larger than max-filesize/.test(line)) sawSizeSkip = true;
      const progress = parseProgressLine(line);
      if (!progress) return;
      const part = progress.formatId ?? '';
      if (!partBytes.has(part)) partOrder.push(part);
      partBytes.set(part, progress.downloadedBytes);
      // yt-dlp checks --max-filesize only against a Content-Length; HLS and chunked bodies are
      // counted here, across every part of a merge.
      const total = [...partBytes.values()].reduce((sum, bytes) => sum + bytes, 0);
      if (total > request.maxFilesizeBytes && !tooLarge) {
        tooLarge = true;
        overLimit.abort();
      }
      const parts = Math.max(partCount ?? 1, partOrder.length);
      const done = partOrder.indexOf(part);
      if (progress.percent !== undefined) {
        // HLS sizes are estimates that grow with each fragment: a bar must not run backwards.
        overall = Math.max(overall ?? 0, ((done + progress.percent / 100) / parts) * 100);
      }
      request.onProgress?.({ ...progress, overallPercent: overall });
    };

    let succeeded = false;
    try {
      return await withWorkDir(request.cookiesText, async ({ home, cookieArgs, root }) => {
        const resultFile = join(root, 'result.json');
        const { format } = request;
        const args = [
          ...baseArgs(url, request.socketTimeoutSecs, proxyUrl),
          '--newline',
          '--progress-template',
          PROGRESS_TEMPLATE,
          '--max-filesize',
          String(request.maxFilesizeBytes),
          '--retries',
          '3',
          '--fragment-retries',
          '3',
          // yt-dlp's default skips a fragment it cannot get, leaving a hole in the video.
          '--abort-on-unavailable-fragment',
          '--no-mtime',
          '--restrict-filenames',
          '--trim-filenames',
          '120',
          '--force-overwrites',
          '-f',
          proxyUrl === undefined ? format.selector : proxiedOnly(format.selector),
          ...(format.sort ? ['-S', format.sort] : []),
          ...(format.mergeOutputFormat ? ['--merge-output-format', format.mergeOutputFormat] : []),
          ...(format.extractAudio ? ['-x', '--audio-format', format.extractAudio] : []),
          '-P',
          `home:${outputDir}`,
          '-P',
          `temp:${staging}`,
          '-o',
          '%(id)s.%(ext)s',
          '--print-to-file',
          `after_move:${INFO_TEMPLATE}`,
          templateLiteral(resultFile),
          ...cookieArgs,
          '--',
          url,
        ];
        const outcome = await runYtDlp({
          binary: options.binary,
          args,
          home,
          proxyUrl,
          signal: runSignal,
          killGraceMs,
          onStdoutLine,
        });
        if (signal.aborted) throw cancelledError(signal);
        const limitMessage = `Ukuran file melebihi batas ${request.maxFilesizeBytes} byte.`;
        if (tooLarge) throw new YtDlpError('permanent', limitMessage);
        if (outcome.exitCode !== 0) throw failureOf(outcome);

        let printed: string;
        try {
          printed = await readFile(resultFile, 'utf8');
        } catch {
          if (sawSizeSkip) throw new YtDlpError('permanent', limitMessage, { exitCode: 0 });
          throw new YtDlpError('permanent', 'yt-dlp selesai tanpa menghasilkan file.', {
            exitCode: 0,
          });
        }
        const lastLine = printed.trim().split('\n').at(-1) ?? '';
        const record = asRecord(JSON.parse(lastLine));
        const filePath = resolve(stringField(record, 'filepath') ?? '');
        const inside = relative(outputDir, filePath);
        // A name may start with dots (yt-dlp writes an id of `../x` as `.._x`): only a path that
        // climbs out, or into a subfolder, is outside.
        if (inside === '' || inside === '..' || isAbsolute(inside) || inside.includes(sep)) {
          throw new YtDlpError('permanent', 'yt-dlp menulis file di luar folder tugas.');
        }
        const ext = extname(filePath).slice(1).toLowerCase();
        if (!MEDIA_EXTENSIONS.has(ext)) {
          throw new YtDlpError('permanent', `Jenis file hasil unduhan tidak didukung: .${ext}`);
        }
        const size = await stat(filePath).then(
          (stats) => stats.size,
          () => undefined,
        );
        if (size === undefined) {
          // Exit 0 with the formats left unmerged: yt-dlp only warns when it finds no ffmpeg.
          const noFfmpeg = /ffmpeg (?:is )?not (?:installed|found)/i.test(outcome.stderr);
          const message = noFfmpeg
            ? 'yt-dlp tidak menemukan ffmpeg untuk menggabungkan video dan audio.'
            : 'yt-dlp selesai tanpa menghasilkan file yang diharapkan.';
          throw new YtDlpError('permanent', message, { exitCode: 0 });
        }
        if (size > request.maxFilesizeBytes) throw new YtDlpError('permanent', limitMessage);
        const info = toInfo(record, ext);
        succeeded = true;
        return { filePath, ext, title: info.title, sizeBytes: size, info };
      });
    } finally {
      await rm(staging, { recursive: true, force: true });
      if (!succeeded) {
        // Whatever went wrong, leave the job folder as it was.
        for (const name of await listNames(outputDir)) {
          if (!before.has(name)) await rm(join(outputDir, name), { recursive: true, force: true });
        }
      }
    }
  }

  async function probe(request: ProbeRequest): Promise<ProbeResult> {
    const signal = request.signal ?? new AbortController().signal;
    if (signal.aborted) throw cancelledError(signal);
    const url = await guard(request.url);
    const proxyUrl = await guardProxyUrl(allowPrivateNetwork, options.proxyUrl);
    return withWorkDir(request.cookiesText, async ({ home, cookieArgs }) => {
      const chunks: string[] = [];
      let bytes = 0;
      const tooBig = new AbortController();
      const args = [
        ...baseArgs(url, request.socketTimeoutSecs, proxyUrl),
        '-J',
        ...cookieArgs,
        '--',
        url,
      ];
      const outcome = await runYtDlp({
        binary: options.binary,
        args,
        home,
        proxyUrl,
        signal: AbortSignal.any([signal, tooBig.signal]),
        killGraceMs,
        onStdoutLine: (line) => {
          bytes += line.length;
          if (bytes > PROBE_STDOUT_MAX_BYTES) tooBig.abort();
          else chunks.push(line);
        },
      });
      if (signal.aborted) throw cancelledError(signal);
      if (tooBig.signal.aborted)
        throw new YtDlpError('permanent', 'Informasi video dari yt-dlp terlalu besar.');
      if (outcome.exitCode !== 0) throw failureOf(outcome);
      try {
        return toProbeResult(asRecord(JSON.parse(chunks.join('\n'))));
      } catch (error) {
        throw new YtDlpError(
          'permanent',
          'yt-dlp mengembalikan informasi yang tidak dapat dibaca.',
          { cause: error },
        );
      }
    });
  }

  return { download, probe };
}
