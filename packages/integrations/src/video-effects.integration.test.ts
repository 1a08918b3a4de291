// The real ffmpeg and ffprobe on clips made here (integrations may not use testkit's server).
// Effects are checked on decoded frames (raw RGB), remixes on the loudness of time windows.
import { execFile } from 'node:child_process';
import { access, chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_EFFECTS } from '@scrapper/contracts/rules/video-effects';
import { FfmpegError } from './ffmpeg.ts';
import {
  effectFilterChain,
  probeMedia,
  renderEffectPreview,
  renderVideo,
  type AudioRemix,
  type VideoEffect,
} from './video-effects.ts';

const FFMPEG = process.env['FFMPEG_PATH'] ?? 'ffmpeg';
const FFPROBE = process.env['FFPROBE_PATH'] ?? 'ffprobe';
const programs = { ffmpeg: FFMPEG, ffprobe: FFPROBE };
const exec = promisify(execFile);

const WIDTH = 320;
const HEIGHT = 240;
let dir: string;
/** 4 s, 320x240 testsrc2 + 440 Hz, H.264/AAC MP4. */
let source: string;
/** 8 s of the same picture, no audio track. */
let silent: string;
/** 10 s: silence for the first second, then a 1 kHz tone. */
let tone: string;
/** 1.5 s of a 1 kHz tone. */
let shortTone: string;
/** 3 s at 1280x720, for previews. */
let hd: string;
/** 30 s at 640x360, for cancelling mid-render. */
let long: string;

async function ffmpeg(args: string[]): Promise<void> {
  await exec(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args]);
}

function testsrc(size: string, seconds: number): string[] {
  return ['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=15:duration=${seconds}`];
}

const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'video-effects-test-'));
  source = join(dir, 'source.mp4');
  silent = join(dir, 'silent.mp4');
  tone = join(dir, 'tone.m4a');
  shortTone = join(dir, 'short-tone.m4a');
  hd = join(dir, 'hd.mp4');
  long = join(dir, 'long.mp4');
  // prettier-ignore
  await Promise.all([
    ffmpeg([
      ...testsrc(`${WIDTH}x${HEIGHT}`, 4), '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4',
      ...H264, '-c:a', 'aac', '-shortest', '-movflags', '+faststart', source,
    ]),
    ffmpeg([...testsrc(`${WIDTH}x${HEIGHT}`, 8), ...H264, '-an', silent]),
    ffmpeg([
      '-f', 'lavfi', '-i', "aevalsrc='if(gte(t,1),0.5*sin(2*PI*1000*t),0)':s=48000:d=10",
      '-c:a', 'aac', tone,
    ]),
    ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=1000:duration=1.5', '-c:a', 'aac', shortTone]),
    ffmpeg([...testsrc('1280x720', 3), ...H264, '-an', hd]),
    ffmpeg([...testsrc('640x360', 30), ...H264, '-an', long]),
  ]);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function failure(promise: Promise<unknown>): Promise<FfmpegError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FfmpegError) return error;
    throw error;
  }
  throw new Error('expected an FfmpegError');
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

interface StreamInfo {
  codec_type: string;
  codec_name: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  duration?: string;
}

async function streams(file: string): Promise<StreamInfo[]> {
  const { stdout } = await exec(FFPROBE, ['-v', 'error', '-show_streams', '-of', 'json', file]);
  return (JSON.parse(stdout) as { streams: StreamInfo[] }).streams;
}

async function streamDuration(file: string, type: 'video' | 'audio'): Promise<number> {
  const stream = (await streams(file)).find((entry) => entry.codec_type === type);
  return Number(stream?.duration);
}

