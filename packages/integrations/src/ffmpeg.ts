import { rm } from 'node:fs/promises';
import { extname, isAbsolute, resolve } from 'node:path';
import { runProgram, type ProgramOutcome } from './run-program.ts';

export interface FfmpegOptions {
  /** FFMPEG_PATH, or `ffmpeg` on PATH. */
  ffmpeg: string;
  /** FFPROBE_PATH, or `ffprobe` on PATH. */
  ffprobe: string;
  /** Between SIGTERM and SIGKILL on cancel. Default 2000. */
  killGraceMs?: number;
}

export type FfmpegErrorKind = 'failed' | 'unsupported' | 'cancelled';

export class FfmpegError extends Error {
  override readonly name = 'FfmpegError';
  /** failed: the program failed (bad or broken file); unsupported: we refused the file name. */
  readonly kind: FfmpegErrorKind;

  constructor(kind: FfmpegErrorKind, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.kind = kind;
  }
}

export interface MediaStream {
  index: number;
  type: 'video' | 'audio' | 'subtitle' | 'data' | 'attachment' | 'unknown';
  codec: string | undefined;
  width: number | undefined;
  height: number | undefined;
  durationSecs: number | undefined;
  /** Frames a second (video streams: avg_frame_rate, else r_frame_rate). */
  fps: number | undefined;
}

export interface MediaProbe {
  durationSecs: number | undefined;
  sizeBytes: number | undefined;
  /** ffprobe's format name, e.g. `mov,mp4,m4a,3gp,3g2,mj2`. */
  formatName: string | undefined;
  /** Of the first video stream. */
  width: number | undefined;
  height: number | undefined;
  /** Of the first video stream. */
  fps: number | undefined;
  videoCodec: string | undefined;
  audioCodec: string | undefined;
  hasVideo: boolean;
  hasAudio: boolean;
  streams: MediaStream[];
}

export interface CutRequest {
  /** Absolute path of a media file. */
  input: string;
  /** Absolute path; the extension picks the container (mp4, m4v, m4a, mov, mkv). */
  output: string;
  maxDurationSecs: number;
  signal?: AbortSignal;
}

export interface CutResult {
  output: string;
  durationSecs: number | undefined;
  /** False when the streams were copied as they were (the usual case). */
  reencoded: boolean;
}

export interface Ffmpeg {
  probe(file: string, options?: { signal?: AbortSignal }): Promise<MediaProbe>;
  cut(request: CutRequest): Promise<CutResult>;
  /** The programs it runs, for the effects renderer (video-effects.ts), which builds its own graphs. */
  readonly programs: { ffmpeg: string; ffprobe: string };
}

// Inputs are files that came from the internet: ffmpeg must not guess their format (an "mp4" that
// is really an HLS playlist would make ffmpeg fetch URLs or read local files), so the demuxer is
// forced from the extension we chose, and only the file protocol is allowed.
const DEMUXERS: Record<string, string> = {
  mp4: 'mov',
  m4a: 'mov',
  m4v: 'mov',
  mov: 'mov',
  '3gp': 'mov',
  webm: 'matroska',
  mkv: 'matroska',
  mp3: 'mp3',
  aac: 'aac',
  ogg: 'ogg',
  opus: 'ogg',
  flac: 'flac',
  wav: 'wav',
  ts: 'mpegts',
};

// Containers that take H.264 + AAC, so a cut can always fall back on encoding to those.
const MUXERS: Record<string, string> = {
  mp4: 'mp4',
  m4v: 'mp4',
  m4a: 'ipod',
  mov: 'mov',
  mkv: 'matroska',
};

const PROTOCOLS = ['-protocol_whitelist', 'file,pipe'];
/** When a cut comes out longer than asked (odd timestamps), it is redone by re-encoding. */
const DURATION_SLACK_SECS = 0.25;

function extensionOf(path: string): string {
  return extname(path).slice(1).toLowerCase();
}

