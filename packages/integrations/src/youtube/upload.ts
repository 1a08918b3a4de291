// Uploading a video with YouTube's resumable protocol: open a session, send the bytes (streamed,
// never held whole), and ask a session what it holds so an upload can go on where it stopped.
import { Transform, type Readable } from 'node:stream';
import { type youtube_v3 } from '@googleapis/youtube';
import { YouTubeError } from './errors.ts';
import { READ_TIMEOUT_MS, withMedia, withSession, type AccountCall } from './session.ts';

export type PrivacyStatus = 'public' | 'private' | 'unlisted';

export interface VideoMetadata {
  title: string;
  description: string;
  tags: string[];
  categoryId: string;
  privacyStatus: PrivacyStatus;
  /** Set: a scheduled video, uploaded private with status.publishAt (what YouTube requires). */
  publishAt: Date | null;
  madeForKids: boolean;
  /** Realistic altered or synthetic content ("Konten sintetis/diubah"), YouTube's label since 2024-10-30. */
  containsSyntheticMedia: boolean;
}

/** What YouTube answered to videos.insert. */
export interface UploadedVideo {
  videoId: string;
  /**
   * The privacy YouTube gave the video. Unaudited API projects get `private` whatever was
   * asked; null when the answer did not say.
   */
  privacyStatus: PrivacyStatus | null;
}

export interface UploadVideoArgs extends AccountCall {
  metadata: VideoMetadata;
  media: NodeJS.ReadableStream | Readable;
  mimeType: string;
  /** The media's exact size in bytes: the session is opened for it, progress comes about every 1 %. */
  size: number;
  /** Media bytes handed to the connection so far; the last call carries the total. */
  onProgress?: (bytesSent: number) => void;
}

/**
 * Uploads a whole video with YouTube's resumable protocol in one go: opens the session, then
 * sends every byte. `onSession` is awaited between the two, before any byte leaves, so a caller
 * can store the session URL and ask it later what YouTube got ({@link querySession}).
 */
export async function uploadVideo(
  args: UploadVideoArgs & { onSession?: (sessionUrl: string) => void | Promise<void> },
): Promise<UploadedVideo> {
  const sessionUrl = await startUploadSession(args);
  await args.onSession?.(sessionUrl);
  return sendUploadBytes({ ...args, sessionUrl, from: 0 });
}

export interface StartUploadSessionArgs extends AccountCall {
  metadata: VideoMetadata;
  mimeType: string;
  /** The exact number of bytes that will be sent: a resumed session is asked for them again. */
  size: number;
}

/**
 * Opens a resumable upload session: `POST upload/youtube/v3/videos?uploadType=resumable` with the
 * metadata as JSON and the media's length and type in `X-Upload-Content-*`. The answer's
 * `Location` is the session URL the bytes go to. This is the videos.insert Google counts (one of
 * the day's uploads); the PUTs to the session, and asking it for its state, are not.
 */
export async function startUploadSession(args: StartUploadSessionArgs): Promise<string> {
  return withSession(args, async (session) => {
    const res = await session.auth.request<unknown>({
      url: `${session.rootUrl}upload/youtube/v3/videos`,
      method: 'POST',
      params: { uploadType: 'resumable', part: 'snippet,status' },
      headers: {
        'Content-Type': 'application/json; charset=UTF-8',
        'X-Upload-Content-Length': String(args.size),
        'X-Upload-Content-Type': args.mimeType,
      },
      data: videoResource(args.metadata),
      responseType: 'text',
      timeout: READ_TIMEOUT_MS,
      ...session.signalOption,
    });
    const location = res.headers.get('location');
    if (!location) {
      throw new YouTubeError('other', 'YouTube opened no upload session (no Location header)', {
        status: res.status,
      });
    }
    return location;
  });
}

/** What a resumable session holds, as `PUT` with `Content-Range: bytes *\/N` tells. */
export type UploadSessionState =
  /** Every byte arrived and the video exists: nothing more is sent. */
  | { kind: 'finished'; video: UploadedVideo }
  /** YouTube has the first `received` bytes (308 Resume Incomplete): send the rest. */
  | { kind: 'incomplete'; received: number }
  /** The session is gone (404/410; sessions live about a week): a new one is needed. */
  | { kind: 'expired' };

export interface QuerySessionArgs extends AccountCall {
  sessionUrl: string;
  size: number;
}

