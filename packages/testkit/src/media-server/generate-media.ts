import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Direct MP4 clips (320x180, 15 fps, one keyframe a second, mono AAC), by duration. */
export const CLIP_DURATIONS_SECS = [3, 8, 40] as const;
export type ClipDurationSecs = (typeof CLIP_DURATIONS_SECS)[number];

/** The HLS video renditions; real heights so yt-dlp lists them and ffprobe can check the pick. */
export const HLS_RENDITIONS = [
  { name: '360p', width: 640, height: 360, bandwidth: 300_000 },
  { name: '720p', width: 1280, height: 720, bandwidth: 1_200_000 },
  { name: '1080p', width: 1920, height: 1080, bandwidth: 2_500_000 },
] as const;

export const HLS_DURATION_SECS = 4;
export const AUDIO_DURATION_SECS = 5;

export function clipFileName(durationSecs: ClipDurationSecs): string {
  return `clip-${durationSecs}s.mp4`;
}

// Tiny and ultrafast on purpose: the whole set must be ready in a few seconds on two cores.
const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
const AAC = ['-c:a', 'aac', '-b:a', '64k', '-ac', '1'];

function clipArgs(dir: string, durationSecs: ClipDurationSecs): string[] {
  // prettier-ignore
  return [
    '-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=15:duration=${durationSecs}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${durationSecs}`,
    ...H264, '-g', '15', ...AAC, '-shortest', '-movflags', '+faststart',
    join(dir, clipFileName(durationSecs)),
  ];
}

function audioArgs(dir: string): string[] {
  // prettier-ignore
  return [
    '-f', 'lavfi', '-i', `sine=frequency=550:sample_rate=44100:duration=${AUDIO_DURATION_SECS}`,
    ...AAC, '-movflags', '+faststart', join(dir, 'audio.m4a'),
  ];
}

function hlsOutput(dir: string): string[] {
  // prettier-ignore
  return [
    '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod',
    '-hls_segment_filename', join(dir, 'seg-%03d.ts'), join(dir, 'index.m3u8'),
  ];
}

/** One encoder pass for the three video-only renditions (split + scale of one source). */
function hlsVideoArgs(hlsDir: string): string[] {
  const [small, medium, large] = HLS_RENDITIONS;
  // prettier-ignore
  const args = [
    '-f', 'lavfi', '-i', `testsrc2=size=${large.width}x${large.height}:rate=10:duration=${HLS_DURATION_SECS}`,
    '-filter_complex',
    `[0:v]split=3[a][b][c];[a]scale=${small.width}:${small.height}[v0];` +
      `[b]scale=${medium.width}:${medium.height}[v1];[c]null[v2]`,
  ];
  HLS_RENDITIONS.forEach((rendition, index) => {
    args.push('-map', `[v${index}]`, ...H264, '-crf', '38', '-g', '10', '-an');
    args.push(...hlsOutput(join(hlsDir, rendition.name)));
  });
  return args;
}

function hlsAudioArgs(hlsDir: string): string[] {
  // prettier-ignore
  return [
    '-f', 'lavfi', '-i', `sine=frequency=660:sample_rate=44100:duration=${HLS_DURATION_SECS}`,
    ...AAC, ...hlsOutput(join(hlsDir, 'audio')),
  ];
}

/**
 * Video-only variants plus a separate audio group, like the adaptive streams of real platforms:
 * yt-dlp then lists video-only and audio-only formats and has to merge them with ffmpeg.
 */
function masterPlaylist(): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="audio/index.m3u8"',
  ];
  for (const rendition of HLS_RENDITIONS) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${rendition.bandwidth},RESOLUTION=${rendition.width}x${rendition.height},` +
        `CODECS="avc1.64001f,mp4a.40.2",AUDIO="aud"`,
      `${rendition.name}/index.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function runFfmpeg(ffmpeg: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg failed (exit ${String(code)}): ${stderr.trim()}`));
    });
  });
}

/** Writes every fixture into `dir` (which must exist): the clips, audio.m4a and hls/. */
export async function generateMedia(ffmpeg: string, dir: string): Promise<void> {
  const hlsDir = join(dir, 'hls');
  await Promise.all(
    [...HLS_RENDITIONS.map((rendition) => rendition.name), 'audio'].map((name) =>
      mkdir(join(hlsDir, name), { recursive: true }),
    ),
  );
  await writeFile(join(hlsDir, 'master.m3u8'), masterPlaylist());
  // Independent encodes in parallel: each is small, and ffmpeg alone leaves cores idle.
  await Promise.all([
    runFfmpeg(ffmpeg, hlsVideoArgs(hlsDir)),
    runFfmpeg(ffmpeg, hlsAudioArgs(hlsDir)),
    runFfmpeg(ffmpeg, audioArgs(dir)),
    ...CLIP_DURATIONS_SECS.map((durationSecs) => runFfmpeg(ffmpeg, clipArgs(dir, durationSecs))),
  ]);
}
