// Posting a file to TikTok by FILE_UPLOAD: init (inbox draft or direct post) answers a
// publish_id (store it before sending a byte) and an upload URL; the chunks go in order with
// PUT; the status tells how far TikTok got (also how many bytes it holds, to resume).

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  callTikTokApi,
  numberField,
  stringField,
  tiktokRequest,
  type TikTokAuthorizedCall,
} from './api.ts';
import { tiktokChunkIndexOf, tiktokChunkRange, type TikTokChunkPlan } from './chunks.ts';
import { tiktokErrorFromAnswer, tiktokUploadError } from './errors.ts';

/** `post_info` of a direct post, chosen by the member (TikTok's guidelines: nothing preset). */
export interface TikTokDirectPostInfo {
  /** The caption (TikTok calls it title), up to 2,200 characters. */
  title?: string;
  /** One of the creator's `privacyLevelOptions`. */
  privacyLevel: string;
  disableComment: boolean;
  disableDuet: boolean;
  disableStitch: boolean;
  /** "Branded content": promoting someone else's brand. */
  brandContentToggle: boolean;
  /** "Your brand": promoting the creator's own business. */
  brandOrganicToggle: boolean;
  videoCoverTimestampMs?: number;
  isAigc?: boolean;
}

export type TikTokPostInit = TikTokAuthorizedCall & { plan: TikTokChunkPlan } & (
    { mode: 'inbox' } | { mode: 'direct'; postInfo: TikTokDirectPostInfo }
  );

export interface TikTokPostStarted {
  publishId: string;
  uploadUrl: string;
}

/**
 * Starts a post: `inbox` (`video.upload` scope; a draft the creator finishes in the app) or
 * `direct` (`video.publish`). 6 requests a minute per token for each.
 */
export async function initTikTokPost(init: TikTokPostInit): Promise<TikTokPostStarted> {
  const source_info = {
    source: 'FILE_UPLOAD',
    video_size: init.plan.videoSize,
    chunk_size: init.plan.chunkSize,
    total_chunk_count: init.plan.totalChunkCount,
  };
  const data =
    init.mode === 'inbox'
      ? await callTikTokApi('TikTok inbox init', init, '/v2/post/publish/inbox/video/init/', {
          source_info,
        })
      : await callTikTokApi('TikTok direct post init', init, '/v2/post/publish/video/init/', {
          post_info: postInfoBody(init.postInfo),
          source_info,
        });
  const publishId = stringField(data, 'publish_id');
  const uploadUrl = stringField(data, 'upload_url');
  if (!publishId || !uploadUrl) {
    throw tiktokErrorFromAnswer(
      502,
      { data },
      `TikTok ${init.mode} init (no publish_id or upload_url)`,
    );
  }
  return { publishId, uploadUrl };
}

/** The public page of a published post (`publicPostIds` of the status). */
export function tiktokPostUrl(username: string, postId: string): string {
  return `https://www.tiktok.com/@${encodeURIComponent(username)}/video/${encodeURIComponent(postId)}`;
}

function postInfoBody(info: TikTokDirectPostInfo): Record<string, unknown> {
  return {
    ...(info.title === undefined ? {} : { title: info.title }),
    privacy_level: info.privacyLevel,
    disable_comment: info.disableComment,
    disable_duet: info.disableDuet,
    disable_stitch: info.disableStitch,
    brand_content_toggle: info.brandContentToggle,
    brand_organic_toggle: info.brandOrganicToggle,
    ...(info.videoCoverTimestampMs === undefined
      ? {}
      : { video_cover_timestamp_ms: info.videoCoverTimestampMs }),
    ...(info.isAigc === undefined ? {} : { is_aigc: info.isAigc }),
  };
}

export interface TikTokUploadOptions {
  uploadUrl: string;
  /** The file on disk; it must be `size` bytes, as the plan says. */
  path: string;
  size: number;
  plan: TikTokChunkPlan;
  /** Resume: start at the chunk holding this byte (TikTok's `uploaded_bytes`). */
  fromByte?: number;
  /** Bytes of the file sent so far (counting the chunks skipped by `fromByte`). */
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  signal?: AbortSignal;
}

