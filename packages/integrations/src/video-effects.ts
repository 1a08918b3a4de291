// Video effects and audio remix for YouTube publishing: one ffmpeg run per render, H.264 + AAC in
// MP4 (faststart, yuv420p), argument arrays only. Inputs are job files that came from the internet,
// so every input is probed first (which forces its demuxer from the extension, see ffmpeg.ts) and
// read with the demuxer the probe used and only the file protocol.
import { rm } from 'node:fs/promises';
import { extname, isAbsolute, resolve } from 'node:path';
import { isVideoEffect, type VideoEffectName } from '@scrapper/contracts/rules/video-effects';
import { createFfmpeg, FfmpegError, type Ffmpeg, type MediaProbe } from './ffmpeg.ts';
import { runProgram, type ProgramOutcome } from './run-program.ts';

/** The effects this module draws: the contracts' list (rules/video-effects). */
export type VideoEffect = VideoEffectName;

export interface AudioRemix {
  /** Absolute path of the remix audio (e.g. from audio-lookup's downloadAudio). */
  audioPath: string;
  /** Where the remix starts inside its own file. */
  startSeconds: number;
  /** Where it ends inside its own file; null or 0: as much as the video needs. */
  endSeconds: number | null;
  /** 0..2 */
  remixVolume: number;
  /** 0..1, the video's own sound. */
  originalVolume: number;
}

/** Where ffmpeg and ffprobe are (FFMPEG_PATH / FFPROBE_PATH); default: on PATH. */
export interface FfmpegPrograms {
  ffmpeg?: string;
  ffprobe?: string;
}

export interface RenderVideoArgs extends FfmpegPrograms {
  /** Absolute path of the source video. */
  input: string;
  /** Absolute path ending in `.mp4`; removed again when the render fails or is cancelled. */
  output: string;
  effect: VideoEffect;
  remix?: AudioRemix | null;
  signal?: AbortSignal;
  /** 0..1 of the output duration, never decreasing; 1 once the file is complete. */
  onProgress?: (fraction: number) => void;
  /** Cut the output to this many seconds from the start. */
  maxSeconds?: number;
}

export interface RenderEffectPreviewArgs extends FfmpegPrograms {
  input: string;
  output: string;
  effect: VideoEffect;
  /** From the start of the video. Default 5. */
  seconds?: number;
  signal?: AbortSignal;
}

export interface MediaSummary {
  durationSeconds: number;
  hasVideo: boolean;
  hasAudio: boolean;
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
}

// Each chain takes and gives one video stream; the render appends the yuv420p conversion. Sizes
// are relative to the picture (boxblur radii from w/h, the glow halo at a quarter size), so a
// 480p preview looks like the 1080p render. Labels are prefixed: the chain lives in a bigger graph.
// Costs on a 60 s 720p clip (2 cores) drove the choices: avoid extra RGB round trips (vignette and
// noise run on YUV before curves), a static noise pattern (temporal noise makes x264 several
// times slower), and the glow blur on a quarter-size copy.
const SEPIA_MATRIX =
  'colorchannelmixer=rr=0.393:rg=0.769:rb=0.189:gr=0.349:gg=0.686:gb=0.168:br=0.272:bg=0.534:bb=0.131';
const FILTER_CHAINS: Record<VideoEffect, string | null> = {
  none: null,
  blur:
    "boxblur=luma_radius='min(w,h)/60':luma_power=2:" +
    "chroma_radius='min(cw,ch)/60':chroma_power=2",
  sepia: SEPIA_MATRIX,
  brightness: 'eq=brightness=0.15',
  contrast: 'eq=contrast=1.4',
  grayscale: 'hue=s=0',
  vintage: 'vignette=angle=PI/5:dither=0,noise=c0s=6:c0f=u,curves=preset=vintage',
  glow:
    'split[glow_base][glow_src];' +
    "[glow_src]scale=w='max(2,iw/4)':h='max(2,ih/4)'," +
    "boxblur=luma_radius='min(w,h)/20':luma_power=2:chroma_radius='min(cw,ch)/20'[glow_soft];" +
    '[glow_soft][glow_base]scale2ref[glow_halo][glow_ref];' +
    // Screen on the luma only; the chroma of the first input (the sharp picture) is kept.
    '[glow_ref][glow_halo]blend=c0_mode=screen:c0_opacity=0.6',
};