/** One frame at 1 s as raw RGB, full size. */
async function frame(file: string): Promise<Buffer> {
  const { stdout } = await promisify(execFile)(
    FFMPEG,
    // prettier-ignore
    ['-hide_banner', '-loglevel', 'error', '-nostdin', '-ss', '1', '-i', file,
      '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  expect(stdout.length).toBe(WIDTH * HEIGHT * 3);
  return stdout;
}

interface FrameStats {
  red: number;
  green: number;
  blue: number;
  luma: number;
  lumaStddev: number;
  /** Mean |R-G| + |G-B| per pixel: 0 for gray. */
  chroma: number;
  /** Mean luma difference between horizontal and vertical neighbours: detail. */
  detail: number;
}

function lumaAt(pixels: Buffer, index: number): number {
  const at = (offset: number) => pixels[index * 3 + offset] ?? 0;
  return 0.299 * at(0) + 0.587 * at(1) + 0.114 * at(2);
}

function frameStats(pixels: Buffer): FrameStats {
  const count = WIDTH * HEIGHT;
  let red = 0;
  let green = 0;
  let blue = 0;
  let chroma = 0;
  const lumas = new Float64Array(count);
  for (let index = 0; index < count; index += 1) {
    const r = pixels[index * 3] ?? 0;
    const g = pixels[index * 3 + 1] ?? 0;
    const b = pixels[index * 3 + 2] ?? 0;
    red += r;
    green += g;
    blue += b;
    chroma += Math.abs(r - g) + Math.abs(g - b);
    lumas[index] = lumaAt(pixels, index);
  }
  const luma = lumas.reduce((sum, value) => sum + value, 0) / count;
  const variance = lumas.reduce((sum, value) => sum + (value - luma) ** 2, 0) / count;
  let detail = 0;
  for (let y = 0; y < HEIGHT - 1; y += 1) {
    for (let x = 0; x < WIDTH - 1; x += 1) {
      const here = lumas[y * WIDTH + x] ?? 0;
      detail += Math.abs(here - (lumas[y * WIDTH + x + 1] ?? 0));
      detail += Math.abs(here - (lumas[(y + 1) * WIDTH + x] ?? 0));
    }
  }
  return {
    red: red / count,
    green: green / count,
    blue: blue / count,
    luma,
    lumaStddev: Math.sqrt(variance),
    chroma: chroma / count,
    detail: detail / ((WIDTH - 1) * (HEIGHT - 1)),
  };
}

function meanAbsoluteDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1)
    sum += Math.abs((a[index] ?? 0) - (b[index] ?? 0));
  return sum / a.length;
}

/** Peak level in dB of the first audio stream between `from` and `to` seconds. */
async function peakDb(file: string, from: number, to: number): Promise<number> {
  const { stderr } = await exec(FFMPEG, [
    '-hide_banner',
    '-nostats',
    '-nostdin',
    '-i',
    file,
    '-map',
    '0:a:0',
    '-af',
    `atrim=start=${from}:end=${to},volumedetect`,
    '-f',
    'null',
    '-',
  ]);
  const match = /max_volume: (-?[\d.]+|-inf) dB/.exec(stderr);
  if (!match?.[1]) throw new Error(`no volumedetect result: ${stderr.slice(-500)}`);
  return match[1] === '-inf' ? -Infinity : Number(match[1]);
}

// lavfi's sine is at -18 dBFS; digital silence decodes to -91 dB.
const LOUD_DB = -30;
const SILENT_DB = -60;

describe('effectFilterChain', () => {
  it('is null for none and an ffmpeg chain for every other effect', () => {
    expect(effectFilterChain('none')).toBeNull();
    for (const effect of VIDEO_EFFECTS.filter((name) => name !== 'none')) {
      expect(effectFilterChain(effect)).toMatch(/^[a-z]/);
    }
  });
});

