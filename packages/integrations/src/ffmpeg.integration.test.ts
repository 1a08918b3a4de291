// The real ffmpeg and ffprobe on a clip they make here (integrations may not use testkit's server).
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFfmpeg, FfmpegError } from './ffmpeg.ts';

const FFMPEG = process.env['FFMPEG_PATH'] ?? 'ffmpeg';
const FFPROBE = process.env['FFPROBE_PATH'] ?? 'ffprobe';
const ffmpeg = createFfmpeg({ ffmpeg: FFMPEG, ffprobe: FFPROBE });

let dir: string;
let clip: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ffmpeg-test-'));
  clip = join(dir, 'clip.mp4');
  // prettier-ignore
  await promisify(execFile)(FFMPEG, [
    '-hide_banner', '-loglevel', 'error', '-nostdin',
    '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=15:duration=8',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=8',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '15', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-shortest', clip,
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

describe('probe', () => {
  it('reads duration, size and codecs', async () => {
    const probe = await ffmpeg.probe(clip);
    expect(probe.durationSecs).toBeGreaterThan(7.9);
    expect(probe.durationSecs).toBeLessThan(8.2);
    expect(probe).toMatchObject({
      width: 320,
      height: 240,
      videoCodec: 'h264',
      audioCodec: 'aac',
      hasVideo: true,
      hasAudio: true,
    });
    expect(probe.streams.map((stream) => stream.type)).toEqual(['video', 'audio']);
  });

  it('never lets a file pick its own demuxer: an HLS playlist named .mp4 is not followed', async () => {
    const trap = join(dir, 'trap.mp4');
    await writeFile(
      trap,
      `#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:10.0,\nfile://${clip}\n#EXT-X-ENDLIST\n`,
    );
    expect((await failure(ffmpeg.probe(trap))).kind).toBe('failed');
  });

  it('takes absolute paths with a known media extension only', async () => {
    expect((await failure(ffmpeg.probe('clip.mp4'))).kind).toBe('unsupported');
    expect((await failure(ffmpeg.probe(join(dir, 'list.m3u8')))).message).toBe(
      'Jenis file tidak didukung: .m3u8',
    );
    expect((await failure(ffmpeg.probe(join(dir, 'concat.txt')))).kind).toBe('unsupported');
  });
});

describe('cut', () => {
  it('copies the first 5 s without re-encoding', async () => {
    const output = join(dir, 'cut-5.mp4');
    const result = await ffmpeg.cut({ input: clip, output, maxDurationSecs: 5 });
    expect(result.reencoded).toBe(false);
    expect(result.durationSecs).toBeLessThanOrEqual(5.2);
    expect(result.durationSecs).toBeGreaterThan(4.8);
    const probe = await ffmpeg.probe(output);
    expect(probe).toMatchObject({ hasVideo: true, hasAudio: true, height: 240 });
  });

  it('keeps a clip shorter than the limit whole', async () => {
    const result = await ffmpeg.cut({
      input: clip,
      output: join(dir, 'whole.mkv'),
      maxDurationSecs: 60,
    });
    expect(result.durationSecs).toBeGreaterThan(7.9);
  });

  it('writes audio only into m4a', async () => {
    const output = join(dir, 'cut.m4a');
    await ffmpeg.cut({ input: clip, output, maxDurationSecs: 3 });
    const probe = await ffmpeg.probe(output);
    expect(probe).toMatchObject({ hasVideo: false, hasAudio: true });
    expect(probe.durationSecs).toBeLessThanOrEqual(3.1);
  });

  it('refuses relative paths, unknown containers and cutting a file onto itself', async () => {
    expect(
      (
        await failure(
          ffmpeg.cut({ input: 'clip.mp4', output: join(dir, 'a.mp4'), maxDurationSecs: 5 }),
        )
      ).kind,
    ).toBe('unsupported');
    expect(
      (await failure(ffmpeg.cut({ input: clip, output: join(dir, 'a.gif'), maxDurationSecs: 5 })))
        .kind,
    ).toBe('unsupported');
    expect(
      (await failure(ffmpeg.cut({ input: clip, output: clip, maxDurationSecs: 5 }))).kind,
    ).toBe('unsupported');
  });

  it('stops on cancel and leaves no output behind', async () => {
    const output = join(dir, 'cancelled.mp4');
    const controller = new AbortController();
    controller.abort();
    const error = await failure(
      ffmpeg.cut({ input: clip, output, maxDurationSecs: 5, signal: controller.signal }),
    );
    expect(error.kind).toBe('cancelled');
    expect(await readdir(dir)).not.toContain('cancelled.mp4');
  });

  it("reports a broken input as failed, with ffmpeg's reason", async () => {
    const broken = join(dir, 'broken.mp4');
    await writeFile(broken, Buffer.alloc(2048, 7));
    const error = await failure(
      ffmpeg.cut({ input: broken, output: join(dir, 'out.mp4'), maxDurationSecs: 5 }),
    );
    expect(error.kind).toBe('failed');
    expect(error.message).toMatch(/^ffmpeg gagal \(kode \d+\): /);
  });
});
