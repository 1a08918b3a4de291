// yt-dlp as the worker uses it: download a video into a job folder, or probe its formats.
// The parts: format.ts (what is asked for), process.ts (how the program runs), errors.ts (what
// a failure means), info.ts (what yt-dlp says about the video), progress.ts (its progress lines).
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { netscapeCookieFile } from '../cookies.ts';
import { sharedGuardProxy } from '../guard-proxy.ts';
import { assertFetchableUrl, UrlNotAllowedError, type ResolveHost } from '../url-guard.ts';
import { pickBinary, runtimeArgsFor, type YtDlpBinary } from '../yt-dlp-manager/program.ts';
import { classifyYtDlpFailure, YtDlpError } from './errors.ts';
import { extractorOrderArgs, proxiedOnly, proxyArgs, type YtDlpFormat } from './format.ts';
import { asRecord, INFO_TEMPLATE, stringField, toInfo, toProbeResult, type ProbeResult, type YtDlpInfo } from './info.ts';
import { spawnYtDlp, type RunOutcome, type RunSpec } from './process.ts';
import { parseProgressLine, PROGRESS_TEMPLATE, type YtDlpProgress } from './progress.ts';

export { classifyYtDlpFailure, YtDlpError, ytDlpReason } from './errors.ts';
export { extractorOrderArgs, formatForQuality, proxiedOnly, type YtDlpFormat, type YtDlpQuality } from './format.ts';
export type { ProbeResult, YtDlpInfo } from './info.ts';
export type { RunOutcome } from './process.ts';
export type { YtDlpBinary } from '../yt-dlp-manager/program.ts';

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
  /** FETCH_ALLOW_PRIVATE_HOSTS, for the URL yt-dlp is given (the guard proxy takes the same list). */
  allowHosts?: readonly string[];
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

export interface DownloadResult {
  /** Absolute, inside outputDir. */
  filePath: string;
  ext: string;
  title: string | undefined;
  sizeBytes: number;
  info: YtDlpInfo;
}

export type ProbeRequest = CommonRequest;

/** A flat playlist read (a search): `ytsearchN:<query>` or an http(s) page, metadata only. */
export interface ListRequest {
  target: string;
  /** At most this many entries. */
  limit: number;
  socketTimeoutSecs: number;
  signal?: AbortSignal;
}

export interface YtDlp {
  download(request: DownloadRequest): Promise<DownloadResult>;
  probe(request: ProbeRequest): Promise<ProbeResult>;
  /** yt-dlp's `-J` answer for a flat playlist, as parsed JSON. */
  listFlat(request: ListRequest): Promise<unknown>;
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

const PROBE_STDOUT_MAX_BYTES = 32 * 1024 * 1024;
const LIST_STDOUT_MAX_BYTES = 8 * 1024 * 1024;
/** yt-dlp's own search prefix: the one target that is not a URL. */
const SEARCH_TARGET = /^ytsearch\d{1,2}:/;

/**
 * The guard proxy a run goes through: the one given, else (unless private networks are allowed)
 * the process's shared one. Undefined: no proxy (tests and the demo on 127.0.0.1).
 */
export async function guardProxyUrl(
  allowPrivateNetwork: boolean,
  proxyUrl: string | undefined,
  allowHosts: readonly string[] = [],
): Promise<string | undefined> {
  if (proxyUrl !== undefined) return proxyUrl;
  if (allowPrivateNetwork) return undefined;
  return (await sharedGuardProxy(allowHosts)).url;
}

/** yt-dlp reads `%` in file names (-o, --print-to-file) as template fields. */
function templateLiteral(path: string): string {
  return path.replaceAll('%', '%%');
}

/** A run of runYtDlp: the program may be picked per run (the managed copy may change). */
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
      return (await assertFetchableUrl(url, { allowPrivateNetwork, allowHosts: options.allowHosts, resolveHost: options.resolveHost })).href;
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
        await writeFile(cookieFile, netscapeCookieFile(cookiesText), { mode: 0o600, flag: 'wx' });
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
    const proxyUrl = await guardProxyUrl(allowPrivateNetwork, options.proxyUrl, options.allowHosts);
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

  /** One yt-dlp run whose stdout is a JSON answer (`-J`), in a fresh HOME; parsed. */
  async function runForJson(run: {
    args: (proxyUrl: string | undefined) => string[];
    target: string;
    cookiesText?: string;
    signal: AbortSignal;
    maxBytes: number;
    tooBig: string;
  }): Promise<unknown> {
    const proxyUrl = await guardProxyUrl(allowPrivateNetwork, options.proxyUrl, options.allowHosts);
    return withWorkDir(run.cookiesText, async ({ home, cookieArgs }) => {
      const chunks: string[] = [];
      let bytes = 0;
      const tooBig = new AbortController();
      const outcome = await runYtDlp({
        binary: options.binary,
        args: [...run.args(proxyUrl), '-J', ...cookieArgs, '--', run.target],
        home,
        proxyUrl,
        signal: AbortSignal.any([run.signal, tooBig.signal]),
        killGraceMs,
        onStdoutLine: (line) => {
          bytes += line.length;
          if (bytes > run.maxBytes) tooBig.abort();
          else chunks.push(line);
        },
      });
      if (run.signal.aborted) throw cancelledError(run.signal);
      if (tooBig.signal.aborted) throw new YtDlpError('permanent', run.tooBig);
      if (outcome.exitCode !== 0) throw failureOf(outcome);
      try {
        return JSON.parse(chunks.join('\n')) as unknown;
      } catch (error) {
        throw new YtDlpError('permanent', 'yt-dlp mengembalikan informasi yang tidak dapat dibaca.', { cause: error });
      }
    });
  }

  async function probe(request: ProbeRequest): Promise<ProbeResult> {
    const signal = request.signal ?? new AbortController().signal;
    if (signal.aborted) throw cancelledError(signal);
    const url = await guard(request.url);
    const json = await runForJson({
      args: (proxyUrl) => baseArgs(url, request.socketTimeoutSecs, proxyUrl),
      target: url,
      cookiesText: request.cookiesText,
      signal,
      maxBytes: PROBE_STDOUT_MAX_BYTES,
      tooBig: 'Informasi video dari yt-dlp terlalu besar.',
    });
    return toProbeResult(asRecord(json));
  }

  async function listFlat(request: ListRequest): Promise<unknown> {
    const signal = request.signal ?? new AbortController().signal;
    if (signal.aborted) throw cancelledError(signal);
    // The target stays text whatever it looks like (`--exec rm`): it comes after `--`; a page
    // meets the URL guard like any other.
    const target = SEARCH_TARGET.test(request.target) ? request.target : await guard(request.target);
    const limit = String(Math.max(1, Math.floor(request.limit)));
    // prettier-ignore
    return runForJson({
      args: (proxyUrl) => [
        '--ignore-config', ...proxyArgs(proxyUrl), '--no-exec', '--no-cache-dir',
        '--socket-timeout', String(request.socketTimeoutSecs), '--flat-playlist', '--playlist-end', limit,
      ],
      target,
      signal,
      maxBytes: LIST_STDOUT_MAX_BYTES,
      tooBig: 'Hasil pencarian dari yt-dlp terlalu besar.',
    });
  }

  return { download, probe, listFlat };
}
