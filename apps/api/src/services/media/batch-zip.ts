import type { Readable } from 'node:stream';
import { displayTitle, extOfKey, readableFileName, uniqueFileNames } from '@scrapper/contracts/rules/readable-file-name';
import type { Database } from '@scrapper/db/client';
import { listBatchDownloads } from '@scrapper/db/queries/download-batches';
import { markDownloadFilesMissing } from '@scrapper/db/queries/download-files';
import type { Storage } from '@scrapper/integrations/storage/storage';
import { ZipFile } from 'yazl';
import { notFound } from '../../lib/errors.ts';
import { findOwnBatch } from './batch-dto.ts';

export interface BatchZip {
  fileName: string;
  entries: string[];
  stream: Readable;
}

/**
 * The finished files of a batch as one zip, streamed: yazl reads each file from storage only when
 * the one before it is written (addReadStreamLazy), so memory stays flat however large the batch.
 * Entries are stored, not deflated: videos are compressed already, and deflating them costs CPU
 * for nothing. Names are the titles, made unique ("Kucing (2).mp4").
 */
export async function batchZip(database: Database, storage: Storage, id: string, ownerId: string | null): Promise<BatchZip> {
  const batch = await findOwnBatch(database, id, ownerId);
  const rows = (await listBatchDownloads(database.db, batch.id)).filter((r) => r.status === 'completed' && r.storageKey && !r.fileDeletedAt);
  // Files removed behind our back are left out rather than breaking the zip half-way.
  const present = await storage.existing(rows.flatMap((r) => (r.storageKey ? [r.storageKey] : [])));
  const files = rows.filter((r) => r.storageKey && present.has(r.storageKey));
  // What was found gone shows as "File hilang" in the files list from now on.
  await markDownloadFilesMissing(database.db, rows.filter((r) => !files.includes(r)).map((r) => r.id));
  if (files.length === 0) throw notFound('Belum ada file yang selesai diunduh di batch ini.');
  const names = uniqueFileNames(files.map((r) => readableFileName(displayTitle(r), extOfKey(r.storageKey))));
  const zip = new ZipFile();
  files.forEach((row, index) => {
    const key = row.storageKey ?? '';
    zip.addReadStreamLazy(names[index] ?? `video-${index + 1}.mp4`, { compress: false, mtime: row.finishedAt ?? row.createdAt }, (cb) => {
      storage.read(key).then(
        (stream) => cb(null, stream),
        (error: unknown) => cb(error, process.stdin),
      );
    });
  });
  zip.end();
  const day = batch.createdAt.toISOString().slice(0, 10);
  return { fileName: `unduhan-${day}-${batch.id.slice(0, 8)}.zip`, entries: names, stream: zip.outputStream as unknown as Readable };
}
