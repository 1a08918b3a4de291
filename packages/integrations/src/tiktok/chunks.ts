// TikTok's FILE_UPLOAD chunk rules (Content Posting API, media transfer guide, late 2026):
// a file under 5 MB goes whole as one chunk; otherwise chunks of 5-64 MB, total_chunk_count =
// floor(video_size / chunk_size) (the last chunk takes the rest, up to 128 MB), at most 1000.

export const MIB = 1024 * 1024;
export const TIKTOK_MIN_CHUNK_BYTES = 5 * MIB;
export const TIKTOK_MAX_CHUNK_BYTES = 64 * MIB;
export const TIKTOK_MAX_LAST_CHUNK_BYTES = 128 * MIB;
export const TIKTOK_MAX_CHUNKS = 1000;
/** TikTok takes videos of at most 4 GB. */
export const TIKTOK_MAX_VIDEO_BYTES = 4 * 1024 * MIB;
/** Chunk size used when the caller names none: few requests, little to resend after a cut. */
export const TIKTOK_DEFAULT_CHUNK_BYTES = 10 * MIB;

/** What `source_info` says about the file: `video_size`, `chunk_size`, `total_chunk_count`. */
export interface TikTokChunkPlan {
  videoSize: number;
  chunkSize: number;
  totalChunkCount: number;
}

/** Byte range of one chunk, both ends inclusive (as in `Content-Range: bytes start-end/total`). */
export interface TikTokChunkRange {
  index: number;
  start: number;
  end: number;
}

/**
 * The chunking TikTok accepts for a file of `size` bytes, using `preferredChunk` where the rules
 * allow it (clamped to 5-64 MB, and made bigger when it would need more than 1000 chunks).
 */
export function planTikTokChunks(
  size: number,
  preferredChunk: number = TIKTOK_DEFAULT_CHUNK_BYTES,
): TikTokChunkPlan {
  if (!Number.isSafeInteger(size) || size <= 0) {
    throw new RangeError(`A TikTok upload needs a file of at least 1 byte (got ${size})`);
  }
  if (size > TIKTOK_MAX_VIDEO_BYTES) {
    throw new RangeError(`TikTok takes videos of at most 4 GB (got ${size} bytes)`);
  }
  if (size < TIKTOK_MIN_CHUNK_BYTES)
    return { videoSize: size, chunkSize: size, totalChunkCount: 1 };
  const wanted = Number.isFinite(preferredChunk) ? Math.floor(preferredChunk) : 0;
  let chunkSize = Math.min(Math.max(wanted, TIKTOK_MIN_CHUNK_BYTES), TIKTOK_MAX_CHUNK_BYTES);
  // Never more than 1000 chunks: a bigger chunk (still at most 64 MB, as 4 GB / 1000 is less).
  chunkSize = Math.max(chunkSize, Math.ceil(size / TIKTOK_MAX_CHUNKS));
  // A file smaller than one chunk goes whole (5-64 MB in one piece is allowed).
  chunkSize = Math.min(chunkSize, size);
  return { videoSize: size, chunkSize, totalChunkCount: Math.floor(size / chunkSize) };
}

/** The byte range of chunk `index` (the last one takes the rest of the file). */
export function tiktokChunkRange(plan: TikTokChunkPlan, index: number): TikTokChunkRange {
  if (!Number.isInteger(index) || index < 0 || index >= plan.totalChunkCount) {
    throw new RangeError(`No chunk ${index} in a plan of ${plan.totalChunkCount}`);
  }
  const start = index * plan.chunkSize;
  const end = index === plan.totalChunkCount - 1 ? plan.videoSize - 1 : start + plan.chunkSize - 1;
  return { index, start, end };
}

/** The chunk holding byte `fromByte`: where an interrupted upload starts again. */
export function tiktokChunkIndexOf(plan: TikTokChunkPlan, fromByte: number): number {
  if (!Number.isFinite(fromByte) || fromByte <= 0) return 0;
  return Math.min(Math.floor(fromByte / plan.chunkSize), plan.totalChunkCount - 1);
}