/** The ffmpeg video filter chain of an effect (usable as `-vf`), or null for `none`. */
export function effectFilterChain(effect: VideoEffect): string | null {
  return FILTER_CHAINS[effect];
}

const PROTOCOLS = ['-protocol_whitelist', 'file,pipe'];
const COMMON = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
// `veryfast` keeps effect + remix above 2x real time for 720p on two cores (bench/effects.ts).
const H264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-threads', '0'];
// For five seconds at 480p, veryfast costs little more than ultrafast and makes a file ~5x smaller.
const PREVIEW_H264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-threads', '0'];
const AAC = ['-c:a', 'aac', '-b:a', '160k'];
const MP4_OUT = ['-movflags', '+faststart', '-max_muxing_queue_size', '4096', '-f', 'mp4'];
// libx264 wants even sizes in 4:2:0; a no-op (no scaling) when they already are.
const EVEN_SIZE = 'scale=w=trunc(iw/2)*2:h=trunc(ih/2)*2';
// The shorter side at most 480 (vertical shorts too), never upscaled.
const PREVIEW_SIZE =
  "scale=w='trunc(iw*min(1,480/min(iw,ih))/2)*2':h='trunc(ih*min(1,480/min(iw,ih))/2)*2'";
const AUDIO_FORMAT = 'aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo';
const DEFAULT_PREVIEW_SECONDS = 5;
const STDERR_KEEP_CHARS = 8000;
const STDERR_REPORT_LINES = 3;

function unsupported(message: string): FfmpegError {
  return new FfmpegError('unsupported', message);
}

function cancelled(signal: AbortSignal): FfmpegError {
  return new FfmpegError('cancelled', 'Pemrosesan video dibatalkan.', { cause: signal.reason });
}

function absolutePath(path: string, what: string): string {
  if (!isAbsolute(path)) throw unsupported(`${what} harus berupa path absolut.`);
  return resolve(path);
}

function outputPath(path: string, input: string): string {
  const output = absolutePath(path, 'File keluaran');
  if (extname(output).toLowerCase() !== '.mp4')
    throw unsupported('File keluaran harus berakhiran .mp4.');
  if (output === input) throw unsupported('File keluaran harus berbeda dari file masukan.');
  return output;
}

function assertEffect(effect: unknown): asserts effect is VideoEffect {
  if (!isVideoEffect(effect)) throw unsupported(`Efek video tidak dikenal: ${String(effect)}`);
}

/** Seconds for an ffmpeg option: fixed notation (never `1e-7`), millisecond precision. */
function seconds(value: number): string {
  return value.toFixed(3);
}

// The probe forced the demuxer from the extension; its format name lists that demuxer first
// (`mov,mp4,m4a,...`, `matroska,webm`), so the render reads the file exactly as the probe did.
function demuxerOf(probe: MediaProbe): string {
  const demuxer = probe.formatName?.split(',')[0];
  if (!demuxer) throw new FfmpegError('failed', 'Format file tidak dapat ditentukan.');
  return demuxer;
}

function inputArgs(path: string, probe: MediaProbe, trim: string[] = []): string[] {
  return [...PROTOCOLS, ...trim, '-f', demuxerOf(probe), '-i', path];
}

/** The video's own length: its video stream, else the container's. */
function videoDuration(probe: MediaProbe): number | undefined {
  const stream = probe.streams.find((entry) => entry.type === 'video');
  const duration = stream?.durationSecs ?? probe.durationSecs;
  return duration !== undefined && duration > 0 ? duration : undefined;
}

interface RunOutcome {
  exitCode: number | null;
  /** Set when something outside (the OOM killer, an operator) killed the program. */
  signalCode: NodeJS.Signals | null;
  stderr: string;
}

