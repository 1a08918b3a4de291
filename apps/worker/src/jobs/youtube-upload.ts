import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import { PRIVACY_LOCKED_MESSAGE, REAUTH_MESSAGE, type VideoEffectName } from '@scrapper/contracts/http/youtube-uploads';
import { jakartaDate, jakartaDateTime, WIB } from '@scrapper/contracts/rules/jakarta-time';
import { isLockedPrivate, keepsSchedule, wasSentScheduled } from '@scrapper/contracts/rules/youtube-privacy';
import { nextQuotaDayStart, quotaResetText, YOUTUBE_UNIT_COSTS, type YouTubeUnitCall } from '@scrapper/contracts/rules/youtube-quota';
import { findDownload } from '@scrapper/db/queries/downloads';
import { notifyUser } from '@scrapper/db/queries/notifications';
import { recordWebhookEvent } from '@scrapper/db/queries/webhooks';
import {
  clearUploadSession,
  completeUpload,
  exhaustQuotaToday,
  failUpload,
  loadUploadForJob,
  markAccountNeedsReauth,
  markPlaylistAdded,
  markThumbnailSet,
  recordYouTubeVideoId,
  reserveUnits,
  reserveUpload,
  saveAccountTokens,
  saveUploadSession,
  setRenderedStorageKey,
  startUploadAttempt,
  updateUploadProgress,
  type UploadJobRows,
} from '@scrapper/db/queries/youtube-jobs';
import { downloadAudio } from '@scrapper/integrations/audio-lookup';
import { shouldRetry } from '@scrapper/integrations/retry';
import { UrlNotAllowedError } from '@scrapper/integrations/url-guard';
import { renderVideo } from '@scrapper/integrations/video-effects';
import { formatForQuality, YtDlpError } from '@scrapper/integrations/yt-dlp';
import {
  addToPlaylist,
  querySession,
  refreshIfExpiring,
  sendUploadBytes,
  setThumbnail,
  startUploadSession,
  toYouTubeError,
  YouTubeError,
  type AccountCall,
  type OAuthClientConfig,
  type UploadedVideo,
  type VideoMetadata,
  type YouTubeTokens,
} from '@scrapper/integrations/youtube';
import { mirrorYouTubeUpload } from './publish-target/youtube.ts';
import type { JobContext, JobHandler, JobOutcome } from './types.ts';

/** How often a job waiting for its channel's running upload checks again. */
const CHANNEL_WAIT_MS = 2000;

/** Every Google call's failure arrives as a YouTubeError, whatever the SDK threw. */
async function google<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toYouTubeError(error);
  }
}

class UploadStop extends Error {
  override readonly name = 'UploadStop';
}

/** Said when the member's server file (sourceKind server) is gone by the time the job runs. */
export const SERVER_FILE_GONE_MESSAGE =
  'File video di server sudah dihapus sebelum diupload, jadi upload tidak dapat dilanjutkan. Unduh ulang videonya, lalu upload lagi.';

/**
 * The storage key of the member's downloaded file, read from the download row (never from
 * anything the client sent); an UploadStop when the file was deleted meanwhile.
 */
async function serverFileKey(ctx: JobContext, downloadId: string | null): Promise<string> {
  const download = downloadId ? await findDownload(ctx.database.db, downloadId) : undefined;
  const key = download?.status === 'completed' && !download.fileDeletedAt ? download.storageKey : null;
  if (!key || !(await ctx.deps.storage.exists(key))) throw new UploadStop(SERVER_FILE_GONE_MESSAGE);
  return key;
}

/**
 * Uploads to one channel run one at a time, across every worker process: a session advisory
 * lock per account on a connection held for the whole upload. A worker that dies drops its
 * connection and with it the lock, so nothing stays locked.
 */
