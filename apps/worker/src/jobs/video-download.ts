import { mkdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { join } from 'node:path';
import type { Db } from '@scrapper/db/client';
import { listBatchDownloads, lockDownloadBatch } from '@scrapper/db/queries/download-batches';
import { completeDownload, failDownload, findDownloadStatus, markDownloadRunning, updateDownloadProgress } from '@scrapper/db/queries/downloads';
import { isAutomationWork } from '@scrapper/db/queries/automations';
import { notifyAdmins, notifyUser } from '@scrapper/db/queries/notifications';
import { takeCookieTurn } from '@scrapper/db/queries/cookie-sets';
import { findMemberCookies } from '@scrapper/db/queries/member-cookies';
import { recordWebhookEvent, type WebhookTx } from '@scrapper/db/queries/webhooks';
import { noteCookieFailure } from './cookie-failure.ts';
import { takePlatformRequest } from '@scrapper/db/queries/platform-rate-limits';
import { headerCookieDomain } from '@scrapper/contracts/rules/platforms';
import { netscapeCookieFile, toNetscapeCookies } from '@scrapper/integrations/cookies';
import { DirectFetchError, fetchDirectMedia, isExpiredMediaUrl } from '@scrapper/integrations/direct-fetch';
import { shouldRetry } from '@scrapper/integrations/retry';
import { formatForQuality, YtDlpError, type DownloadResult, type YtDlpFormat } from '@scrapper/integrations/yt-dlp';
import { readYtDlpVersion } from '@scrapper/integrations/yt-dlp-manager/program';
import { isFinalDownloadStatus } from '@scrapper/contracts/rules/download-states';
import { platformOfDownload } from '@scrapper/contracts/rules/download-links';
import { jakartaDate } from '@scrapper/contracts/rules/jakarta-time';
import type { DownloadFacts } from '@scrapper/db/queries/downloads';
import type { DownloadRow } from '@scrapper/db/schema';
import { notifyYtDlpOutdated } from '../tools/notify-tools.ts';
import { describeDownloadFailure } from './download-failure.ts';
import { storeFile } from './store-file.ts';
import type { JobContext, JobHandler } from './types.ts';

export { YTDLP_OUTDATED_MESSAGE } from './download-failure.ts';

/**
 * yt-dlp failed with its "update yt-dlp" class of errors: what the admins are told (once a day per
 * platform), with the version that failed and yt-dlp's own reason. Built before the final
 * transaction (asking the version may start yt-dlp once), written inside it.
 */
export async function outdatedNotice(ctx: JobContext, platform: string, error: YtDlpError): Promise<(db: Db) => Promise<void>> {
  const version = await ctx.deps.ytdlpTools
    .binary()
    .then(readYtDlpVersion)
    .catch(() => undefined);
  return (db) => notifyYtDlpOutdated(db, { platform, hostname: hostname(), version, reason: error.message });
}

const MIME_BY_EXT: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  opus: 'audio/ogg',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  wav: 'audio/wav',
  '3gp': 'video/3gpp',
};

export function extForContentType(contentType: string): string {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const found = Object.entries(MIME_BY_EXT).find(([, mime]) => mime === type);
  return found?.[0] ?? 'mp4';
}

export function mimeOf(ext: string): string {
  return MIME_BY_EXT[ext.toLowerCase()] ?? 'application/octet-stream';
}

/**
 * When the last download of a batch ends, its owner gets one notification for the batch. Runs
 * in the transaction that ends the row (see finishRow), so the row's final state and the
 * notification commit together.
 */
export async function notifyIfBatchDone(db: Db, batchId: string | null, ownerId: string): Promise<{ done: number; failed: number } | undefined> {
  if (!batchId) return undefined;
  const rows = await listBatchDownloads(db, batchId);
  if (rows.some((r) => !isFinalDownloadStatus(r.status))) return undefined;
  const done = rows.filter((r) => r.status === 'completed').length;
  const failed = rows.length - done;
  // An automation's batch: its run's one summary counts what was downloaded and what failed.
  if (await isAutomationWork(db, { batchId })) return { done, failed };
  await notifyUser(db, ownerId, {
    // A batch with a failed item is a failure: it reaches the bell even when finished batches
    // are switched off on the notification settings page.
    kind: failed === 0 ? 'batch.finished' : 'batch.failed',
    message: failed === 0 ? `Unduhan batch selesai: ${done} item berhasil.` : `Unduhan batch selesai: ${done} berhasil, ${failed} gagal.`,
    dedupeKey: `batch:${batchId}`,
  });
  return { done, failed };
}

/** A login wall or bot check: the admins hear that the platform's cookies look expired (once a day). */
export async function notifyCookiesExpired(db: Db, platform: string): Promise<void> {
  await notifyAdmins(db, {
    kind: 'cookies.expired',
    message: `Cookie ${platform} tampaknya kedaluwarsa: platform meminta login atau verifikasi bot. Perbarui di tab Cookie.`,
    dedupeKey: `cookies:${platform}:${jakartaDate(new Date())}`,
  });
}