async function run(
  binary: string,
  args: string[],
  options: { signal?: AbortSignal; onStdoutLine?: (line: string) => void },
): Promise<RunOutcome> {
  const { signal } = options;
  if (signal?.aborted) throw cancelled(signal);
  let outcome: ProgramOutcome;
  try {
    // The output is deleted after a cancel anyway: no point in letting ffmpeg finish the file.
    outcome = await runProgram({
      binary,
      args,
      signal,
      killGraceMs: 0,
      onStdoutLine: (line) => options.onStdoutLine?.(line),
      stderrKeepChars: STDERR_KEEP_CHARS,
    });
  } catch (error) {
    throw new FfmpegError('failed', `${binary} tidak dapat dijalankan: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (signal?.aborted) throw cancelled(signal);
  return { exitCode: outcome.exitCode, signalCode: outcome.signalCode, stderr: outcome.stderr };
}

function failure(program: string, outcome: RunOutcome): FfmpegError {
  // Killed from outside, "kode null" would tell the member nothing; the signal does.
  if (outcome.exitCode === null)
    return new FfmpegError('failed', `${program} dihentikan oleh sinyal ${outcome.signalCode ?? 'tak dikenal'}.`);
  const lines = outcome.stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const reason = lines.slice(-STDERR_REPORT_LINES).join(' | ');
  return new FfmpegError(
    'failed',
    `${program} gagal (kode ${String(outcome.exitCode)}): ${reason}`,
  );
}

/** Runs ffmpeg for `output`; whatever goes wrong, no partial output is left behind. */
async function renderTo(
  binary: string,
  args: string[],
  output: string,
  options: { signal?: AbortSignal; onStdoutLine?: (line: string) => void },
): Promise<void> {
  try {
    const outcome = await run(binary, args, options);
    if (outcome.exitCode !== 0) throw failure('ffmpeg', outcome);
  } catch (error) {
    await rm(output, { force: true });
    throw error;
  }
}

/** `-progress pipe:1` lines to a fraction of `durationSecs`, reported when it grows. */
function progressReader(
  durationSecs: number,
  onProgress: ((fraction: number) => void) | undefined,
): (line: string) => void {
  let last = 0;
  return (line) => {
    if (!onProgress) return;
    const match = /^out_time_us=(\d+)$/.exec(line);
    if (!match) return;
    const fraction = Math.min(1, Number(match[1]) / 1e6 / durationSecs);
    if (fraction > last) {
      last = fraction;
      onProgress(fraction);
    }
  };
}

function assertRemix(remix: AudioRemix): void {
  const finite = (value: number) => typeof value === 'number' && Number.isFinite(value);
  if (!finite(remix.startSeconds) || remix.startSeconds < 0)
    throw unsupported('Awal audio remix harus 0 detik atau lebih.');
  if (remix.endSeconds !== null && (!finite(remix.endSeconds) || remix.endSeconds < 0))
    throw unsupported('Akhir audio remix tidak valid.');
  if (remix.endSeconds && remix.endSeconds <= remix.startSeconds)
    throw unsupported('Akhir audio remix harus setelah awalnya.');
  if (!finite(remix.remixVolume) || remix.remixVolume < 0 || remix.remixVolume > 2)
    throw unsupported('Volume remix harus antara 0 dan 2.');
  if (!finite(remix.originalVolume) || remix.originalVolume < 0 || remix.originalVolume > 1)
    throw unsupported('Volume audio asli harus antara 0 dan 1.');
}

/**
 * The remix audio cut from its start to its end (or as long as the video), at its volume, mixed
 * with the original sound at its volume (or alone when the video is silent), padded or trimmed
 * to exactly `durationSecs`.
 */
function remixGraph(remix: AudioRemix, source: MediaProbe, durationSecs: number): string {
  const length = seconds(durationSecs);
  const fit = `apad=whole_dur=${length},atrim=end=${length}`;
  const remixed = `[1:a:0]${AUDIO_FORMAT},volume=${remix.remixVolume.toFixed(3)}`;
  if (!source.hasAudio) return `${remixed},${fit}[aout]`;
  return (
    `[0:a:0]${AUDIO_FORMAT},volume=${remix.originalVolume.toFixed(3)}[orig];` +
    `${remixed}[remix];` +
    // normalize=0: amix would otherwise halve both, and the volumes are the member's choice.
    `[orig][remix]amix=inputs=2:duration=longest:dropout_transition=0:normalize=0,${fit}[aout]`
  );
}

function remixInputTrim(remix: AudioRemix, durationSecs: number): string[] {
  const start = remix.startSeconds > 0 ? ['-ss', seconds(remix.startSeconds)] : [];
  const take = remix.endSeconds ? remix.endSeconds - remix.startSeconds : durationSecs;
  return [...start, '-t', seconds(Math.min(take, durationSecs))];
}

async function pixelFormat(
  ffprobe: string,
  input: string,
  demuxer: string,
  signal: AbortSignal | undefined,
): Promise<string | undefined> {
  // prettier-ignore
  const args = [
    '-v', 'error', ...PROTOCOLS, '-f', demuxer, '-select_streams', 'v:0',
    '-show_entries', 'stream=pix_fmt', '-of', 'default=noprint_wrappers=1:nokey=1', '-i', input,
  ];
  const lines: string[] = [];
  const outcome = await run(ffprobe, args, { signal, onStdoutLine: (line) => lines.push(line) });
  return outcome.exitCode === 0 ? lines[0]?.trim() : undefined;
}

/** H.264 (4:2:0) + AAC (or silent) in an MP4/MOV: copied as it is when nothing changes. */
async function canCopy(
  source: MediaProbe,
  input: string,
  ffprobe: string,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  const demuxer = demuxerOf(source);
  if (demuxer !== 'mov' || source.videoCodec !== 'h264') return false;
  if (source.hasAudio && source.audioCodec !== 'aac') return false;
  return (await pixelFormat(ffprobe, input, demuxer, signal)) === 'yuv420p';
}

interface RemixSource {
  remix: AudioRemix;
  path: string;
  probe: MediaProbe;
}

async function remixSource(
  remix: AudioRemix,
  output: string,
  prober: Ffmpeg,
  signal: AbortSignal | undefined,
): Promise<RemixSource> {
  const path = absolutePath(remix.audioPath, 'File audio remix');
  if (path === output) throw unsupported('File keluaran harus berbeda dari file audio remix.');
  const probe = await prober.probe(path, { signal });
  if (!probe.hasAudio) throw unsupported('File audio remix tidak berisi audio.');
  if (probe.durationSecs !== undefined && remix.startSeconds >= probe.durationSecs)
    throw unsupported('Awal audio remix melewati panjang audionya.');
  return { remix, path, probe };
}

interface RenderPlan {
  input: string;
  source: MediaProbe;
  output: string;
  effect: VideoEffect;
  remix: RemixSource | null;
  durationSecs: number;
  /** `-t` when the output is cut short of the source. */
  cut: string[];
}

const PROGRESS = ['-progress', 'pipe:1', '-nostats'];

function copyArgs(plan: RenderPlan): string[] {
  // prettier-ignore
  return [
    ...COMMON, ...PROGRESS, ...inputArgs(plan.input, plan.source),
    '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', ...plan.cut, ...MP4_OUT, plan.output,
  ];
}

function encodeArgs(plan: RenderPlan): string[] {
  const { source, remix } = plan;
  const chain = [effectFilterChain(plan.effect), EVEN_SIZE, 'format=yuv420p'];
  const video = `[0:v:0]${chain.filter(Boolean).join(',')}[vout]`;
  if (!remix) {
    // Without a remix an AAC track is copied as it is; other codecs are encoded to AAC.
    const audio = source.audioCodec === 'aac' ? ['-c:a', 'copy'] : AAC;
    // prettier-ignore
    return [
      ...COMMON, ...PROGRESS, ...inputArgs(plan.input, source),
      '-filter_complex', video, '-map', '[vout]', '-map', '0:a:0?', ...audio,
      ...H264, '-pix_fmt', 'yuv420p', ...plan.cut, '-dn', '-sn', ...MP4_OUT, plan.output,
    ];
  }
  const trim = remixInputTrim(remix.remix, plan.durationSecs);
  const graph = `${video};${remixGraph(remix.remix, source, plan.durationSecs)}`;
  // prettier-ignore
  return [
    ...COMMON, ...PROGRESS, ...inputArgs(plan.input, source),
    ...inputArgs(remix.path, remix.probe, trim),
    '-filter_complex', graph, '-map', '[vout]', '-map', '[aout]', ...AAC,
    ...H264, '-pix_fmt', 'yuv420p', ...plan.cut, '-dn', '-sn', ...MP4_OUT, plan.output,
  ];
}

/**
 * Renders `input` with an effect and an optional audio remix into an H.264 + AAC MP4. `none`
 * without a remix copies an H.264/AAC MP4 as it is (fast path). Throws FfmpegError: `unsupported`
 * for bad arguments, `failed` with ffmpeg's last error lines, `cancelled` when `signal` aborts
 * (ffmpeg is killed and the partial output removed).
 */
export async function renderVideo(args: RenderVideoArgs): Promise<{ durationSeconds: number }> {
  const input = absolutePath(args.input, 'File masukan');
  const output = outputPath(args.output, input);
  assertEffect(args.effect);
  if (args.remix) assertRemix(args.remix);
  if (args.maxSeconds !== undefined && !(args.maxSeconds > 0))
    throw unsupported('Durasi maksimum harus lebih dari 0.');
  const { signal } = args;
  if (signal?.aborted) throw cancelled(signal);

  const ffmpeg = args.ffmpeg ?? 'ffmpeg';
  const ffprobe = args.ffprobe ?? 'ffprobe';
  const prober = createFfmpeg({ ffmpeg, ffprobe });
  const source = await prober.probe(input, { signal });
  const sourceDuration = videoDuration(source);
  if (!source.hasVideo || sourceDuration === undefined)
    throw unsupported('File masukan tidak berisi video.');
  const remix = args.remix ? await remixSource(args.remix, output, prober, signal) : null;
  const durationSecs = Math.min(sourceDuration, args.maxSeconds ?? Infinity);
  const cut = durationSecs < sourceDuration ? ['-t', seconds(durationSecs)] : [];
  const plan: RenderPlan = { input, source, output, effect: args.effect, remix, durationSecs, cut };

  const copy = args.effect === 'none' && !remix && (await canCopy(source, input, ffprobe, signal));
  await renderTo(ffmpeg, copy ? copyArgs(plan) : encodeArgs(plan), output, {
    signal,
    onStdoutLine: progressReader(durationSecs, args.onProgress),
  });
  try {
    const durationSeconds = videoDuration(await prober.probe(output, { signal }));
    if (durationSeconds === undefined)
      throw new FfmpegError('failed', 'Hasil render tidak berisi video.');
    args.onProgress?.(1);
    return { durationSeconds };
  } catch (error) {
    await rm(output, { force: true });
    throw error;
  }
}

/**
 * A short, small preview of an effect: the first `seconds` (default 5), the shorter side at most
 * 480 px, encoded for speed, MP4 faststart. The effect runs after the downscale (its sizes are
 * relative), so the preview looks like the full render.
 */
export async function renderEffectPreview(args: RenderEffectPreviewArgs): Promise<void> {
  const input = absolutePath(args.input, 'File masukan');
  const output = outputPath(args.output, input);
  assertEffect(args.effect);
  const previewSeconds = args.seconds ?? DEFAULT_PREVIEW_SECONDS;
  if (!(previewSeconds > 0)) throw unsupported('Durasi pratinjau harus lebih dari 0.');
  if (args.signal?.aborted) throw cancelled(args.signal);

  const ffmpeg = args.ffmpeg ?? 'ffmpeg';
  const prober = createFfmpeg({ ffmpeg, ffprobe: args.ffprobe ?? 'ffprobe' });
  const source = await prober.probe(input, { signal: args.signal });
  if (!source.hasVideo) throw unsupported('File masukan tidak berisi video.');
  const chain = effectFilterChain(args.effect);
  const video = [PREVIEW_SIZE, chain, EVEN_SIZE, 'format=yuv420p'].filter(Boolean).join(',');
  const length = seconds(previewSeconds);
  // prettier-ignore
  const ffmpegArgs = [
    ...COMMON, ...inputArgs(input, source, ['-t', length]),
    '-filter_complex', `[0:v:0]${video}[vout]`, '-map', '[vout]', '-map', '0:a:0?',
    ...PREVIEW_H264, '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-ac', '1',
    '-t', length, '-dn', '-sn', ...MP4_OUT, output,
  ];
  await renderTo(ffmpeg, ffmpegArgs, output, { signal: args.signal });
}

/** Duration, streams, size and codecs of a media file (absolute path, known extension). */
export async function probeMedia(
  path: string,
  options: { ffprobe?: string; signal?: AbortSignal } = {},
): Promise<MediaSummary> {
  const prober = createFfmpeg({ ffmpeg: 'ffmpeg', ffprobe: options.ffprobe ?? 'ffprobe' });
  const probe = await prober.probe(path, { signal: options.signal });
  const durationSeconds =
    probe.durationSecs ?? Math.max(0, ...probe.streams.map((stream) => stream.durationSecs ?? 0));
  return {
    durationSeconds,
    hasVideo: probe.hasVideo,
    hasAudio: probe.hasAudio,
    width: probe.width ?? null,
    height: probe.height ?? null,
    videoCodec: probe.videoCodec ?? null,
    audioCodec: probe.audioCodec ?? null,
  };
}