function absolutePath(path: string, what: string): string {
  if (!isAbsolute(path)) throw new FfmpegError('unsupported', `${what} harus berupa path absolut.`);
  return resolve(path);
}

function demuxerFor(path: string): string {
  const demuxer = DEMUXERS[extensionOf(path)];
  if (!demuxer)
    throw new FfmpegError(
      'unsupported',
      `Jenis file tidak didukung: ${extname(path) || '(tanpa ekstensi)'}`,
    );
  return demuxer;
}

function muxerFor(path: string): string {
  const muxer = MUXERS[extensionOf(path)];
  if (!muxer)
    throw new FfmpegError(
      'unsupported',
      `Jenis file keluaran tidak didukung: ${extname(path) || '(tanpa ekstensi)'}`,
    );
  return muxer;
}

function numberOf(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/** ffprobe's `30000/1001` as a number; `0/0` (unknown) as undefined. */
function frameRateOf(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const [num, den] = value.split('/').map(Number);
  if (num === undefined || !Number.isFinite(num) || num <= 0) return undefined;
  const rate = den === undefined ? num : den > 0 ? num / den : undefined;
  return rate !== undefined && Number.isFinite(rate) ? rate : undefined;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

const STREAM_TYPES: readonly MediaStream['type'][] = [
  'video',
  'audio',
  'subtitle',
  'data',
  'attachment',
];

function toProbe(json: unknown): MediaProbe {
  const root = recordOf(json);
  const format = recordOf(root['format']);
  const streams: MediaStream[] = (Array.isArray(root['streams']) ? root['streams'] : []).map(
    (entry, position) => {
      const stream = recordOf(entry);
      const type =
        STREAM_TYPES.find((candidate) => candidate === stream['codec_type']) ?? 'unknown';
      return {
        index: numberOf(stream['index']) ?? position,
        type,
        codec: stringOf(stream['codec_name']),
        width: numberOf(stream['width']),
        height: numberOf(stream['height']),
        durationSecs: numberOf(stream['duration']),
        fps: frameRateOf(stream['avg_frame_rate']) ?? frameRateOf(stream['r_frame_rate']),
      };
    },
  );
  // Cover art in an m4a/mp3 is a one-frame "video" stream: not a video.
  const pictures = new Set(
    (Array.isArray(root['streams']) ? root['streams'] : [])
      .map(recordOf)
      .filter((stream) => recordOf(stream['disposition'])['attached_pic'] === 1)
      .map((stream) => numberOf(stream['index'])),
  );
  const video = streams.find((stream) => stream.type === 'video' && !pictures.has(stream.index));
  const audio = streams.find((stream) => stream.type === 'audio');
  return {
    durationSecs: numberOf(format['duration']),
    sizeBytes: numberOf(format['size']),
    formatName: stringOf(format['format_name']),
    width: video?.width,
    height: video?.height,
    fps: video?.fps,
    videoCodec: video?.codec,
    audioCodec: audio?.codec,
    hasVideo: video !== undefined,
    hasAudio: audio !== undefined,
    streams,
  };
}

/** ffprobe's JSON answer is small; anything past this is not an answer worth parsing. */
const STDOUT_KEEP_CHARS = 4_000_000;

export function createFfmpeg(options: FfmpegOptions): Ffmpeg {
  const killGraceMs = options.killGraceMs ?? 2000;

  async function run(
    binary: string,
    args: string[],
    signal: AbortSignal | undefined,
  ): Promise<ProgramOutcome> {
    const cancelled = () => new FfmpegError('cancelled', 'Pemrosesan video dibatalkan.', { cause: signal?.reason });
    if (signal?.aborted) throw cancelled();
    let outcome: ProgramOutcome;
    try {
      outcome = await runProgram({ binary, args, signal, killGraceMs, collectStdoutChars: STDOUT_KEEP_CHARS, stderrKeepChars: 8000 });
    } catch (error) {
      throw new FfmpegError('failed', `${binary} tidak dapat dijalankan: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if (signal?.aborted) throw cancelled();
    return outcome;
  }


  function failure(program: string, outcome: ProgramOutcome): FfmpegError {
    // Killed from outside, "kode null" would tell the member nothing; the signal does.
    if (outcome.exitCode === null)
      return new FfmpegError('failed', `${program} dihentikan oleh sinyal ${outcome.signalCode ?? 'tak dikenal'}.`);
    const reason = outcome.stderr.trim().split('\n').at(-1) ?? '';
    return new FfmpegError(
      'failed',
      `${program} gagal (kode ${String(outcome.exitCode)}): ${reason}`,
    );
  }

  async function probe(
    file: string,
    probeOptions: { signal?: AbortSignal } = {},
  ): Promise<MediaProbe> {
    const input = absolutePath(file, 'File');
    // prettier-ignore
    const args = [
      '-v', 'error', ...PROTOCOLS, '-f', demuxerFor(input),
      '-show_format', '-show_streams', '-of', 'json', '-i', input,
    ];
    const outcome = await run(options.ffprobe, args, probeOptions.signal);
    if (outcome.exitCode !== 0) throw failure('ffprobe', outcome);
    try {
      return toProbe(JSON.parse(outcome.stdout));
    } catch (error) {
      throw new FfmpegError('failed', 'Keluaran ffprobe tidak dapat dibaca.', { cause: error });
    }
  }

  function cutArgs(
    input: string,
    output: string,
    maxDurationSecs: number,
    reencode: boolean,
  ): string[] {
    const muxer = muxerFor(output);
    const audioOnly = muxer === 'ipod';
    const video = reencode
      ? ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p']
      : ['-c:v', 'copy'];
    const audio = reencode ? ['-c:a', 'aac', '-b:a', '128k'] : ['-c:a', 'copy'];
    // prettier-ignore
    return [
      '-nostdin', '-hide_banner', '-loglevel', 'error', '-y',
      ...PROTOCOLS, '-f', demuxerFor(input), '-i', input,
      '-t', maxDurationSecs.toFixed(3),
      // The first video and audio only: subtitles, data and cover art rarely fit the target.
      ...(audioOnly ? ['-vn'] : ['-map', '0:v:0?', ...video]),
      '-map', '0:a:0?', ...audio, '-dn', '-sn',
      ...(muxer === 'matroska' ? [] : ['-movflags', '+faststart']),
      '-f', muxer, output,
    ];
  }

  async function cut(request: CutRequest): Promise<CutResult> {
    const input = absolutePath(request.input, 'File masukan');
    const output = absolutePath(request.output, 'File keluaran');
    if (input === output)
      throw new FfmpegError('unsupported', 'File keluaran harus berbeda dari file masukan.');
    if (!(request.maxDurationSecs > 0))
      throw new FfmpegError('unsupported', 'Durasi maksimum harus lebih dari 0.');
    muxerFor(output);
    demuxerFor(input);
    try {
      // Stream copy first: fast and lossless, and from the start of the file a cut needs no keyframe.
      const copied = await run(
        options.ffmpeg,
        cutArgs(input, output, request.maxDurationSecs, false),
        request.signal,
      );
      if (copied.exitCode === 0) {
        const result = await probe(output, { signal: request.signal });
        const duration = result.durationSecs;
        if (duration !== undefined && duration <= request.maxDurationSecs + DURATION_SLACK_SECS) {
          return { output, durationSecs: duration, reencoded: false };
        }
      }
      // The container refused the codecs, or the copy came out too long: encode.
      const encoded = await run(
        options.ffmpeg,
        cutArgs(input, output, request.maxDurationSecs, true),
        request.signal,
      );
      if (encoded.exitCode !== 0) throw failure('ffmpeg', encoded);
      const result = await probe(output, { signal: request.signal });
      return { output, durationSecs: result.durationSecs, reencoded: true };
    } catch (error) {
      await rm(output, { force: true });
      throw error;
    }
  }

  return { probe, cut, programs: { ffmpeg: options.ffmpeg, ffprobe: options.ffprobe } };
}
