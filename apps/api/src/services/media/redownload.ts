import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { Database } from '@scrapper/db/client';
import { insertDownloadBatch } from '@scrapper/db/queries/download-batches';
import { markDownloadFilesMissing } from '@scrapper/db/queries/download-files';
import { insertOrJoinDownload } from '@scrapper/db/queries/downloads';
import type { DownloadBatchRow } from '@scrapper/db/schema';
import { bossTransaction, enqueue, type Boss } from '@scrapper/db/queue';
import type { Storage } from '@scrapper/integrations/storage/storage';
import { conflict, notFound } from '../../lib/errors.ts';
import { findOwnDownload } from './history.ts';

/**
 * "Unduh Ulang": a history entry whose file is gone is fetched again from its link, as a new
 * download (redownload_of the entry) in a batch of one that the page follows. When it completes
 * it takes the entry's place in the history (completeDownload). A file still in storage is not
 * fetched twice: 409.
 */
export async function redownload(database: Database, boss: Boss, storage: Storage, user: SessionUser, id: string): Promise<DownloadBatchRow> {
  const entry = await findOwnDownload(database, user, id);
  if (entry.hiddenFromHistoryAt || entry.status !== 'completed') throw notFound('Riwayat unduhan tidak ditemukan.');
  const present = entry.storageKey && !entry.fileDeletedAt && (await storage.size(entry.storageKey)) !== undefined;
  if (present) throw conflict('File ini masih tersimpan; gunakan tombol Unduh.');
  if (entry.storageKey && !entry.fileDeletedAt) await markDownloadFilesMissing(database.db, [entry.id]);
  return database.transaction(async ({ db, sql }) => {
    const batch = await insertDownloadBatch(db, {
      ownerId: entry.ownerId,
      resultFileName: entry.resultFileName,
      source: entry.resultFileName ? 'result' : 'urls',
      quality: entry.quality,
      total: 1,
    });
    const { row, created } = await insertOrJoinDownload(db, {
      ownerId: entry.ownerId,
      platform: entry.platform,
      sourceItemId: entry.sourceItemId,
      sourceUrl: entry.sourceUrl,
      directUrl: entry.directUrl,
      resultFileName: entry.resultFileName,
      title: entry.title,
      author: entry.author,
      quality: entry.quality,
      batchId: batch.id,
      item: entry.item,
      redownloadOf: entry.id,
    });
    if (!created) throw conflict('Video ini sedang diunduh; tunggu sampai selesai.');
    await enqueue(boss, 'video.download', { downloadId: row.id }, { db: bossTransaction(sql), singletonKey: row.id });
    return batch;
  });
}
