// Whether a video file fits a publishing destination (issue 33 item 5), and the ffmpeg run that
// makes it fit when a conversion can: `+faststart` (moov first), frame rate into range, scale down
// past the maximum width or side, H.264/AAC when the codecs are not taken. What no conversion
// fixes (too long, too short, too small) is a refusal with its reason, before any byte leaves.
import { open, rm } from 'node:fs/promises';
import type { DestinationFileRules } from '@scrapper/contracts/rules/publish-destinations';
import type { Ffmpeg, MediaProbe } from './ffmpeg.ts';
import { runProgram } from './run-program.ts';

/** What the checks need to know of a file: ffprobe's facts, its size and where its moov atom is. */
export type VideoFacts = Pick<MediaProbe, 'durationSecs' | 'width' | 'height' | 'fps' | 'videoCodec' | 'audioCodec' | 'hasVideo'> & {
  sizeBytes: number;
  /** MP4/MOV: the moov atom comes before mdat (progressive). Undefined for other containers. */
  moovFirst: boolean | undefined;
};

/** What a conversion must change; every field false/undefined: nothing (send as it is). */
export interface FitConversion {
  faststart: boolean;
  /** Re-encode at this frame rate. */
  fps?: number;
  /** Scale so the width is at most this (height follows, even). */
  maxWidth?: number;
  /** Scale so neither side is over this. */
  maxSide?: number;
  /** Re-encode to H.264/AAC (codecs not taken, or any change to the picture). */
  reencode: boolean;
}

export type FitVerdict =
  | { kind: 'fits' }
  | { kind: 'convert'; conversion: FitConversion; why: string[] }
  | { kind: 'refused'; reason: string };

const seconds = (n: number) => `${Math.round(n * 10) / 10} detik`;
const megabytes = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

/**
 * Judges a file against a destination's rules. `label` names the destination in the reason
 * ("Facebook Reels"); `maxDurationSec` narrows the rules' ceiling (TikTok's creator maximum).
 */
export function judgeFit(facts: VideoFacts, rules: DestinationFileRules, label: string, options: { maxDurationSec?: number } = {}): FitVerdict {
  if (!facts.hasVideo) return { kind: 'refused', reason: `File ini tidak berisi video, jadi tidak dapat dipublikasikan ke ${label}.` };
  const maxDuration = Math.min(rules.maxDurationSec, options.maxDurationSec ?? Infinity);
  const duration = facts.durationSecs;
  if (duration !== undefined && duration > maxDuration + 0.5) {
    return { kind: 'refused', reason: `Video berdurasi ${seconds(duration)}, sedangkan ${label} hanya menerima video paling lama ${seconds(maxDuration)}. Potong videonya dulu.` };
  }
  if (duration !== undefined && duration < rules.minDurationSec) {
    return { kind: 'refused', reason: `Video berdurasi ${seconds(duration)}, sedangkan ${label} perlu video minimal ${seconds(rules.minDurationSec)}.` };
  }
  if (facts.sizeBytes > rules.maxBytes) {
    return { kind: 'refused', reason: `Ukuran file ${megabytes(facts.sizeBytes)} melebihi batas ${label} (${megabytes(rules.maxBytes)}).` };
  }
  const shortSide = Math.min(facts.width ?? Infinity, facts.height ?? Infinity);
  if (rules.minSidePx !== null && shortSide < rules.minSidePx) {
    return { kind: 'refused', reason: `Resolusi video terlalu kecil untuk ${label} (sisi terpendek ${shortSide} px, minimal ${rules.minSidePx} px).` };
  }
  const why: string[] = [];
  const conversion: FitConversion = { faststart: false, reencode: false };
  if (rules.faststart && facts.moovFirst === false) {
    conversion.faststart = true;
    why.push('moov dipindah ke awal file (+faststart)');
  }
  if (facts.fps !== undefined && rules.minFps !== null && facts.fps < rules.minFps - 0.01) {
    conversion.fps = rules.minFps;
    why.push(`frame rate ${Math.round(facts.fps)} fps dinaikkan ke ${rules.minFps} fps`);
  }
  if (facts.fps !== undefined && rules.maxFps !== null && facts.fps > rules.maxFps + 0.01) {
    conversion.fps = rules.maxFps;
    why.push(`frame rate ${Math.round(facts.fps)} fps diturunkan ke ${rules.maxFps} fps`);
  }
  if (rules.maxWidthPx !== null && (facts.width ?? 0) > rules.maxWidthPx) {
    conversion.maxWidth = rules.maxWidthPx;
    why.push(`lebar ${facts.width} px diperkecil ke ${rules.maxWidthPx} px`);
  }
  if (rules.maxSidePx !== null && Math.max(facts.width ?? 0, facts.height ?? 0) > rules.maxSidePx) {
    conversion.maxSide = rules.maxSidePx;
    why.push(`resolusi diperkecil ke sisi terpanjang ${rules.maxSidePx} px`);
  }
  const videoOk = rules.videoCodecs.length === 0 || (facts.videoCodec !== undefined && rules.videoCodecs.includes(facts.videoCodec));
  const audioOk = rules.audioCodecs.length === 0 || facts.audioCodec === undefined || rules.audioCodecs.includes(facts.audioCodec);
  if (!videoOk || !audioOk) why.push('dikodekan ulang ke H.264/AAC');
  conversion.reencode = !videoOk || !audioOk || conversion.fps !== undefined || conversion.maxWidth !== undefined || conversion.maxSide !== undefined;
  if (!conversion.faststart && !conversion.reencode) return { kind: 'fits' };
  return { kind: 'convert', conversion, why };
}