/**
 * Ends a download row and sends what its end notifies, in one transaction: a worker that dies
 * between the row's final state and the batch's notification would otherwise lose the
 * notification (the retry finds the row final and stops). The batch row is locked first, so
 * the last two downloads of a batch ending at the same moment take turns: the second one sees
 * the first one's final state and notifies (each alone would see the other still running).
 * `for no key update`: it does not hold up new downloads being added to the batch (their
 * foreign key takes a key-share lock).
 */
async function finishRow(
  ctx: JobContext,
  row: { batchId: string | null; ownerId: string },
  write: (db: Db, sql: WebhookTx['sql']) => Promise<unknown>,
): Promise<void> {
  await ctx.database.transaction(async ({ db, sql }) => {
    if (row.batchId) await lockDownloadBatch(db, row.batchId);
    await write(db, sql);
    const batch = await notifyIfBatchDone(db, row.batchId, row.ownerId);
    if (batch && row.batchId) {
      await recordWebhookEvent({ db, sql }, ctx.enqueue, {
        ownerId: row.ownerId,
        event: 'batch.completed',
        data: { batchId: row.batchId, completed: batch.done, failed: batch.failed, link: '/history' },
      });
    }
  });
}

/**
 * The member's own cookies of the platform first (synced from their browser by the extension),
 * else the admins' pool: each download takes the next one in turn (as yt-dlp's Netscape text),
 * so one account is not worn out by every download.
 */
export async function nextCookies(ctx: JobContext, platform: string, ownerId?: string): Promise<string | undefined> {
  const own = ownerId ? await findMemberCookies(ctx.database.db, ownerId, platform) : undefined;
  if (own) return netscapeCookieFile(ctx.deps.secrets.open(own.sealedCookies));
  const turn = await takeCookieTurn(ctx.database.db, platform);
  if (!turn) return undefined;
  const list: unknown = JSON.parse(ctx.deps.secrets.open(turn.sealedCookies));
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const cookie = list[turn.turn % list.length];
  const domain = headerCookieDomain(platform);
  return typeof cookie === 'string' && domain ? toNetscapeCookies(cookie, domain) : undefined;
}

/**
 * Waits for a request of the platform's per-minute budget, shared by every worker (admins set
 * it per platform; none set means no limit), so bursts of downloads do not get members' IPs
 * and cookies banned.
 */
export async function awaitPlatformTurn(ctx: JobContext, platform: string, signal: AbortSignal = ctx.signal): Promise<void> {
  for (;;) {
    const turn = await takePlatformRequest(ctx.database.db, platform);
    if (turn.granted) return;
    // Spread the waiting jobs over the first second of the next minute.
    await delay(turn.retryAfterMs + Math.floor(Math.random() * 1000), undefined, { signal });
  }
}

/** Runs yt-dlp in a fresh job folder; the folder is the caller's to remove. */
export async function fetchWithYtDlp(
  ctx: JobContext,
  input: { url: string; platform: string; ownerId?: string; jobDir: string; format: YtDlpFormat; onProgress?: (percent: number) => void; signal?: AbortSignal },
): Promise<DownloadResult> {
  await awaitPlatformTurn(ctx, input.platform, input.signal ?? ctx.signal);
  await rm(input.jobDir, { recursive: true, force: true });
  await mkdir(input.jobDir, { recursive: true });
  return ctx.deps.ytdlp.download({
    url: input.url,
    outputDir: input.jobDir,
    format: input.format,
    maxFilesizeBytes: ctx.deps.maxDownloadBytes,
    socketTimeoutSecs: 30,
    cookiesText: await nextCookies(ctx, input.platform, input.ownerId),
    signal: input.signal ?? ctx.signal,
    onProgress: (p) => {
      if (p.overallPercent !== undefined) input.onProgress?.(p.overallPercent);
    },
  });
}

/**
 * What yt-dlp's info adds to a pasted link's row (no result file): the uploader, platform and id
 * there. Never the title: that was decided when the row was created (the link's address, or
 * the item's title or fallback) and every screen and file name already shows it; yt-dlp's
 * title of a stream ("master" for an HLS playlist) replaced it before (issue 31 item 2).
 */
export function factsFromInfo(row: Pick<DownloadRow, 'resultFileName' | 'sourceUrl' | 'sourceItemId'>, info: DownloadResult['info'] | undefined): DownloadFacts {
  if (!info || row.resultFileName !== null || row.sourceItemId !== row.sourceUrl) return {};
  return {
    author: info.uploader?.trim().slice(0, 200) ?? '',
    platform: platformOfDownload(info.webpageUrl ?? row.sourceUrl, info.extractor),
    ...(info.id ? { sourceItemId: info.id.slice(0, 200) } : {}),
  };
}

/**
 * video.download: yt-dlp fetches the item in the chosen quality into a job folder, the file
 * goes to storage and the history row is completed. yt-dlp's reason is the row's error when
 * it fails; a transient failure is retried.
 */
