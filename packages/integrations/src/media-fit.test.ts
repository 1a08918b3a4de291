// judgeFit (issue 33 item 5): what fits goes as it is, what a conversion fixes is converted (and
// only what needs it), what none fixes is refused with the reason. readMoovFirst reads the boxes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DESTINATION_FILE_RULES } from '@scrapper/contracts/rules/publish-destinations';
import { judgeFit, readMoovFirst, type VideoFacts } from './media-fit.ts';

const fits: VideoFacts = { durationSecs: 20, sizeBytes: 5_000_000, width: 1080, height: 1920, fps: 30, videoCodec: 'h264', audioCodec: 'aac', hasVideo: true, moovFirst: true };
const dir = mkdtempSync(join(tmpdir(), 'media-fit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function box(type: string, payload = 0): Buffer {
  const b = Buffer.alloc(8 + payload);
  b.writeUInt32BE(8 + payload, 0);
  b.write(type, 4, 'latin1');
  return b;
}

describe('judgeFit', () => {
  it('a file within every rule fits: sent byte for byte', () => {
    for (const platform of ['youtube', 'tiktok', 'instagram', 'facebook'] as const) {
      expect(judgeFit(fits, DESTINATION_FILE_RULES[platform], platform).kind).toBe('fits');
    }
  });

  it('moov after mdat: only a +faststart remux for Meta, nothing for TikTok', () => {
    const late = { ...fits, moovFirst: false };
    expect(judgeFit(late, DESTINATION_FILE_RULES.instagram, 'Instagram Reels')).toEqual({ kind: 'convert', conversion: { faststart: true, reencode: false }, why: ['moov dipindah ke awal file (+faststart)'] });
    expect(judgeFit(late, DESTINATION_FILE_RULES.tiktok, 'TikTok').kind).toBe('fits');
  });

  it('frame rate out of range and a width over the maximum are re-encoded into range', () => {
    const verdict = judgeFit({ ...fits, fps: 120, width: 2160, height: 3840 }, DESTINATION_FILE_RULES.instagram, 'Instagram Reels');
    expect(verdict.kind).toBe('convert');
    if (verdict.kind !== 'convert') return;
    expect(verdict.conversion).toMatchObject({ fps: 60, maxWidth: 1920, reencode: true });
    const slow = judgeFit({ ...fits, fps: 15 }, DESTINATION_FILE_RULES.tiktok, 'TikTok');
    expect(slow.kind === 'convert' && slow.conversion.fps).toBe(23);
  });

  it('what no conversion fixes is refused with the reason', () => {
    const long = judgeFit({ ...fits, durationSecs: 180 }, DESTINATION_FILE_RULES.facebook, 'Facebook Reels');
    expect(long).toEqual({ kind: 'refused', reason: expect.stringMatching(/Facebook Reels hanya menerima video paling lama 90 detik/) });
    // TikTok: the creator's own maximum narrows TikTok's.
    expect(judgeFit({ ...fits, durationSecs: 70 }, DESTINATION_FILE_RULES.tiktok, 'TikTok', { maxDurationSec: 60 }).kind).toBe('refused');
    expect(judgeFit({ ...fits, durationSecs: 2 }, DESTINATION_FILE_RULES.instagram, 'Instagram Reels').kind).toBe('refused');
    expect(judgeFit({ ...fits, width: 320, height: 480 }, DESTINATION_FILE_RULES.facebook, 'Facebook Reels').kind).toBe('refused');
    expect(judgeFit({ ...fits, hasVideo: false }, DESTINATION_FILE_RULES.youtube, 'YouTube').kind).toBe('refused');
  });
});

describe('readMoovFirst', () => {
  it('reads the top-level boxes: moov before mdat, after it, or not an MP4 at all', async () => {
    const first = join(dir, 'first.mp4');
    const last = join(dir, 'last.mp4');
    const other = join(dir, 'other.webm');
    writeFileSync(first, Buffer.concat([box('ftyp', 8), box('moov', 16), box('mdat', 64)]));
    writeFileSync(last, Buffer.concat([box('ftyp', 8), box('free'), box('mdat', 64), box('moov', 16)]));
    writeFileSync(other, Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0, 0, 0, 0, 0]));
    expect(await readMoovFirst(first)).toBe(true);
    expect(await readMoovFirst(last)).toBe(false);
    expect(await readMoovFirst(other)).toBeUndefined();
  });
});