/**
 * Whether an MP4/MOV file's moov atom comes before its mdat, read from the top-level box
 * headers (a few reads, whatever the file's size). Undefined when it is not an ISO BMFF file.
 */
export async function readMoovFirst(path: string): Promise<boolean | undefined> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const header = Buffer.alloc(16);
    let position = 0;
    for (let boxes = 0; boxes < 1000 && position + 8 <= size; boxes += 1) {
      const { bytesRead } = await file.read(header, 0, 16, position);
      if (bytesRead < 8) return undefined;
      let boxSize = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      if (boxes === 0 && type !== 'ftyp') return undefined;
      if (type === 'moov') return true;
      if (type === 'mdat') return false;
      if (boxSize === 1) boxSize = Number(header.readBigUInt64BE(8));
      else if (boxSize === 0) return undefined;
      if (boxSize < 8) return undefined;
      position += boxSize;
    }
    return undefined;
  } finally {
    await file.close();
  }
}

/** The facts of a file on disk: ffprobe plus the moov check. */
export async function inspectVideo(ffmpeg: Ffmpeg, path: string, sizeBytes: number, signal?: AbortSignal): Promise<VideoFacts> {
  const probe = await ffmpeg.probe(path, { signal });
  const container = probe.formatName ?? '';
  return {
    durationSecs: probe.durationSecs,
    sizeBytes,
    width: probe.width,
    height: probe.height,
    fps: probe.fps,
    videoCodec: probe.videoCodec,
    audioCodec: probe.audioCodec,
    hasVideo: probe.hasVideo,
    moovFirst: container.includes('mp4') || container.includes('mov') ? await readMoovFirst(path) : undefined,
  };
}

/**
 * Writes `output` (MP4) from `input` by `conversion`: a remux with `+faststart` when only the
 * moov must move (the streams are copied, the picture untouched), else H.264/AAC at the frame
 * rate and size asked for. The output is removed when ffmpeg fails.
 */
export async function convertToFit(
  programs: { ffmpeg: string },
  input: string,
  output: string,
  conversion: FitConversion,
  signal?: AbortSignal,
): Promise<void> {
  const filters: string[] = [];
  if (conversion.fps !== undefined) filters.push(`fps=${conversion.fps}`);
  if (conversion.maxWidth !== undefined) filters.push(`scale='min(${conversion.maxWidth},iw)':-2`);
  if (conversion.maxSide !== undefined) {
    filters.push(`scale='if(gte(iw,ih),min(${conversion.maxSide},iw),-2)':'if(gte(iw,ih),-2,min(${conversion.maxSide},ih))'`);
  }
  const codecs = conversion.reencode
    ? ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k']
    : ['-c', 'copy'];
  // prettier-ignore
  const args = [
    '-nostdin', '-hide_banner', '-loglevel', 'error', '-y',
    // The demuxer named, never guessed from the bytes (files come from the internet: ffmpeg.ts).
    '-protocol_whitelist', 'file,pipe', '-f', /\.(webm|mkv)$/i.test(input) ? 'matroska' : 'mov', '-i', input,
    '-map', '0:v:0', '-map', '0:a:0?', '-dn', '-sn',
    ...(filters.length > 0 ? ['-vf', filters.join(',')] : []),
    ...codecs, '-movflags', '+faststart', '-f', 'mp4', output,
  ];
  const outcome = await runProgram({ binary: programs.ffmpeg, args, signal, killGraceMs: 2000, stderrKeepChars: 4000 });
  if (outcome.exitCode !== 0) {
    await rm(output, { force: true });
    const reason = outcome.stderr.trim().split('\n').at(-1) ?? '';
    throw new Error(`ffmpeg gagal menyesuaikan video (kode ${String(outcome.exitCode)}): ${reason}`);
  }
}