async function lockChannel(ctx: JobContext, accountId: string, uploadId: string): Promise<() => Promise<void>> {
  const conn = await ctx.database.sql.reserve();
  try {
    let announced = false;
    for (;;) {
      const [row] = await conn<{ locked: boolean }[]>`
        select pg_try_advisory_lock(hashtext('youtube.upload'), hashtext(${accountId})) as locked`;
      if (row?.locked) break;
      if (!announced) {
        announced = true;
        await updateUploadProgress(ctx.database.db, uploadId, { stage: 'Menunggu upload lain di channel ini selesai' });
      }
      await delay(CHANNEL_WAIT_MS, undefined, { signal: ctx.signal });
    }
  } catch (error) {
    conn.release();
    throw error;
  }
  return async () => {
    try {
      await conn`select pg_advisory_unlock(hashtext('youtube.upload'), hashtext(${accountId}))`;
    } finally {
      conn.release();
    }
  };
}

async function copyFromStorage(ctx: JobContext, key: string, path: string): Promise<void> {
  await pipeline(await ctx.deps.storage.read(key), createWriteStream(path, { mode: 0o600 }));
}

interface PreparedMedia {
  /** The bytes from `start` to the end; the same bytes on every call (a resume depends on it). */
  open: (start: number) => Promise<Readable>;
  size: number;
  mimeType: string;
}

/** Where a rendered video waits in storage while its upload session is open. */
function renderedKeyOf(upload: UploadJobRows['upload']): string {
  return `uploads/${upload.userId}/${upload.id}/rendered.mp4`;
}

/** A file in storage as upload media, or undefined when it is not there (any more). */
async function storedMedia(ctx: JobContext, key: string, mimeType: string): Promise<PreparedMedia | undefined> {
  const size = await ctx.deps.storage.size(key);
  if (size === undefined || size === 0) return undefined;
  return { open: (start) => ctx.deps.storage.read(key, { start, end: size - 1 }), size, mimeType };
}

/** An upload that sends the member's file as it is (no effect, no remix). */
function isUntouched(upload: UploadJobRows['upload']): boolean {
  return (upload.sourceKind === 'file' || upload.sourceKind === 'server') && upload.videoEffect === 'none' && !upload.audioStorageKey && !upload.audioRemixUrl;
}

/**
 * The bytes an open session was started with, if they can still be had exactly: the member's
 * untouched file, or the rendered file kept in storage. Undefined when they cannot (the session
 * is then given up for a new one, which is safe: it never completed).
 */
async function sameMedia(ctx: JobContext, upload: UploadJobRows['upload'], bytes: number): Promise<PreparedMedia | undefined> {
  let media: PreparedMedia | undefined;
  if (upload.renderedStorageKey) media = await storedMedia(ctx, upload.renderedStorageKey, 'video/mp4');
  else if (isUntouched(upload)) {
    const key = upload.sourceKind === 'server' ? await serverFileKey(ctx, upload.sourceDownloadId) : upload.videoStorageKey;
    if (key) media = await storedMedia(ctx, key, upload.videoMime ?? 'video/mp4');
  }
  return media?.size === bytes ? media : undefined;
}

/**
 * The video as it will go to YouTube. An uploaded file with no effect and no remix streams
 * straight from storage; everything else is built in the job folder first and then kept in
 * storage (rendered_storage_key) until the video id is saved, so a resumed session gets the very
 * same bytes, and a later attempt does not render again.
 */
