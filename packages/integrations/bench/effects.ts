// Benchmark: renderVideo with an effect plus an audio remix on a 60 s 1280x720 30 fps clip.
// Every effect is first timed on the first 10 s to find the slowest; that one then renders the
// whole minute with a remix. Target: at least 2x real time on two cores.
// Run: pnpm --filter @scrapper/integrations bench:effects   (FFMPEG_PATH / FFPROBE_PATH honoured;
// BENCH_EFFECT=vintage samples and renders that effect only).
// Wall time depends on what else runs on the machine, so the CPU time of the ffmpeg runs is
// printed too (Linux: the children's time in /proc/self/stat), with the factor two idle cores
// would give if ffmpeg kept both busy.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { isVideoEffect, VIDEO_EFFECTS } from '@scrapper/contracts/rules/video-effects';
import { renderVideo, type VideoEffect } from '../src/video-effects.ts';

const FFMPEG = process.env['FFMPEG_PATH'] ?? 'ffmpeg';
const FFPROBE = process.env['FFPROBE_PATH'] ?? 'ffprobe';
const CLIP_SECS = 60;
const SAMPLE_SECS = 10;
const CHOSEN = process.env['BENCH_EFFECT'];
const TARGET_FACTOR = 2;

const run = promisify(execFile);
const dir = await mkdtemp(join(tmpdir(), 'bench-effects-'));
const clip = join(dir, 'clip-720p.mp4');
const track = join(dir, 'track.m4a');

function elapsedSecs(start: number): number {
  return (performance.now() - start) / 1000;
}

const CLOCK_TICKS =
  Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds of the finished child processes (ffmpeg, ffprobe) so far. */
async function childCpuSecs(): Promise<number> {
  const text = await readFile('/proc/self/stat', 'utf8');
  // Fields after the `(comm)`: state is field 3, cutime and cstime are fields 16 and 17.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}

function load(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

try {
  console.log(`cpus: ${cpus().length}, load average before: ${load()}`);
  let start = performance.now();
  // The source is encoded as a camera or a platform would (CABAC, B-frames), not ultrafast, so
  // decoding costs what it costs in production.
  // prettier-ignore
  await Promise.all([
    run(FFMPEG, [
      '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
      '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${CLIP_SECS}`,
      '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${CLIP_SECS}`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-b:a', '128k', '-shortest', '-movflags', '+faststart', clip,
    ]),
    run(FFMPEG, [
      '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
      '-f', 'lavfi', '-i', `sine=frequency=660:sample_rate=44100:duration=${CLIP_SECS}`,
      '-c:a', 'aac', '-b:a', '128k', track,
    ]),
  ]);
  console.log(`generated the 60 s 720p clip and track in ${elapsedSecs(start).toFixed(1)} s`);

  const remix = {
    audioPath: track,
    startSeconds: 0,
    endSeconds: null,
    remixVolume: 1,
    originalVolume: 0.5,
  };
  console.log(`\nfirst ${SAMPLE_SECS} s of each effect, with the remix (slowest = most CPU):`);
  const sampled: { effect: VideoEffect; cpu: number }[] = [];
  for (const effect of isVideoEffect(CHOSEN) ? [CHOSEN] : VIDEO_EFFECTS) {
    const cpuBefore = await childCpuSecs();
    start = performance.now();
    await renderVideo({
      input: clip,
      output: join(dir, `sample-${effect}.mp4`),
      effect,
      remix,
      maxSeconds: SAMPLE_SECS,
      ffmpeg: FFMPEG,
      ffprobe: FFPROBE,
    });
    const secs = elapsedSecs(start);
    const cpu = (await childCpuSecs()) - cpuBefore;
    sampled.push({ effect, cpu });
    const factor = (SAMPLE_SECS / secs).toFixed(2);
    console.log(
      `  ${effect.padEnd(10)} wall ${secs.toFixed(2).padStart(5)} s (${factor}x)  CPU ${cpu.toFixed(2).padStart(5)} s`,
    );
  }
  const slowest = sampled.reduce((worst, entry) => (entry.cpu > worst.cpu ? entry : worst));

  console.log(`\nfull ${CLIP_SECS} s: ${slowest.effect} + remix (load average ${load()})`);
  const output = join(dir, `full-${slowest.effect}.mp4`);
  const cpuBefore = await childCpuSecs();
  start = performance.now();
  const result = await renderVideo({
    input: clip,
    output,
    effect: slowest.effect,
    remix,
    ffmpeg: FFMPEG,
    ffprobe: FFPROBE,
  });
  const wall = elapsedSecs(start);
  const cpu = (await childCpuSecs()) - cpuBefore;
  const factor = CLIP_SECS / wall;
  const { size } = await stat(output);
  console.log(`  wall time        ${wall.toFixed(2)} s`);
  console.log(`  realtime factor  ${factor.toFixed(2)}x (target >= ${TARGET_FACTOR}x)`);
  console.log(
    `  ffmpeg CPU time  ${cpu.toFixed(2)} s (${(cpu / wall).toFixed(2)} cores busy on average)`,
  );
  console.log(`  2 idle cores     ${(CLIP_SECS / (cpu / 2)).toFixed(2)}x at best (CPU time / 2)`);
  console.log(
    `  output           ${result.durationSeconds.toFixed(2)} s, ${(size / 1e6).toFixed(1)} MB`,
  );
  console.log(`  load average     ${load()} (other processes on the machine slow this down)`);
  console.log(
    JSON.stringify({
      benchmark: 'effects',
      clip: '1280x720 30 fps H.264 + AAC, 60 s',
      effect: slowest.effect,
      remix: true,
      wallSeconds: Number(wall.toFixed(2)),
      realtimeFactor: Number(factor.toFixed(2)),
      ffmpegCpuSeconds: Number(cpu.toFixed(2)),
      idleTwoCoreFactorAtBest: Number((CLIP_SECS / (cpu / 2)).toFixed(2)),
      loadAverageAfter: loadavg()[0],
      target: { realtimeFactor: TARGET_FACTOR },
      meetsTarget: factor >= TARGET_FACTOR,
    }),
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
