// youtube.upload's endings without the video: a failure told to the member (or another attempt),
// and the wait for the next quota day when the upload bucket is empty.
import { REAUTH_MESSAGE } from '@scrapper/contracts/http/youtube-uploads';
import { jakartaDate, jakartaDateTime, WIB } from '@scrapper/contracts/rules/jakarta-time';
import { nextQuotaDayStart } from '@scrapper/contracts/rules/youtube-quota';
import { notifyUser } from '@scrapper/db/queries/notifications';
import { recordWebhookEvent } from '@scrapper/db/queries/webhooks';
import {
  exhaustQuotaToday,
  failUpload,
  loadUploadForJob,
  markAccountNeedsReauth,
  updateUploadProgress,
  type UploadJobRows,
} from '@scrapper/db/queries/youtube-jobs';
import { shouldRetry } from '@scrapper/integrations/retry';
import { UrlNotAllowedError } from '@scrapper/integrations/url-guard';
import { YtDlpError } from '@scrapper/integrations/yt-dlp';
import { YouTubeError } from '@scrapper/integrations/youtube';
import { mirrorYouTubeUpload, toldBySummary } from '../publish-target/youtube.ts';
import type { JobContext, JobOutcome } from '../types.ts';
import { removeRendered, UploadStop } from './prepare-media.ts';

/** Nothing more to do: uploaded, failed, or cancelled by the member before it was sent. */
export function isFinal(status: UploadJobRows['upload']['status']): boolean {
  return status === 'uploaded' || status === 'failed' || status === 'cancelled';
}

export async function waitForNextQuotaDay(ctx: JobContext, uploadId: string): Promise<void> {
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

export async function handleFailure(ctx: JobContext, uploadId: string, rows: UploadJobRows, error: unknown): Promise<JobOutcome | void> {
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
      // A publish post's target: the post's summary (a failure kind, always delivered) says so
      // with the reason, so the member gets one notification, not two.
      if (!(await toldBySummary(tx, uploadId, 'failed'))) {
        await notifyUser(tx, rows.upload.userId, {
          kind: 'upload.failed',
          message: `Upload "${rows.upload.title}" gagal: ${message}`,
          dedupeKey: `upload:${uploadId}`,
        });
      }
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