describe('renderVideo effects', () => {
  let original: Buffer;
  let originalStats: FrameStats;
  const rendered = new Map<VideoEffect, Buffer>();

  beforeAll(async () => {
    original = await frame(source);
    originalStats = frameStats(original);
    // The source has what each effect changes: colour, detail and spread of brightness.
    expect(originalStats.chroma).toBeGreaterThan(30);
    expect(originalStats.detail).toBeGreaterThan(3);
  });

  it.each(VIDEO_EFFECTS)(
    '%s renders a valid H.264/AAC MP4 as long as the source',
    async (effect) => {
      const output = join(dir, `effect-${effect}.mp4`);
      const fractions: number[] = [];
      const result = await renderVideo({
        input: source,
        output,
        effect,
        onProgress: (fraction) => fractions.push(fraction),
        ...programs,
      });
      expect(Math.abs(result.durationSeconds - 4)).toBeLessThanOrEqual(0.2);
      const [video, audio] = await streams(output);
      expect(video).toMatchObject({ codec_type: 'video', codec_name: 'h264', pix_fmt: 'yuv420p' });
      expect(video?.width).toBe(WIDTH);
      expect(Math.abs(Number(video?.duration) - 4)).toBeLessThanOrEqual(0.2);
      expect(audio).toMatchObject({ codec_type: 'audio', codec_name: 'aac' });
      expect(fractions.at(-1)).toBe(1);
      expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
      rendered.set(effect, await frame(output));
    },
  );

  function statsOf(effect: VideoEffect): FrameStats {
    const pixels = rendered.get(effect);
    if (!pixels) throw new Error(`${effect} was not rendered`);
    return frameStats(pixels);
  }

  function differenceOf(effect: VideoEffect): number {
    const pixels = rendered.get(effect);
    if (!pixels) throw new Error(`${effect} was not rendered`);
    return meanAbsoluteDifference(original, pixels);
  }

  it('none copies the source: the same frames', () => {
    expect(rendered.get('none')?.equals(original)).toBe(true);
  });

  it('grayscale leaves R = G = B everywhere', () => {
    expect(statsOf('grayscale').chroma).toBeLessThan(2);
  });

  it('sepia turns the picture brown: red over green over blue', () => {
    const { red, green, blue, chroma } = statsOf('sepia');
    expect(red - green).toBeGreaterThan(8);
    expect(green - blue).toBeGreaterThan(8);
    // One hue: the colours of the source are gone.
    expect(chroma).toBeLessThan(originalStats.chroma / 2);
  });

  it('brightness raises the mean brightness', () => {
    expect(statsOf('brightness').luma).toBeGreaterThan(originalStats.luma + 15);
  });

  it('contrast spreads the brightness', () => {
    // testsrc2 is contrasty already (much of it clips at 1.4), so the spread grows by ~9% only.
    expect(statsOf('contrast').lumaStddev).toBeGreaterThan(originalStats.lumaStddev * 1.05);
  });

  it('blur removes detail', () => {
    expect(statsOf('blur').detail).toBeLessThan(originalStats.detail * 0.7);
  });

  it('vintage and glow change the picture visibly; glow brightens it', () => {
    expect(differenceOf('vintage')).toBeGreaterThan(10);
    expect(differenceOf('glow')).toBeGreaterThan(10);
    expect(statsOf('glow').luma).toBeGreaterThan(originalStats.luma + 5);
  });
});