export const videoDownload: JobHandler<'video.download'> = async ({ downloadId }, ctx) => {
  const { db } = ctx.database;
  const row = await markDownloadRunning(db, downloadId);
  if (!row) return;
  const jobDir = join(ctx.deps.tempDir, 'downloads', row.id);
  let lastWrite = 0;
  // A member may cancel (a batch): the row says so, and yt-dlp is stopped within a second.
  const cancel = new AbortController();
  const signal = AbortSignal.any([ctx.signal, cancel.signal]);
  const watch = setInterval(() => {
    void findDownloadStatus(db, row.id)
      .then((status) => {
        if (status === 'cancelled') cancel.abort();
      })
      .catch(() => undefined);
  }, 1000);
  try {
    const onProgress = (percent: number) => {
      // A progress write a second at most: yt-dlp reports many times a second.
      if (Date.now() - lastWrite < 1000) return;
      lastWrite = Date.now();
      void updateDownloadProgress(db, row.id, percent).catch(() => undefined);
    };
    let result: { filePath: string; ext: string; info?: DownloadResult['info'] };
    try {
      result = await fetchWithYtDlp(ctx, { url: row.sourceUrl, platform: row.platform, ownerId: row.ownerId, jobDir, format: formatForQuality(row.quality), onProgress, signal });
    } catch (error) {
      // yt-dlp could not fetch the page (Douyin's login wall is the known case): the actor's
      // direct media URL, when it gave one, is fetched instead under the same URL rules.
      const pageRefused = error instanceof YtDlpError && (error.kind === 'permanent' || error.kind === 'needs-cookies' || error.kind === 'outdated');
      // Instagram's signed videoUrl expires within hours: an expired one is not tried, so
      // yt-dlp's reason for the page (usually: cookies needed) is what the member hears.
      if (!pageRefused || !row.directUrl || row.quality === 'audio-only' || isExpiredMediaUrl(row.directUrl)) throw error;
      await awaitPlatformTurn(ctx, row.platform, signal);
      let fetched: Awaited<ReturnType<typeof fetchDirectMedia>>;
      try {
        fetched = await fetchDirectMedia({
          url: row.directUrl,
          outputPath: join(jobDir, `${row.id}.direct`),
          maxBytes: ctx.deps.maxDownloadBytes,
          socketTimeoutSecs: 30,
          allowPrivateNetwork: ctx.deps.allowPrivateNetworkFetch,
          allowHosts: ctx.deps.fetchAllowPrivateHosts,
          signal,
          onProgress: ({ downloadedBytes, totalBytes }) => {
            if (totalBytes) onProgress((downloadedBytes / totalBytes) * 100);
          },
        });
      } catch (directError) {
        // An out-of-date yt-dlp is the cause the member and the admins must hear about; the
        // direct URL was only a second chance (unless it is worth another attempt).
        const retryDirect = directError instanceof DirectFetchError && shouldRetry(directError, ctx);
        if (error.kind === 'outdated' && !retryDirect && !cancel.signal.aborted && !ctx.signal.aborted) throw error;
        throw directError;
      }
      result = { filePath: fetched.filePath, ext: extForContentType(fetched.contentType) };
    }
    const storageKey = `downloads/${row.ownerId}/${row.id}.${result.ext}`;
    const { size } = await storeFile(ctx.deps.storage, storageKey, result.filePath);
    let completed = false;
    await finishRow(ctx, row, async (tx, sql) => {
      completed = await completeDownload(tx, row.id, { storageKey, sizeBytes: size, mime: mimeOf(result.ext) }, factsFromInfo(row, result.info));
      if (!completed) return;
      await recordWebhookEvent({ db: tx, sql }, ctx.enqueue, {
        ownerId: row.ownerId,
        event: 'download.completed',
        data: { downloadId: row.id, batchId: row.batchId, platform: row.platform, sourceUrl: row.sourceUrl, quality: row.quality, sizeBytes: size, link: '/history' },
      });
    });
    // Cancelled meanwhile: the file is not the row's.
    if (!completed) await ctx.deps.storage.remove(storageKey);
  } catch (error) {
    if (cancel.signal.aborted) return; // cancelled by the member: the row already says so
    if (error instanceof YtDlpError && error.kind === 'cancelled' && ctx.signal.aborted) throw error;
    // Our own trouble (storage, database) is worth another attempt; a refused URL is not.
    if (shouldRetry(error, ctx)) throw error;
    const needsCookies = error instanceof YtDlpError && error.needsCookies;
    const outdated = error instanceof YtDlpError && error.isOutdated ? await outdatedNotice(ctx, row.platform, error) : undefined;
    // One sentence for the member, yt-dlp's own words under "Detail".
    const failure = describeDownloadFailure(error);
    await finishRow(ctx, row, async (tx) => {
      // A login wall: the sentence says whose cookies were refused (the member's own or the admins').
      const message = needsCookies ? await noteCookieFailure(tx, row, notifyCookiesExpired) : failure.message;
      await failDownload(tx, row.id, message, 'failed', failure.detail);
      await outdated?.(tx);
    });
    return { kind: 'failed', reason: failure.detail ? `${failure.message} (${failure.detail})` : failure.message };
  } finally {
    clearInterval(watch);
    await rm(jobDir, { recursive: true, force: true });
  }
  return undefined;
};
