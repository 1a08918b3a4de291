// youtube.upload's send step: the video to YouTube exactly once, with the resumable protocol.
import { clearUploadSession, reserveUpload, saveUploadSession, type UploadJobRows } from '@scrapper/db/queries/youtube-jobs';
import {
  querySession,
  sendUploadBytes,
  startUploadSession,
  toYouTubeError,
  YouTubeError,
  type AccountCall,
  type UploadedVideo,
  type VideoMetadata,
} from '@scrapper/integrations/youtube';
import type { JobContext } from '../types.ts';
import { prepareMedia, sameMedia, type PreparedMedia } from './prepare-media.ts';

/** Every Google call's failure arrives as a YouTubeError, whatever the SDK threw. */
export async function google<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toYouTubeError(error);
  }
}

interface SendArgs {
  ctx: JobContext;
  rows: UploadJobRows;
  jobDir: string;
  setProgress: (percent: number, stage: string) => void;
  /** The account's client, endpoints and current tokens, read anew for each call. */
  account: () => AccountCall;
  metadata: VideoMetadata;
}

/**
 * Gets the video to YouTube exactly once, with the resumable protocol. An open session from an
 * earlier attempt is asked first: finished gives the video back (nothing is sent again), 308 says
 * how much YouTube has and only the rest is sent, expired (or bytes that cannot be had the same)
 * lets a new session start; only a new session is a videos.insert and takes from the quota.
 * 'waiting' when the upload bucket is empty for today.
 */
export async function sendVideo(args: SendArgs): Promise<UploadedVideo | 'waiting'> {
  const { ctx, rows, setProgress } = args;
  const { upload, client } = rows;
  const { db } = ctx.database;
  const sendFrom = async (sessionUrl: string, media: PreparedMedia, from: number): Promise<UploadedVideo> => {
    setProgress(35 + (from / media.size) * 55, 'Mengupload ke YouTube');
    // Opened outside google(): trouble reading our storage is ours (retried), not YouTube's.
    const body = await media.open(from);
    try {
      return await google(() =>
        sendUploadBytes({
          ...args.account(),
          sessionUrl,
          size: media.size,
          from,
          media: body,
          mimeType: media.mimeType,
          onProgress: (sent) => setProgress(35 + (sent / media.size) * 55, 'Mengupload ke YouTube'),
        }),
      );
    } catch (error) {
      const yt = toYouTubeError(error);
      if (yt.status !== 404 && yt.status !== 410) throw yt;
      // The session expired mid-upload: it never completed, so the next attempt starts anew.
      await clearUploadSession(db, upload.id);
      throw new YouTubeError('server', `The upload session expired: ${yt.message}`, { status: yt.status, cause: yt });
    }
  };

  if (upload.uploadSessionUrl && upload.uploadSessionBytes) {
    const sessionUrl = upload.uploadSessionUrl;
    const size = upload.uploadSessionBytes;
    setProgress(35, 'Memeriksa upload sebelumnya di YouTube');
    const state = await google(() => querySession({ ...args.account(), sessionUrl, size }));
    if (state.kind === 'finished') return state.video;
    if (state.kind === 'incomplete') {
      const media = await sameMedia(ctx, upload, size);
      if (media) return sendFrom(sessionUrl, media, state.received);
    }
    await clearUploadSession(db, upload.id);
  }

  const media = await prepareMedia(ctx, rows, args.jobDir, setProgress);
  if (!client || !(await reserveUpload(db, client.id, client.quotaDailyUploads))) return 'waiting';
  setProgress(35, 'Mengupload ke YouTube');
  const sessionUrl = await google(() =>
    startUploadSession({ ...args.account(), metadata: args.metadata, mimeType: media.mimeType, size: media.size }),
  );
  // Stored before any byte leaves: from here on a retry asks this session instead of inserting again.
  await saveUploadSession(db, upload.id, sessionUrl, media.size);
  return sendFrom(sessionUrl, media, 0);
}