describe('renderVideo audio remix', () => {
  function remixOf(overrides: Partial<AudioRemix> = {}): AudioRemix {
    return {
      audioPath: tone,
      startSeconds: 0,
      endSeconds: null,
      remixVolume: 1,
      originalVolume: 1,
      ...overrides,
    };
  }

  it('puts the start..end window of the remix into a silent video, then silence to its end', async () => {
    const output = join(dir, 'remix-window.mp4');
    const result = await renderVideo({
      input: silent,
      output,
      effect: 'grayscale',
      remix: remixOf({ startSeconds: 1, endSeconds: 3 }),
      ...programs,
    });
    expect(Math.abs(result.durationSeconds - 8)).toBeLessThanOrEqual(0.2);
    expect(Math.abs((await streamDuration(output, 'audio')) - 8)).toBeLessThanOrEqual(0.2);
    // The tone starts at 1 s in the file: from 0 s in the output only if the start was applied.
    expect(await peakDb(output, 0.1, 0.8)).toBeGreaterThan(LOUD_DB);
    expect(await peakDb(output, 1.2, 1.8)).toBeGreaterThan(LOUD_DB);
    // The file's tone lasts to 10 s: silence after 2 s only if the end was applied.
    expect(await peakDb(output, 2.3, 7.8)).toBeLessThan(SILENT_DB);
  });

  it('follows the video when the end is open: a longer remix is cut, a shorter one padded', async () => {
    for (const audioPath of [tone, shortTone]) {
      const output = join(dir, 'remix-follow.mp4');
      await renderVideo({
        input: source,
        output,
        effect: 'none',
        remix: remixOf({ audioPath, endSeconds: 0 }),
        ...programs,
      });
      const video = await streamDuration(output, 'video');
      expect(Math.abs(video - 4)).toBeLessThanOrEqual(0.2);
      expect(Math.abs((await streamDuration(output, 'audio')) - video)).toBeLessThanOrEqual(0.2);
    }
  });

  it('keeps the original sound at its volume, and is silent when both volumes are 0', async () => {
    const original = join(dir, 'remix-original.mp4');
    await renderVideo({
      input: source,
      output: original,
      effect: 'none',
      remix: remixOf({ audioPath: shortTone, remixVolume: 0, originalVolume: 1 }),
      ...programs,
    });
    // Only the 440 Hz of the source after the 1.5 s remix ends.
    expect(await peakDb(original, 2, 3.8)).toBeGreaterThan(LOUD_DB);

    const muted = join(dir, 'remix-muted.mp4');
    await renderVideo({
      input: source,
      output: muted,
      effect: 'none',
      remix: remixOf({ remixVolume: 0, originalVolume: 0 }),
      ...programs,
    });
    expect(await peakDb(muted, 0, 4)).toBeLessThan(SILENT_DB);
  });

  it('cuts the whole render to maxSeconds', async () => {
    const output = join(dir, 'remix-max.mp4');
    const result = await renderVideo({
      input: silent,
      output,
      effect: 'sepia',
      remix: remixOf(),
      maxSeconds: 3,
      ...programs,
    });
    expect(Math.abs(result.durationSeconds - 3)).toBeLessThanOrEqual(0.2);
    expect(Math.abs((await streamDuration(output, 'audio')) - 3)).toBeLessThanOrEqual(0.2);
  });

  it('refuses remix settings out of range', async () => {
    const output = join(dir, 'remix-refused.mp4');
    for (const remix of [
      remixOf({ remixVolume: 2.5 }),
      remixOf({ originalVolume: -0.1 }),
      remixOf({ startSeconds: 3, endSeconds: 2 }),
      remixOf({ startSeconds: 20 }),
      remixOf({ audioPath: 'tone.m4a' }),
    ]) {
      const error = await failure(renderVideo({ input: source, output, effect: 'none', remix }));
      expect(error.kind).toBe('unsupported');
    }
    expect(await exists(output)).toBe(false);
  });
});

describe('renderEffectPreview', () => {
  it('renders the first seconds at most 480 px high, small', async () => {
    const output = join(dir, 'preview.mp4');
    await renderEffectPreview({ input: hd, output, effect: 'vintage', seconds: 2, ...programs });
    const [video] = await streams(output);
    expect(video).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', height: 480 });
    expect(video?.width).toBeLessThanOrEqual(854);
    expect(Number(video?.duration)).toBeLessThanOrEqual(2.05);
    expect((await stat(output)).size).toBeLessThan(400_000);
  });

  it('takes 5 s by default and keeps a small source as it is', async () => {
    const output = join(dir, 'preview-default.mp4');
    await renderEffectPreview({ input: silent, output, effect: 'glow', ...programs });
    const [video] = await streams(output);
    expect(video).toMatchObject({ width: WIDTH, height: HEIGHT });
    expect(Number(video?.duration)).toBeGreaterThan(4.8);
    expect(Number(video?.duration)).toBeLessThanOrEqual(5.05);
  });
});