/** Asks a resumable session for its state with an empty `PUT` (`Content-Range: bytes *\/size`). */
export async function querySession(args: QuerySessionArgs): Promise<UploadSessionState> {
  return withSession(args, async (session) => {
    const res = await session.auth.request<unknown>({
      url: args.sessionUrl,
      method: 'PUT',
      headers: { 'Content-Range': `bytes */${args.size}` },
      data: '',
      responseType: 'text',
      timeout: READ_TIMEOUT_MS,
      validateStatus: (status) =>
        (status >= 200 && status < 300) || status === 308 || status === 404 || status === 410,
      ...session.signalOption,
    });
    if (res.status === 404 || res.status === 410) return { kind: 'expired' };
    if (res.status === 308)
      return { kind: 'incomplete', received: receivedOf(res.headers.get('range')) };
    return { kind: 'finished', video: uploadedOf(res.data) };
  });
}

export interface SendUploadBytesArgs extends AccountCall {
  sessionUrl: string;
  /** The whole media's size, as the session was opened for. */
  size: number;
  /** The first byte to send (what the session already holds); `media` starts at this byte. */
  from: number;
  media: NodeJS.ReadableStream | Readable;
  mimeType: string;
  /** Media bytes handed to the connection so far, counted from byte 0 of the whole media. */
  onProgress?: (bytesSent: number) => void;
}

/**
 * Sends bytes `from`..`size - 1` to the session in one `PUT` (`Content-Range: bytes
 * from-(size-1)/size`), streamed from `media` and never held whole. The answer to the last byte is
 * the video resource. A 308 here means YouTube kept less than was sent: retryable, and the retry
 * asks the session where to go on from.
 */
export async function sendUploadBytes(args: SendUploadBytesArgs): Promise<UploadedVideo> {
  const progress = progressReporter(args.onProgress, args.size);
  return withMedia(args, async (session, body) => {
    let sent = args.from;
    const counted = body.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          sent += chunk.length;
          progress.report(sent);
          done(null, chunk);
        },
      }),
    );
    body.once('error', (error) => counted.destroy(error));
    const res = await session.auth.request<unknown>({
      url: args.sessionUrl,
      method: 'PUT',
      headers: {
        'Content-Type': args.mimeType,
        'Content-Range':
          args.size > 0 ? `bytes ${args.from}-${args.size - 1}/${args.size}` : 'bytes */0',
      },
      data: counted,
      responseType: 'text',
      validateStatus: (status) => (status >= 200 && status < 300) || status === 308,
      ...session.signalOption,
    });
    progress.finish();
    if (res.status === 308) {
      throw new YouTubeError(
        'server',
        `YouTube kept ${receivedOf(res.headers.get('range'))} of ${args.size} bytes`,
        {
          status: 308,
        },
      );
    }
    return uploadedOf(res.data);
  });
}

/** `Range: bytes=0-K` of a 308: K + 1 bytes arrived; no header: none did. */
function receivedOf(range: string | null): number {
  const match = /^bytes=0-(\d+)$/.exec(range?.trim() ?? '');
  return match ? Number(match[1]) + 1 : 0;
}

function uploadedOf(data: unknown): UploadedVideo {
  let video: youtube_v3.Schema$Video = {};
  try {
    video = (typeof data === 'string' ? JSON.parse(data) : data) as youtube_v3.Schema$Video;
  } catch {
    // not JSON: no id below
  }
  const videoId = video.id;
  if (!videoId) throw new YouTubeError('other', 'YouTube answered the upload without a video id');
  return { videoId, privacyStatus: privacyOf(video.status?.privacyStatus) };
}

/** The Video resource for videos.insert. Scheduling forces private: YouTube requires it. */
export function videoResource(metadata: VideoMetadata): youtube_v3.Schema$Video {
  const scheduled = metadata.publishAt !== null;
  return {
    snippet: {
      title: metadata.title,
      description: metadata.description,
      tags: metadata.tags,
      categoryId: metadata.categoryId,
    },
    status: {
      privacyStatus: scheduled ? 'private' : metadata.privacyStatus,
      ...(metadata.publishAt ? { publishAt: metadata.publishAt.toISOString() } : {}),
      selfDeclaredMadeForKids: metadata.madeForKids,
      containsSyntheticMedia: metadata.containsSyntheticMedia,
    },
  };
}

function privacyOf(value: string | null | undefined): PrivacyStatus | null {
  return value === 'public' || value === 'private' || value === 'unlisted' ? value : null;
}

/** Progress at most about every 1 % (or 1 MiB without a size), and always the final count. */
function progressReporter(
  onProgress: ((bytesSent: number) => void) | undefined,
  size: number | undefined,
): { report(bytes: number): void; finish(): void } {
  const step = size && size > 0 ? Math.max(64 * 1024, Math.floor(size / 100)) : 1024 * 1024;
  let last = 0;
  let latest = 0;
  return {
    report(bytes) {
      latest = bytes;
      if (bytes - last < step) return;
      last = bytes;
      onProgress?.(bytes);
    },
    finish() {
      if (latest !== last) onProgress?.(latest);
      last = latest;
    },
  };
}
