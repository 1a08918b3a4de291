import { describe, expect, it } from 'vitest';
import {
  MIB,
  planTikTokChunks,
  tiktokChunkIndexOf,
  tiktokChunkRange,
  TIKTOK_MAX_CHUNKS,
  type TikTokChunkPlan,
} from './chunks.ts';

const MB = 1_000_000;

/** TikTok's rules, read independently of the planner. */
function expectValid(plan: TikTokChunkPlan): void {
  const { videoSize, chunkSize, totalChunkCount } = plan;
  if (videoSize < 5 * MIB) {
    expect(plan).toEqual({ videoSize, chunkSize: videoSize, totalChunkCount: 1 });
    return;
  }
  expect(chunkSize).toBeGreaterThanOrEqual(5 * MIB);
  expect(chunkSize).toBeLessThanOrEqual(64 * MIB);
  expect(totalChunkCount).toBe(Math.floor(videoSize / chunkSize));
  expect(totalChunkCount).toBeLessThanOrEqual(1000);
  const last = tiktokChunkRange(plan, totalChunkCount - 1);
  expect(last.end).toBe(videoSize - 1);
  expect(last.end - last.start + 1).toBeLessThanOrEqual(128 * MIB);
}

describe('planTikTokChunks', () => {
  it('sends a file under 5 MB whole, whatever chunk is preferred', () => {
    const size = 4.9 * MIB;
    expect(planTikTokChunks(Math.floor(size), 64 * MIB)).toEqual({
      videoSize: Math.floor(size),
      chunkSize: Math.floor(size),
      totalChunkCount: 1,
    });
    expect(planTikTokChunks(1)).toEqual({ videoSize: 1, chunkSize: 1, totalChunkCount: 1 });
    expect(planTikTokChunks(4.9 * MB)).toMatchObject({ chunkSize: 4.9 * MB, totalChunkCount: 1 });
  });

  it('treats exactly 5 MB as chunked: one chunk of 5 MB', () => {
    const plan = planTikTokChunks(5 * MIB, 5 * MIB);
    expect(plan).toEqual({ videoSize: 5 * MIB, chunkSize: 5 * MIB, totalChunkCount: 1 });
    expectValid(plan);
    // A preferred chunk bigger than the file: the file in one piece (5-64 MB may go whole).
    expect(planTikTokChunks(5 * MIB + 1)).toEqual({
      videoSize: 5 * MIB + 1,
      chunkSize: 5 * MIB + 1,
      totalChunkCount: 1,
    });
  });

  it('lets the last chunk take the rest (130 MB in 64 MB chunks: 2, the last 66 MB)', () => {
    const plan = planTikTokChunks(130 * MIB, 64 * MIB);
    expect(plan).toEqual({ videoSize: 130 * MIB, chunkSize: 64 * MIB, totalChunkCount: 2 });
    expect(tiktokChunkRange(plan, 0)).toEqual({ index: 0, start: 0, end: 64 * MIB - 1 });
    expect(tiktokChunkRange(plan, 1)).toEqual({ index: 1, start: 64 * MIB, end: 130 * MIB - 1 });
    expectValid(plan);
  });

  it('clamps the preferred chunk to 5-64 MB', () => {
    expect(planTikTokChunks(200 * MIB, 1 * MIB).chunkSize).toBe(5 * MIB);
    expect(planTikTokChunks(200 * MIB, 100 * MIB).chunkSize).toBe(64 * MIB);
    expectValid(planTikTokChunks(200 * MIB, 1 * MIB));
  });

  it('never plans more than 1000 chunks (1001 would need over 4 GB at 5 MB a chunk)', () => {
    // 1001 chunks of 5 MB are 5.0 GiB, over TikTok's 4 GB: such a file is refused outright,
    // and the biggest file TikTok takes, in the smallest chunks, needs 819.
    expect(() => planTikTokChunks(1001 * 5 * MIB, 5 * MIB)).toThrow(/4 GB/);
    const biggest = planTikTokChunks(4 * 1024 * MIB, 5 * MIB);
    expect(biggest).toMatchObject({ chunkSize: 5 * MIB, totalChunkCount: 819 });
    expect(biggest.totalChunkCount).toBeLessThanOrEqual(TIKTOK_MAX_CHUNKS);
    expectValid(biggest);
  });

  it('keeps the rules across awkward sizes', () => {
    for (const size of [
      5 * MIB - 1,
      5 * MIB,
      10 * MIB - 1,
      64 * MIB + 7,
      999_999_999,
      4 * 1024 * MIB,
    ]) {
      for (const chunk of [undefined, 5 * MIB, 7 * MIB + 3, 64 * MIB])
        expectValid(planTikTokChunks(size, chunk));
    }
  });

  it('refuses empty files and files over 4 GB', () => {
    expect(() => planTikTokChunks(0)).toThrow(RangeError);
    expect(() => planTikTokChunks(-5)).toThrow(RangeError);
    expect(() => planTikTokChunks(4 * 1024 * MIB + 1)).toThrow(/4 GB/);
  });
});

describe('tiktokChunkIndexOf', () => {
  it('rounds a resume point down to its chunk, and never past the last', () => {
    const plan = planTikTokChunks(23 * MIB, 5 * MIB); // 4 chunks, the last 8 MB
    expect(plan.totalChunkCount).toBe(4);
    expect(tiktokChunkIndexOf(plan, 0)).toBe(0);
    expect(tiktokChunkIndexOf(plan, 5 * MIB - 1)).toBe(0);
    expect(tiktokChunkIndexOf(plan, 5 * MIB)).toBe(1);
    expect(tiktokChunkIndexOf(plan, 21 * MIB)).toBe(3);
    expect(tiktokChunkIndexOf(plan, 23 * MIB)).toBe(3);
    expect(() => tiktokChunkRange(plan, 4)).toThrow(RangeError);
  });
});
