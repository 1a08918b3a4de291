// youtube.upload. The parts: prepare-media.ts (the video as it goes to YouTube), send.ts (the
// resumable upload, exactly once), failure.ts (endings without the video); the channel lock is
// @scrapper/db/locks'.
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { PRIVACY_LOCKED_MESSAGE, REAUTH_MESSAGE } from '@scrapper/contracts/http/youtube-uploads';
import { isLockedPrivate, keepsSchedule, wasSentScheduled } from '@scrapper/contracts/rules/youtube-privacy';
import { nextQuotaDayStart, quotaResetText, YOUTUBE_UNIT_COSTS, type YouTubeUnitCall } from '@scrapper/contracts/rules/youtube-quota';
import { lockYouTubeChannel } from '@scrapper/db/locks';
import { notifyUser } from '@scrapper/db/queries/notifications';
import { recordWebhookEvent } from '@scrapper/db/queries/webhooks';
import {
  completeUpload,
  exhaustQuotaToday,
  loadUploadForJob,
  markPlaylistAdded,
  markThumbnailSet,
  recordYouTubeVideoId,
  reserveUnits,
  saveAccountTokens,
  startUploadAttempt,
  updateUploadProgress,
  type UploadJobRows,
} from '@scrapper/db/queries/youtube-jobs';
import { shouldRetry } from '@scrapper/integrations/retry';
import {
  addToPlaylist,
  refreshIfExpiring,
  setThumbnail,
  toYouTubeError,
  YouTubeError,
  type OAuthClientConfig,
  type YouTubeTokens,
} from '@scrapper/integrations/youtube';
import { mirrorYouTubeUpload, toldBySummary } from '../publish-target/youtube.ts';
import type { JobHandler } from '../types.ts';
import { handleFailure, isFinal, waitForNextQuotaDay } from './failure.ts';
import { removeJobCopies, removeRendered, UploadStop } from './prepare-media.ts';
import { google, sendVideo } from './send.ts';

export { SERVER_FILE_GONE_MESSAGE } from './prepare-media.ts';

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

  const unlock = await lockYouTubeChannel(ctx.database.sql, first.account.id, {
    signal: ctx.signal,
    onWait: () => updateUploadProgress(db, uploadId, { stage: 'Menunggu upload lain di channel ini selesai' }),
  });
  const jobDir = join(ctx.deps.tempDir, 'uploads', uploadId);
  let rows: UploadJobRows | undefined;
  // Progress is written without waiting for it (the upload goes on meanwhile), one write after
  // the other. Every outcome waits for the last one first: a progress line landing after the
  // outcome would put "Mengupload ke YouTube" back over "waiting for the quota" or a retry's words.
  let progressWrites: Promise<unknown> = Promise.resolve();
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
      const progress = Math.max(0, Math.min(99, Math.round(percent)));
      progressWrites = progressWrites.then(() => updateUploadProgress(db, uploadId, { progress, stage })).catch(() => undefined);
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
        await progressWrites;
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
    await progressWrites;
    const completed = await ctx.database.transaction(async ({ db: tx, sql }) => {
      if (!(await completeUpload(tx, uploadId, warnings.length > 0 ? warnings.join(' ') : null))) return false;
      await recordWebhookEvent({ db: tx, sql }, ctx.enqueue, {
        ownerId: upload.userId,
        event: 'upload.completed',
        data: { uploadId, title: upload.title, channel: account.accountName, videoId, videoUrl: `https://www.youtube.com/watch?v=${videoId}`, warnings, link: '/youtube/history' },
      });
      // An automation's upload or a publish post's YouTube target went as its run or post says
      // in its own summary: one notification, not two.
      if (!(await toldBySummary(tx, uploadId, 'uploaded'))) {
        await notifyUser(tx, upload.userId, {
          kind: 'upload.uploaded',
          message: [
            `Video "${upload.title}" berhasil diupload ke YouTube (${account.accountName}).`,
            ...(lockedPrivate ? [PRIVACY_LOCKED_MESSAGE] : []),
            ...warnings,
          ].join(' '),
          dedupeKey: `upload:${uploadId}`,
        });
      }
      // A publish post's YouTube target (issue 33) takes this outcome in the same transaction.
      await mirrorYouTubeUpload({ db: tx, sql }, ctx.enqueue, uploadId, { status: 'published', videoId });
      return true;
    });
    if (completed) await removeJobCopies(ctx, upload);
  } catch (error) {
    await progressWrites;
    return await handleFailure(ctx, uploadId, rows ?? first, error);
  } finally {
    await unlock();
    await rm(jobDir, { recursive: true, force: true });
  }
  return undefined;
};

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
