// The byte sender both Reels kinds share (rupload.facebook.com): one POST with the file from
// `offset` on, `Authorization: OAuth {token}`, `offset` and `file_size` headers, streamed from
// disk with progress and cancellation. When Meta holds a different offset than we asked for
// (bytes of an earlier cut-off attempt arrived, or fewer did), it says which; we go on from there.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { metaNetworkError, metaResponseError, type MetaPlatform } from './errors.ts';
import type { MetaEndpoints } from './http.ts';

export interface RuploadOptions {
  platform: MetaPlatform;
  /** The upload address Meta answered (container `uri`, video_reels `upload_url`). */
  uploadUrl: string;
  token: string;
  filePath: string;
  /** Default: the file's size. */
  fileSize?: number;
  /** Where to start (what Meta already holds: bytes_transferred, or an earlier attempt's). */
  offset?: number;
  /** Bytes Meta holds so far (offset included), as they are sent. */
  onProgress?: (sentBytes: number, fileSize: number) => void;
  signal?: AbortSignal;
}

export interface RuploadResult {
  fileSize: number;
  /** The offset this call started at (after Meta corrected it). */
  startedAt: number;
}

/** Instagram's rupload address for a container (for resuming after a restart). */
export function instagramUploadUrl(endpoints: MetaEndpoints, containerId: string): string {
  return `${endpoints.uploadBaseUrl.replace(/\/+$/, '')}/ig-api-upload/${endpoints.graphVersion}/${containerId}`;
}

/** Facebook's rupload address for a Page reel's video (for resuming after a restart). */
export function facebookUploadUrl(endpoints: MetaEndpoints, videoId: string): string {
  return `${endpoints.uploadBaseUrl.replace(/\/+$/, '')}/video-upload/${endpoints.graphVersion}/${videoId}`;
}

export async function sendRupload(options: RuploadOptions): Promise<RuploadResult> {
  const fileSize = options.fileSize ?? (await stat(options.filePath)).size;
  let offset = options.offset ?? 0;
  // Two tries at most: the offset asked for, and the one Meta said it holds.
  for (let attempt = 0; ; attempt += 1) {
    const held = await post(options, fileSize, offset);
    if (held === undefined) return { fileSize, startedAt: offset };
    if (attempt > 0 || held === offset || held < 0 || held > fileSize) {
      throw metaResponseError(options.platform, 400, {
        debug_info: {
          retriable: false,
          type: 'OffsetMismatch',
          message: `rupload holds ${held} bytes`,
        },
      });
    }
    offset = held;
    options.onProgress?.(offset, fileSize);
    if (offset === fileSize) return { fileSize, startedAt: offset };
  }
}

/** Sends the bytes from `offset`; undefined when Meta took them, else the offset it holds. */
async function post(
  options: RuploadOptions,
  fileSize: number,
  offset: number,
): Promise<number | undefined> {
  let sent = offset;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      options.onProgress?.(sent, fileSize);
      done(null, chunk);
    },
  });
  const source =
    offset < fileSize
      ? createReadStream(options.filePath, { start: offset, end: fileSize - 1 })
      : Readable.from([]);
  const body = Readable.toWeb(source.pipe(counter)) as ReadableStream<Uint8Array>;
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    headers: {
      authorization: `OAuth ${options.token}`,
      offset: String(offset),
      file_size: String(fileSize),
      'content-type': 'application/octet-stream',
      'content-length': String(fileSize - offset),
    },
    body,
    duplex: 'half',
    signal: options.signal ?? null,
  };
  let status: number;
  let text: string;
  try {
    const response = await fetch(options.uploadUrl, init);
    status = response.status;
    text = await response.text();
  } catch (error) {
    throw options.signal?.aborted
      ? options.signal.reason
      : metaNetworkError(options.platform, error);
  } finally {
    source.destroy();
  }
  let json: unknown = text;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    // Not JSON: judged by the status below.
  }
  if (status >= 200 && status < 300) return undefined;
  const held =
    typeof json === 'object' && json !== null ? (json as { offset?: unknown }).offset : undefined;
  if (status === 400 && typeof held === 'number' && Number.isSafeInteger(held)) return held;
  throw metaResponseError(options.platform, status, json);
}
