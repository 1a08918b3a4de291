import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { finishPreview, markPreviewRunning } from '@scrapper/db/queries/previews';
import { shouldRetry } from '@scrapper/integrations/retry';
import { YtDlpError } from '@scrapper/integrations/yt-dlp';
import type { JobHandler } from './types.ts';
import { noteCookieFailure } from './cookie-failure.ts';
import { storeFile } from './store-file.ts';
import { fetchWithYtDlp, notifyCookiesExpired, outdatedNotice, YTDLP_OUTDATED_MESSAGE } from './video-download.ts';

/**
 * video.preview: the item in the actor's preview format, cut to its maxDuration with
 * ffmpeg (streams copied), stored once and shared by everyone who previews it.
 */
export const videoPreview: JobHandler<'video.preview'> = async ({ previewId, requestedBy }, ctx) => {
  const { db } = ctx.database;
  const row = await markPreviewRunning(db, previewId);
  if (!row) return;
  const jobDir = join(ctx.deps.tempDir, 'previews', row.id);
  try {
    const fetched = await fetchWithYtDlp(ctx, {
      url: row.sourceUrl,
      platform: row.platform,
      // The requesting member's own cookies first, the admins' pool otherwise (as downloads).
      ownerId: requestedBy,
      jobDir,
      // The admin's yt-dlp format string goes to -f as one argument, never through a shell.
      format: { selector: row.format, sort: undefined, mergeOutputFormat: 'mp4', extractAudio: undefined },
    });
    const output = join(jobDir, `preview-${row.id}.mp4`);
    await ctx.deps.ffmpeg.cut({ input: fetched.filePath, output, maxDurationSecs: row.maxDurationSecs, signal: ctx.signal });
    const storageKey = `previews/${row.platform.replace(/[^a-z0-9_-]/gi, '') || 'platform'}/${row.id}.mp4`;
    const { size } = await storeFile(ctx.deps.storage, storageKey, output);
    await finishPreview(db, row.id, { status: 'completed', storageKey, sizeBytes: size });
  } catch (error) {
    if (error instanceof YtDlpError && error.kind === 'cancelled' && ctx.signal.aborted) throw error;
    // Like downloads and scrapes: network trouble and our own (a database or storage blip)
    // get another attempt; a refusal, or the last attempt, fails the preview.
    if (shouldRetry(error, ctx)) throw error;
    const outdated = error instanceof YtDlpError && error.isOutdated ? await outdatedNotice(ctx, row.platform, error) : undefined;
    const needsCookies = error instanceof YtDlpError && error.needsCookies;
    let reason = error instanceof Error ? error.message : String(error);
    if (outdated && !needsCookies) reason = YTDLP_OUTDATED_MESSAGE;
    await ctx.database.transaction(async ({ db: tx }) => {
      // A login wall: whose cookies were refused, and the member's or the admins' notice.
      if (needsCookies) reason = await noteCookieFailure(tx, { ownerId: requestedBy, platform: row.platform }, notifyCookiesExpired);
      await finishPreview(tx, row.id, { status: 'failed', error: reason });
      await outdated?.(tx);
    });
  } finally {
    await rm(jobDir, { recursive: true, force: true });
  }
};
