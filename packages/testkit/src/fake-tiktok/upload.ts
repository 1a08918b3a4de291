import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { drain } from '../fake-google/video-resource.ts';
import { sendApiError, type FakeTikTokPut, type FakeTikTokState } from './state.ts';

export const UPLOAD_PATH = '/video/';

const VIDEO_TYPES = new Set(['video/mp4', 'video/quicktime', 'video/webm']);

/**
 * `PUT <upload_url>` with one chunk: `Content-Range: bytes a-b/total` on the plan's chunk
 * bounds, in order (a chunk already received may come again, a later one may not: 416).
 * 206 until the last chunk, 201 after it. A chunk counts only once all of its bytes arrived.
 */
export async function putChunk(
  state: FakeTikTokState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const publishId = url.searchParams.get('upload_id') ?? '';
  const media = state.media.get(publishId);
  const post = state.posts.find((candidate) => candidate.publishId === publishId);
  if (!post || !media || media.uploadToken !== url.searchParams.get('upload_token')) {
    await drain(req);
    sendApiError(res, 'not_found', 'The upload URL is not valid.', 404);
    return;
  }
  const put: FakeTikTokPut = {
    contentRange: req.headers['content-range'],
    bytes: 0,
    status: 0,
    at: new Date(),
  };
  post.puts.push(put);
  res.on('finish', () => {
    put.status = res.statusCode;
  });
  const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(put.contentRange ?? '');
  const start = Number(range?.[1]);
  const end = Number(range?.[2]);
  const index = Math.floor(start / post.chunkSize);
  const last = index === post.totalChunkCount - 1;
  const expectedEnd = last ? post.videoSize - 1 : start + post.chunkSize - 1;
  const refusal = !range
    ? 'Content-Range must be "bytes first-last/total".'
    : Number(range[3]) !== post.videoSize
      ? 'The total in Content-Range must be the video_size given at init.'
      : start % post.chunkSize !== 0 || index >= post.totalChunkCount || end !== expectedEnd
        ? `Content-Range must cover one chunk: chunk ${index + 1} is bytes ${start}-${expectedEnd}.`
        : !VIDEO_TYPES.has((req.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '')
          ? 'Content-Type must be video/mp4, video/quicktime or video/webm.'
          : undefined;
  if (refusal) {
    await drain(req);
    sendApiError(res, 'invalid_params', refusal, 400);
    return;
  }
  if (index > post.chunksReceived) {
    await drain(req);
    const next = post.chunksReceived * post.chunkSize;
    sendApiError(
      res,
      'invalid_params',
      `Chunks go in order: the next one starts at byte ${next}.`,
      416,
    );
    return;
  }

  const chunkHash = createHash('sha256');
  const attempt = index === post.chunksReceived ? media.hash.copy() : undefined;
  const cut = state.cutNextUpload;
  const cutHere = cut !== undefined && (cut.chunk === undefined || cut.chunk === index);
  if (cutHere) state.cutNextUpload = undefined;
  const cutAfter = cutHere ? cut.afterBytes : undefined;
  try {
    for await (const data of req) {
      const buffer = data as Buffer;
      const room = cutAfter === undefined ? buffer.length : Math.max(cutAfter - put.bytes, 0);
      const kept = room < buffer.length ? buffer.subarray(0, room) : buffer;
      put.bytes += kept.length;
      chunkHash.update(kept);
      attempt?.update(kept);
      if (cutAfter !== undefined && put.bytes >= cutAfter) {
        req.socket.destroy();
        return;
      }
    }
  } catch {
    return; // the client went away mid-chunk: the chunk does not count
  }
  if (put.bytes !== end - start + 1) {
    sendApiError(
      res,
      'invalid_params',
      `Chunk ${index + 1} needs ${end - start + 1} bytes, got ${put.bytes}.`,
      400,
    );
    return;
  }
  const digest = chunkHash.digest('hex');
  if (attempt) {
    media.hash = attempt;
    media.chunkHashes.push(digest);
    post.chunksReceived += 1;
    post.receivedBytes = end + 1;
    if (last) {
      post.sha256 = media.hash.digest('hex');
      post.uploadedAt = new Date();
      post.status = 'PROCESSING_DOWNLOAD';
      if (state.failNextPost !== undefined) {
        state.pendingFailures.set(post.publishId, state.failNextPost);
        state.failNextPost = undefined;
      }
    }
  } else if (media.chunkHashes[index] !== digest) {
    sendApiError(res, 'invalid_params', `Chunk ${index + 1} was sent again with other bytes.`, 400);
    return;
  }
  res.writeHead(last ? 201 : 206, { 'content-length': '0' });
  res.end();
}
