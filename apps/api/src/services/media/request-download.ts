import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import type { Quality } from '@scrapper/contracts/http/media';
import { directMediaUrlOf } from '@scrapper/contracts/rules/direct-media-url';
import type { Database } from '@scrapper/db/client';
import { insertDownloadBatch, setDownloadBatch } from '@scrapper/db/queries/download-batches';
import { markDownloadFilesMissing } from '@scrapper/db/queries/download-files';
import { findCompletedDownload, findDownload, insertOrJoinDownload, type DownloadWithOwner } from '@scrapper/db/queries/downloads';
import type { DownloadBatchRow, DownloadRow } from '@scrapper/db/schema';
import { bossTransaction, enqueue, type Boss } from '@scrapper/db/queue';
import type { Storage } from '@scrapper/integrations/storage/storage';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { openResultFile } from './open-result-file.ts';
import { openResultItem } from './open-result-item.ts';
import { readResultItems } from './read-result-items.ts';

/**
 * The item's direct media URL (Instagram's signed `videoUrl`, Douyin's `play_addr`, ...): kept
 * on the download for when yt-dlp cannot open the page, never used before it.
 */
export function directUrlOf(item: VideoItem): string | null {
  return directMediaUrlOf(item.raw);
}

async function queueDownload(
  database: Database,
  boss: Boss,
  ownerId: string,
  platform: string,
  fileName: string,
  item: VideoItem,
  quality: Quality,
  batchId: string | null,
): Promise<DownloadRow> {
  if (!item.url) throw badRequest(`Item "${item.title || item.id}" tidak memiliki URL untuk diunduh.`);
  return database.transaction(async ({ db, sql }) => {
    const { row, created } = await insertOrJoinDownload(db, {
      ownerId,
      platform,
      sourceItemId: item.id,
      sourceUrl: item.url,
      directUrl: directUrlOf(item),
      resultFileName: fileName,
      title: item.title || item.id,
      author: item.author,
      quality,
      batchId,
      item: item.raw,
    });
    if (created) await enqueue(boss, 'video.download', { downloadId: row.id }, { db: bossTransaction(sql), singletonKey: row.id });
    // Joined a download already under way: it now counts for this batch too.
    else if (batchId) await setDownloadBatch(db, row.id, batchId);
    return row;
  });
}

/** Waits for a queued download to finish; the work happens in a worker. */
export async function waitForDownload(database: Database, id: string, signal: AbortSignal, timeoutMs: number): Promise<DownloadWithOwner> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await findDownload(database.db, id);
    if (!row) throw notFound('Unduhan tidak ditemukan.');
    if (row.status === 'completed') return row;
    if (row.status === 'failed' || row.status === 'cancelled') {
      throw new AppError(502, `Gagal mengunduh "${row.title}": ${row.error ?? 'alasan tidak diketahui'}`, {}, undefined, row.errorDetail ?? undefined);
    }
    if (signal.aborted) throw new AppError(499, 'Permintaan dibatalkan oleh klien.');
    if (Date.now() > deadline) throw new AppError(504, 'Unduhan belum selesai; lihat Riwayat nanti.');
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** One item: reuse a finished file, or queue (or join) a download and wait for it. */
export async function requestDownload(
  database: Database,
  boss: Boss,
  storage: Storage,
  user: SessionUser,
  input: { itemId: string; fileName: string; quality: Quality; username?: string },
  signal: AbortSignal,
  timeoutMs: number,
): Promise<DownloadWithOwner> {
  const { file: { task, platform }, item } = await openResultItem(database, storage, user, input);
  const existing = await findCompletedDownload(database.db, task.ownerId, platform, item.id, input.quality);
  if (existing?.storageKey) {
    if ((await storage.size(existing.storageKey)) !== undefined) {
      const row = await findDownload(database.db, existing.id);
      if (row) return row;
    } else {
      await markDownloadFilesMissing(database.db, [existing.id]);
    }
  }
  const row = await queueDownload(database, boss, task.ownerId, platform, input.fileName, item, input.quality, null);
  return waitForDownload(database, row.id, signal, timeoutMs);
}

/** Many items of one file, downloaded by the workers with their bounded concurrency. */
export async function startBatch(
  database: Database,
  boss: Boss,
  storage: Storage,
  user: SessionUser,
  input: { fileName: string; itemIds: string[]; quality: Quality; username?: string },
): Promise<DownloadBatchRow> {
  const file = await openResultFile(database, storage, user, input.fileName, input.username);
  const { task, platform } = file;
  const wanted = [...new Set(input.itemIds)];
  // Looked up through the index, one ranged read of the file per item.
  const chosen = await readResultItems(database, storage, file, wanted);
  if (chosen.length !== wanted.length) throw notFound('Sebagian item tidak ditemukan di file hasil.');
  const batch = await insertDownloadBatch(database.db, {
    ownerId: task.ownerId,
    resultFileName: input.fileName,
    quality: input.quality,
    total: chosen.length,
  });
  for (const item of chosen) {
    await queueDownload(database, boss, task.ownerId, platform, input.fileName, item, input.quality, batch.id);
  }
  return batch;
}