async function prepareMedia(ctx: JobContext, rows: UploadJobRows, jobDir: string, setProgress: (p: number, stage: string) => void): Promise<PreparedMedia> {
  const { upload } = rows;
  const effect = upload.videoEffect as VideoEffectName;
  const wantsRemix = Boolean(upload.audioStorageKey || upload.audioRemixUrl);
  if (upload.renderedStorageKey) {
    const kept = await storedMedia(ctx, upload.renderedStorageKey, 'video/mp4');
    if (kept) return kept;
  }
  // The member's downloaded file: read where the download row says, and never removed here.
  const storedKey = upload.sourceKind === 'server' ? await serverFileKey(ctx, upload.sourceDownloadId) : upload.videoStorageKey;
  if (isUntouched(upload) && storedKey) {
    const media = await storedMedia(ctx, storedKey, upload.videoMime ?? 'video/mp4');
    if (!media) throw new UploadStop('File video untuk upload ini tidak ditemukan di penyimpanan. Upload ulang videonya.');
    return media;
  }

  await rm(jobDir, { recursive: true, force: true });
  await mkdir(jobDir, { recursive: true });
  let source: string;
  if ((upload.sourceKind === 'file' || upload.sourceKind === 'server') && storedKey) {
    setProgress(2, 'Menyiapkan video');
    source = join(jobDir, `source${extname(storedKey) || '.mp4'}`);
    await copyFromStorage(ctx, storedKey, source);
  } else if (upload.sourceUrl) {
    setProgress(2, 'Mengunduh video sumber');
    const fetchDir = join(jobDir, 'source');
    await mkdir(fetchDir, { recursive: true });
    const result = await ctx.deps.ytdlp.download({
      url: upload.sourceUrl,
      outputDir: fetchDir,
      format: formatForQuality('best'),
      maxFilesizeBytes: ctx.deps.maxDownloadBytes,
      socketTimeoutSecs: 30,
      signal: ctx.signal,
      onProgress: (p) => {
        if (p.overallPercent !== undefined) setProgress(2 + p.overallPercent * 0.13, 'Mengunduh video sumber');
      },
    });
    source = result.filePath;
  } else {
    throw new UploadStop('Upload ini tidak punya video sumber.');
  }

  let remix = null;
  if (wantsRemix) {
    setProgress(15, 'Mengambil audio remix');
    let audioPath: string;
    if (upload.audioStorageKey) {
      audioPath = join(jobDir, `remix${extname(upload.audioStorageKey) || '.m4a'}`);
      await copyFromStorage(ctx, upload.audioStorageKey, audioPath);
    } else {
      const audioDir = join(jobDir, 'audio');
      await mkdir(audioDir, { recursive: true });
      // The worker's yt-dlp: its program (pinned > managed > PATH), guard proxy and ffmpeg.
      const fetched = await downloadAudio(ctx.deps.ytdlp, {
        url: upload.audioRemixUrl as string,
        dir: audioDir,
        signal: ctx.signal,
        maxBytes: ctx.deps.maxDownloadBytes,
      });
      audioPath = fetched.path;
    }
    remix = {
      audioPath,
      startSeconds: upload.audioStartTime,
      endSeconds: upload.audioEndTime && upload.audioEndTime > 0 ? upload.audioEndTime : null,
      remixVolume: upload.audioVolume,
      originalVolume: upload.videoVolume,
    };
  }

  setProgress(20, effect === 'none' ? 'Mencampur audio' : 'Menerapkan efek video');
  const output = join(jobDir, 'output.mp4');
  await renderVideo({
    ...ctx.deps.ffmpeg.programs,
    input: source,
    output,
    effect,
    remix,
    signal: ctx.signal,
    onProgress: (fraction) => setProgress(20 + fraction * 15, effect === 'none' ? 'Mencampur audio' : 'Menerapkan efek video'),
  });
  const { size } = await stat(output);
  const renderedKey = renderedKeyOf(upload);
  await ctx.deps.storage.write(renderedKey, createReadStream(output));
  await setRenderedStorageKey(ctx.database.db, upload.id, renderedKey);
  return { open: async (start) => createReadStream(output, { start }), size, mimeType: 'video/mp4' };
}

/** The video is on YouTube now: the copies kept for the job (never the member's server file) go. */
async function removeJobCopies(ctx: JobContext, upload: UploadJobRows['upload']): Promise<void> {
  for (const key of [upload.videoStorageKey, upload.audioStorageKey, upload.thumbnailStorageKey]) {
    if (key) await ctx.deps.storage.remove(key).catch(() => undefined);
  }
}

