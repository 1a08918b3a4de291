// A YouTube target goes through the YouTube upload pipeline (its quota buckets, resumable
// session, exactly-once): a youtube_uploads row from the server file and the post, made once
// (the target keeps its id), and youtube.upload queued. That job's final state is mirrored into
// the target (mirrorYouTubeUpload, called in its own final transactions).
import { randomUUID } from 'node:crypto';
import type { YouTubeOptionsSchema } from '@scrapper/contracts/http/publish';
import { bossTransaction } from '@scrapper/db/queue';
import { isAutomationWork } from '@scrapper/db/queries/automations';
import { findDownload } from '@scrapper/db/queries/downloads';
import { findTargetOfYouTubeUpload, loadTargetForJob, updateTarget } from '@scrapper/db/queries/publish-posts';
import { insertYouTubeUpload } from '@scrapper/db/queries/youtube';
import type { SendJob } from '@scrapper/db/queries/webhooks';
import type { Database, Db } from '@scrapper/db/client';
import type { z } from 'zod';
import { finishTargetIn } from './finish.ts';
import { FILE_GONE_MESSAGE, TargetStop } from './prepare-file.ts';
import type { SendTarget } from './types.ts';

export const sendYouTube: SendTarget = async ({ ctx, rows }) => {
  const { target, post, youtubeAccount } = rows;
  if (target.youtubeUploadId) return 'handed-over';
  if (!youtubeAccount) throw new TargetStop('Channel YouTube tujuan ini sudah dihapus.');
  const download = post.serverFileId ? await findDownload(ctx.database.db, post.serverFileId) : undefined;
  if (!download?.storageKey || download.status !== 'completed' || download.fileDeletedAt) throw new TargetStop(FILE_GONE_MESSAGE);
  const options = (target.options ?? {}) as Partial<z.infer<typeof YouTubeOptionsSchema>>;
  const ext = /\.([a-z0-9]{2,4})$/i.exec(download.storageKey)?.[1] ?? 'mp4';
  await ctx.database.transaction(async ({ db, sql }) => {
    const upload = await insertYouTubeUpload(db, {
      id: randomUUID(),
      userId: post.userId,
      accountId: youtubeAccount.id,
      title: post.title ?? post.caption.slice(0, 100),
      description: post.caption,
      categoryId: options.categoryId ?? '22',
      privacyStatus: options.privacyStatus ?? 'public',
      madeForKids: options.madeForKids ?? false,
      publishType: 'now',
      sourceKind: 'server',
      sourceDownloadId: download.id,
      videoFileName: `${download.title}.${ext}`,
      videoMime: download.mime,
      videoSizeBytes: download.sizeBytes,
      status: 'processing',
    });
    // The upload row and the target's link to it commit together: a retry finds it and stops.
    if (!(await updateTarget(db, target.id, { status: 'uploading', youtubeUploadId: upload.id }))) throw new TargetStop('Tujuan ini sudah dibatalkan.');
    await ctx.enqueue('youtube.upload', { uploadId: upload.id }, { db: bossTransaction(sql), singletonKey: upload.id });
  });
  return 'handed-over';
};

/**
 * The YouTube upload behind a target ended: the target takes its outcome, in the upload job's
 * own final transaction. Nothing when no target is behind the upload.
 */
export async function mirrorYouTubeUpload(
  tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  send: SendJob,
  uploadId: string,
  outcome: { status: 'published'; videoId: string } | { status: 'failed'; reason: string; detail?: string | null },
): Promise<void> {
  const target = await findTargetOfYouTubeUpload(tx.db, uploadId);
  if (!target) return;
  const rows = await loadTargetForJob(tx.db, target.id);
  if (!rows) return;
  await finishTargetIn(
    tx,
    send,
    { target: rows.target, post: rows.post, accountName: rows.youtubeAccount?.accountName ?? '' },
    outcome.status === 'published'
      ? { status: 'published', remotePostId: outcome.videoId, link: `https://www.youtube.com/watch?v=${outcome.videoId}` }
      : { status: 'failed', reason: outcome.reason, detail: outcome.detail ?? null },
  );
}

/**
 * Whether an upload's outcome reaches the member through a summary instead of a notification of
 * its own. A publish post's YouTube target: always (the post's one summary, publish.done or
 * publish.failed with the reason). An automation's own upload: when it went out (its run's
 * summary announced it); its failure is still told, as the run may have ended long before.
 */
export async function toldBySummary(db: Db, uploadId: string, outcome: 'uploaded' | 'failed'): Promise<boolean> {
  if (await findTargetOfYouTubeUpload(db, uploadId)) return true;
  return outcome === 'uploaded' && (await isAutomationWork(db, { youtubeUploadId: uploadId }));
}