describe('cancelling and failing', () => {
  it('kills ffmpeg on abort and removes the partial output', async () => {
    const output = join(dir, 'cancelled.mp4');
    const controller = new AbortController();
    let progressed = 0;
    const error = await failure(
      renderVideo({
        input: long,
        output,
        effect: 'glow',
        signal: controller.signal,
        onProgress: (fraction) => {
          progressed = fraction;
          // Mid-render: ffmpeg has written part of the file by now.
          if (fraction > 0.05) controller.abort();
        },
        ...programs,
      }),
    );
    expect(error.kind).toBe('cancelled');
    expect(progressed).toBeGreaterThan(0.05);
    expect(progressed).toBeLessThan(1);
    expect(await exists(output)).toBe(false);
  });

  it('does not start when already aborted', async () => {
    const output = join(dir, 'never.mp4');
    const controller = new AbortController();
    controller.abort();
    const error = await failure(
      renderVideo({ input: source, output, effect: 'blur', signal: controller.signal }),
    );
    expect(error.kind).toBe('cancelled');
    expect(await exists(output)).toBe(false);
  });

  it("reports ffmpeg's last error lines and leaves no output behind", async () => {
    // A stand-in ffmpeg that writes part of the output, complains and fails.
    const fake = join(dir, 'fake-ffmpeg.sh');
    await writeFile(
      fake,
      '#!/bin/sh\nfor last; do :; done\necho partial > "$last"\n' +
        'echo "first line" >&2\necho "[libx264] broken encoder" >&2\necho "Conversion failed!" >&2\nexit 1\n',
    );
    await chmod(fake, 0o755);
    const output = join(dir, 'failed.mp4');
    const error = await failure(
      renderVideo({ input: source, output, effect: 'sepia', ffmpeg: fake, ffprobe: FFPROBE }),
    );
    expect(error.kind).toBe('failed');
    expect(error.message).toBe(
      'ffmpeg gagal (kode 1): first line | [libx264] broken encoder | Conversion failed!',
    );
    expect(await exists(output)).toBe(false);
  });

  it('refuses relative paths, non-mp4 outputs, unknown effects and audio-only inputs', async () => {
    const output = join(dir, 'refused.mp4');
    const cases: Promise<unknown>[] = [
      renderVideo({ input: 'source.mp4', output, effect: 'none' }),
      renderVideo({ input: source, output: join(dir, 'out.mkv'), effect: 'none' }),
      renderVideo({ input: source, output: source, effect: 'none' }),
      renderVideo({ input: source, output, effect: 'sparkle' as VideoEffect }),
      renderVideo({ input: tone, output, effect: 'none', ...programs }),
    ];
    for (const attempt of cases) expect((await failure(attempt)).kind).toBe('unsupported');
    expect(await exists(output)).toBe(false);
  });
});

describe('probeMedia', () => {
  it('reads duration, streams, size and codecs', async () => {
    const video = await probeMedia(source, { ffprobe: FFPROBE });
    expect(video.durationSeconds).toBeGreaterThan(3.9);
    expect(video.durationSeconds).toBeLessThan(4.2);
    expect(video).toMatchObject({
      hasVideo: true,
      hasAudio: true,
      width: WIDTH,
      height: HEIGHT,
      videoCodec: 'h264',
      audioCodec: 'aac',
    });
    expect(await probeMedia(tone, { ffprobe: FFPROBE })).toMatchObject({
      hasVideo: false,
      hasAudio: true,
      width: null,
      videoCodec: null,
      audioCodec: 'aac',
    });
  });
});