/** The rendered copy is not needed once YouTube has the video, or the upload ended without it. */
async function removeRendered(ctx: JobContext, upload: UploadJobRows['upload']): Promise<void> {
  if (!upload.renderedStorageKey) return;
  await ctx.deps.storage.remove(upload.renderedStorageKey).catch(() => undefined);
  await setRenderedStorageKey(ctx.database.db, upload.id, null);
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
async function sendVideo(args: SendArgs): Promise<UploadedVideo | 'waiting'> {
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

/**
 * youtube.upload: fetches or reads the source, applies the effect and remix, uploads with
 * videos.insert (streamed), sets the thumbnail and the playlist, and records the video id.
 * Each step is recorded, so a retry after a crash picks up where the last attempt stopped
 * and never inserts the same video twice.
 */
export const youtubeUpload: JobHandler<'youtube.upload'> = async ({ uploadId }, ctx) => {
  const { db } = ctx.database;
  const first = await loadUploadForJob(db, uploadId);
  if (!first) return;
  if (isFinal(first.upload.status)) {
    // Cancelled or failed meanwhile: a rendered copy kept for a session has no use left. Uploaded:
    // an attempt that died between the status commit and removing the job's copies left them.
    await removeRendered(ctx, first.upload);
    if (first.upload.status === 'uploaded') await removeJobCopies(ctx, first.upload);
    return;
  }

  const unlock = await lockChannel(ctx, first.account.id, uploadId);
  const jobDir = join(ctx.deps.tempDir, 'uploads', uploadId);
  let rows: UploadJobRows | undefined;
  try {
    // Read again under the lock: another attempt may have moved it on meanwhile.
    rows = await loadUploadForJob(db, uploadId);
    if (!rows || isFinal(rows.upload.status)) return;
    const { account, client } = rows;
    if (!client) throw new UploadStop('Client secret akun YouTube ini sudah dihapus. Hubungkan ulang akun dengan client secret yang aktif.');
    if (!account.isValid) throw new YouTubeError('invalid_grant', REAUTH_MESSAGE);
    const started = await startUploadAttempt(db, uploadId);
    if (!started) return;
    const upload = started;

    let lastWrite = 0;
    const setProgress = (percent: number, stage: string) => {
      if (Date.now() - lastWrite < 1000) return;
      lastWrite = Date.now();
      void updateUploadProgress(db, uploadId, { progress: Math.max(0, Math.min(99, Math.round(percent))), stage }).catch(() => undefined);
    };

    const oauth: OAuthClientConfig = {
      clientId: client.clientId,
      clientSecret: ctx.deps.secrets.open(client.sealedClientSecret),
      redirectUri: client.redirectUri,
    };
    let tokens = JSON.parse(ctx.deps.secrets.open(account.sealedTokens)) as YouTubeTokens;
    const onTokens = async (next: YouTubeTokens) => {
      tokens = { ...next, refreshToken: next.refreshToken ?? tokens.refreshToken };
      await saveAccountTokens(db, account.id, ctx.deps.secrets.seal(JSON.stringify(tokens)), tokens.expiryDate ? new Date(tokens.expiryDate) : null);
    };
    // Refreshed ahead of expiry, so a long upload never starts on a token about to die.
    const refreshed = await google(() => refreshIfExpiring(oauth, ctx.deps.google, tokens));
    if (refreshed) await onTokens(refreshed);

    let videoId = upload.youtubeVideoId;
    // Whether YouTube kept the video private against the member's choice (unaudited project).
    let lockedPrivate = isLockedPrivate({
      requested: upload.privacyStatus,
      sentScheduled: wasSentScheduled({ publishType: upload.publishType, publishAt: upload.publishAt, sentAt: upload.updatedAt }),
      answered: upload.youtubePrivacyStatus,
    });
    if (!videoId) {
      // A schedule whose time passed while the upload waited is published at once instead.
      const publishAt = keepsSchedule(upload.publishAt, new Date()) ? upload.publishAt : null;
      const result = await sendVideo({
        ctx,
        rows: { ...rows, upload },
        jobDir,
        setProgress,
        account: () => ({ client: oauth, endpoints: ctx.deps.google, tokens, onTokens, signal: ctx.signal }),
        metadata: {
          title: upload.title,
          description: upload.description,
          tags: upload.tags,
          categoryId: upload.categoryId,
          privacyStatus: upload.privacyStatus,
          publishAt,
          madeForKids: upload.madeForKids,
          containsSyntheticMedia: upload.containsSyntheticMedia,
        },
      });
      // videos.insert has its own bucket since 2026-06-01 (1 of quota_daily_uploads a day).
      if (result === 'waiting') {
        await waitForNextQuotaDay(ctx, uploadId);
        return;
      }
      videoId = result.videoId;
      await recordYouTubeVideoId(db, uploadId, videoId, result.privacyStatus);
      lockedPrivate = isLockedPrivate({ requested: upload.privacyStatus, sentScheduled: publishAt !== null, answered: result.privacyStatus });
    }
    // YouTube has the video: a rendered copy kept for resuming is not needed any more.
    const current = await loadUploadForJob(db, uploadId);
    if (current) await removeRendered(ctx, current.upload);

    // The thumbnail and the playlist item are optional extras from the units bucket. When it
    // cannot pay for one (locally, or Google says quotaExceeded) the extra is skipped with a
    // note instead of holding the published video back until the next quota day.
    const warnings: string[] = [];
    const extra = async (call: YouTubeUnitCall, what: ExtraName, run: () => Promise<void>, done: () => Promise<void>) => {
      if (!(await reserveUnits(db, client.id, YOUTUBE_UNIT_COSTS[call], client.quotaDailyUnits))) {
        warnings.push(extraSkippedForQuota(what, YOUTUBE_UNIT_COSTS[call]));
        return;
      }
      try {
        await run();
        await done();
      } catch (error) {
        const yt = toYouTubeError(error);
        if (yt.kind === 'quotaExceeded') {
          // Google's count wins over ours: the units are gone for the rest of its quota day.
          await exhaustQuotaToday(db, client.id, 'units', client.quotaDailyUnits);
          warnings.push(extraSkippedForQuota(what, YOUTUBE_UNIT_COSTS[call]));
          return;
        }
        if (yt.kind === 'invalid_grant' || shouldRetry(yt, ctx)) throw yt;
        warnings.push(EXTRA_FAILED[what](yt.userMessage));
      }
    };
    const thumbnailKey = upload.thumbnailStorageKey;
    if (thumbnailKey && !upload.thumbnailSet) {
      setProgress(92, 'Memasang thumbnail');
      await extra(
        'thumbnails.set',
        'thumbnail',
        async () =>
          setThumbnail({
            client: oauth,
            endpoints: ctx.deps.google,
            tokens,
            onTokens,
            videoId,
            media: await ctx.deps.storage.read(thumbnailKey),
            mimeType: upload.thumbnailMime ?? 'image/jpeg',
          }),
        () => markThumbnailSet(db, uploadId),
      );
    }
    const playlistId = upload.playlistId;
    if (playlistId && !upload.playlistAdded) {
      setProgress(96, 'Menambahkan ke playlist');
      await extra(
        'playlistItems.insert',
        'playlist',
        () => addToPlaylist({ client: oauth, endpoints: ctx.deps.google, tokens, onTokens, playlistId, videoId }),
        () => markPlaylistAdded(db, uploadId),
      );
    }

    // The final state and the member's notification commit together (a worker dying between
    // them would lose the notification: the retry finds the upload final and stops).
    const completed = await ctx.database.transaction(async ({ db: tx, sql }) => {
      if (!(await completeUpload(tx, uploadId, warnings.length > 0 ? warnings.join(' ') : null))) return false;
      await recordWebhookEvent({ db: tx, sql }, ctx.enqueue, {
        ownerId: upload.userId,
        event: 'upload.completed',
        data: { uploadId, title: upload.title, channel: account.accountName, videoId, videoUrl: `https://www.youtube.com/watch?v=${videoId}`, warnings, link: '/youtube/history' },
      });
      await notifyUser(tx, upload.userId, {
        kind: 'upload.uploaded',
        message: [
          `Video "${upload.title}" berhasil diupload ke YouTube (${account.accountName}).`,
          ...(lockedPrivate ? [PRIVACY_LOCKED_MESSAGE] : []),
          ...warnings,
        ].join(' '),
        dedupeKey: `upload:${uploadId}`,
      });
      // A publish post's YouTube target (issue 33) takes this outcome in the same transaction.
      await mirrorYouTubeUpload({ db: tx, sql }, ctx.enqueue, uploadId, { status: 'published', videoId });
      return true;
    });
    if (completed) await removeJobCopies(ctx, upload);
  } catch (error) {
    return await handleFailure(ctx, uploadId, rows ?? first, error);
  } finally {
    await unlock();
    await rm(jobDir, { recursive: true, force: true });
  }
  return undefined;
};

/** Nothing more to do: uploaded, failed, or cancelled by the member before it was sent. */
function isFinal(status: UploadJobRows['upload']['status']): boolean {
  return status === 'uploaded' || status === 'failed' || status === 'cancelled';
}

type ExtraName = 'thumbnail' | 'playlist';

const EXTRA_FAILED: Record<ExtraName, (reason: string) => string> = {
  thumbnail: (reason) => `Video terupload, tetapi thumbnail gagal dipasang: ${reason}`,
  playlist: (reason) => `Video terupload, tetapi gagal ditambahkan ke playlist: ${reason}`,
};

/** The note of an extra skipped because the units bucket could not pay for it. */
function extraSkippedForQuota(what: ExtraName, units: number): string {
  const done = what === 'thumbnail' ? 'thumbnail tidak dipasang' : 'video tidak ditambahkan ke playlist';
  const how = what === 'thumbnail' ? 'Pasang thumbnail' : 'Tambahkan ke playlist';
  return `Video terupload, tetapi ${done}: kuota unit harian YouTube API client ini tidak cukup (butuh ${units} unit; ${quotaResetText(nextQuotaDayStart())}). ${how} lewat YouTube Studio bila perlu.`;
}

async function waitForNextQuotaDay(ctx: JobContext, uploadId: string): Promise<void> {
  const at = nextQuotaDayStart();
  // A few minutes past the reset, so clocks that differ a little do not matter.
  const startAfter = new Date(at.getTime() + 5 * 60_000);
  const when = jakartaDateTime(startAfter);
  await updateUploadProgress(ctx.database.db, uploadId, {
    status: 'scheduled',
    progress: 0,
    stage: `Kuota unggahan harian YouTube API (videos.insert) untuk client ini habis; upload menunggu reset kuota (${when} ${WIB}).`,
    notBefore: startAfter,
  });
  await ctx.enqueue('youtube.upload', { uploadId }, { startAfter });
}

async function handleFailure(ctx: JobContext, uploadId: string, rows: UploadJobRows, error: unknown): Promise<JobOutcome | void> {
  const { db } = ctx.database;
  // Shutdown or expiry: pg-boss hands the job to another attempt, which resumes it.
  if (ctx.signal.aborted) throw error;
  // The final state and its notification: one transaction, like the success path. `before`
  // writes what goes with them (the account's re-auth mark and its notification).
  const fail = (message: string, before?: (tx: typeof db) => Promise<void>, detail: string | null = null): Promise<JobOutcome> =>
    failAndNotify(message, before, detail)
      .finally(async () => {
        // The upload ended without the video: the rendered copy kept for its session goes.
        const now = await loadUploadForJob(db, uploadId);
        if (now && isFinal(now.upload.status)) await removeRendered(ctx, now.upload);
      })
      // The console says the upload failed and why (it said "selesai").
      .then(() => ({ kind: 'failed', reason: detail ? `${message} (${detail})` : message }));
  const failAndNotify = (message: string, before?: (tx: typeof db) => Promise<void>, detail: string | null = null) =>
    ctx.database.transaction(async ({ db: tx, sql }) => {
      await before?.(tx);
      if (!(await failUpload(tx, uploadId, message, detail))) return;
      await recordWebhookEvent({ db: tx, sql }, ctx.enqueue, {
        ownerId: rows.upload.userId,
        event: 'upload.failed',
        data: { uploadId, title: rows.upload.title, channel: rows.account.accountName, error: message, link: '/youtube/history' },
      });
      await notifyUser(tx, rows.upload.userId, {
        kind: 'upload.failed',
        message: `Upload "${rows.upload.title}" gagal: ${message}`,
        dedupeKey: `upload:${uploadId}`,
      });
      await mirrorYouTubeUpload({ db: tx, sql }, ctx.enqueue, uploadId, { status: 'failed', reason: message, detail });
    });

  if (error instanceof UploadStop || error instanceof UrlNotAllowedError) return fail(error.message);
  if (error instanceof YtDlpError) {
    if (shouldRetry(error, ctx)) throw error;
    return fail('Video atau audio sumber tidak dapat diambil; periksa apakah tautannya masih bisa dibuka, lalu upload ulang.', undefined, error.message);
  }
  if (!(error instanceof YouTubeError)) {
    // Our own trouble (ffmpeg, storage, database) is worth another attempt.
    if (shouldRetry(error, ctx)) throw error;
    return fail(error instanceof Error ? error.message : String(error));
  }
  const yt = error;
  if (yt.kind === 'invalid_grant') {
    return fail(REAUTH_MESSAGE, async (tx) => {
      await markAccountNeedsReauth(tx, rows.account.id);
      await notifyUser(tx, rows.upload.userId, {
        kind: 'youtube.reauth',
        message: `Akun YouTube "${rows.account.accountName}" perlu dihubungkan ulang (re-autentikasi).`,
        dedupeKey: `reauth:${rows.account.id}:${jakartaDate(new Date())}`,
      });
    });
  }
  // Only videos.insert lets quotaExceeded get here (the extras skip themselves): its bucket
  // is empty by Google's count, which wins over ours until the next quota day.
  if (yt.kind === 'quotaExceeded' && rows.client) {
    await exhaustQuotaToday(db, rows.client.id, 'uploads', rows.client.quotaDailyUploads);
    return waitForNextQuotaDay(ctx, uploadId);
  }
  if (shouldRetry(yt, ctx)) {
    await updateUploadProgress(db, uploadId, { stage: `${yt.userMessage} (percobaan ${ctx.retryCount + 1} dari ${ctx.retryLimit + 1})` });
    throw yt;
  }
  return fail(yt.retryable ? gaveUpMessage(yt.kind, ctx.retryCount + 1) : yt.userMessage, undefined, yt.detail || null);
}

/**
 * Trouble worth retrying that outlasted every attempt: the row says so, rather than the
 * retryable message's promise of another try that will not come.
 */
const GAVE_UP_REASONS: Partial<Record<YouTubeError['kind'], string>> = {
  server: 'YouTube sedang bermasalah (error server)',
  network: 'Tidak dapat terhubung ke YouTube (gangguan jaringan)',
  rateLimited: 'YouTube menolak karena terlalu banyak permintaan dalam waktu singkat',
};

function gaveUpMessage(kind: YouTubeError['kind'], attempts: number): string {
  const reason = GAVE_UP_REASONS[kind] ?? 'Permintaan ke YouTube gagal';
  return `${reason}; upload gagal setelah ${attempts} percobaan. Coba upload lagi nanti.`;
}