/** Sends the file's chunks in order (206 each, 201 after the last), streamed from disk. */
export async function uploadTikTokFile(
  options: TikTokUploadOptions,
): Promise<{ chunksSent: number }> {
  const { plan, size } = options;
  if (plan.videoSize !== size) {
    throw new RangeError(`The plan is for ${plan.videoSize} bytes, the file has ${size}`);
  }
  const onDisk = (await stat(options.path)).size;
  if (onDisk !== size) throw new RangeError(`${options.path} has ${onDisk} bytes, not ${size}`);
  const first = tiktokChunkIndexOf(plan, options.fromByte ?? 0);
  let chunksSent = 0;
  for (let index = first; index < plan.totalChunkCount; index += 1) {
    await putChunk(options, index);
    chunksSent += 1;
  }
  return { chunksSent };
}

async function putChunk(options: TikTokUploadOptions, index: number): Promise<void> {
  const { start, end } = tiktokChunkRange(options.plan, index);
  const what = `TikTok upload of chunk ${index + 1}/${options.plan.totalChunkCount}`;
  const file = createReadStream(options.path, { start, end });
  let sent = start;
  file.on('data', (data) => {
    sent += data.length;
    options.onProgress?.(sent, options.size);
  });
  const answer = await tiktokRequest(what, options.uploadUrl, {
    method: 'PUT',
    headers: {
      'content-type': 'video/mp4',
      'content-length': String(end - start + 1),
      'content-range': `bytes ${start}-${end}/${options.size}`,
    },
    body: Readable.toWeb(file) as ReadableStream<Uint8Array>,
    duplex: 'half',
    signal: options.signal,
  } as RequestInit).finally(() => file.destroy());
  const last = index === options.plan.totalChunkCount - 1;
  const expected = last ? [200, 201] : [206];
  if (!expected.includes(answer.status)) throw tiktokUploadError(answer.status, answer.body, what);
}

export type TikTokPostStatusName =
  | 'PROCESSING_UPLOAD'
  | 'PROCESSING_DOWNLOAD'
  | 'SEND_TO_USER_INBOX'
  | 'PUBLISH_COMPLETE'
  | 'FAILED';

export interface TikTokPostStatus {
  status: TikTokPostStatusName | string;
  /** Set when FAILED (`file_format_check_failed`, `duration_check_failed`...). */
  failReason: string;
  /** Public post ids once PUBLISH_COMPLETE (and public); int64 kept exact as strings. */
  publicPostIds: string[];
  /** Bytes TikTok holds while PROCESSING_UPLOAD: resume from the chunk holding this byte. */
  uploadedBytes: number | undefined;
  downloadedBytes: number | undefined;
}

/** Whether nothing more will change (the publish job stops polling). */
export function isTikTokStatusFinal(status: string): boolean {
  return status === 'PUBLISH_COMPLETE' || status === 'SEND_TO_USER_INBOX' || status === 'FAILED';
}

/** `POST /v2/post/publish/status/fetch/` (30 requests a minute per token). */
export async function fetchTikTokPostStatus(
  call: TikTokAuthorizedCall & { publishId: string },
): Promise<TikTokPostStatus> {
  const data = await callTikTokApi('TikTok status fetch', call, '/v2/post/publish/status/fetch/', {
    publish_id: call.publishId,
  });
  const ids = Array.isArray(data.publicaly_available_post_id)
    ? data.publicaly_available_post_id
    : [];
  return {
    status: stringField(data, 'status'),
    failReason: stringField(data, 'fail_reason'),
    publicPostIds: ids.map(String),
    uploadedBytes: numberField(data, 'uploaded_bytes'),
    downloadedBytes: numberField(data, 'downloaded_bytes'),
  };
}
