import type { SessionUser } from '@scrapper/contracts/http/auth';
import { paginationOf } from '@scrapper/contracts/common';
import { formatBytes, type FileItem, type ListFilesQuery } from '@scrapper/contracts/http/files';
import { displayTitle, extOfKey, readableFileName } from '@scrapper/contracts/rules/readable-file-name';
import type { Database } from '@scrapper/db/client';
import { countDownloadedFiles, listDownloadedFiles, markDownloadFileDeleted, summarizeDownloadedFiles } from '@scrapper/db/queries/download-files';
import type { Storage } from '@scrapper/integrations/storage/storage';
import { findOwnDownload } from './history.ts';
import { notFound } from '../../lib/errors.ts';
import { ownerScope } from '../../lib/owner-scope.ts';

export async function listFiles(database: Database, user: SessionUser, query: ListFilesQuery) {
  const ownerId = ownerScope(user);
  const filter = { ownerId, id: query.id, platform: query.platform || undefined, search: query.search || undefined };
  // The page and the library's summary side by side; a title search (or an id) needs its own
  // count, a platform filter alone is read off the summary.
  const [rows, library, searched] = await Promise.all([
    listDownloadedFiles(database.db, { ...filter, sortBy: query.sortBy, order: query.order, offset: query.offset, limit: query.limit }),
    summarizeDownloadedFiles(database.db, ownerId),
    filter.search || filter.id ? countDownloadedFiles(database.db, filter) : Promise.resolve(null),
  ]);
  // "File hilang" is what the database knows (downloads.file_missing_at): set when a read or the
  // maintenance sweep finds a file gone, cleared when it is written again. The page asks the
  // storage nothing (it used to stat its 50 files: a third of the route's CPU).
  const files: FileItem[] = rows.map((r) => {
    const title = displayTitle(r);
    return {
      id: r.id,
      title,
      fileName: readableFileName(title, extOfKey(r.storageKey)),
      platform: r.platform,
      createdAt: r.createdAt,
      sizeBytes: r.sizeBytes,
      formattedSize: formatBytes(r.sizeBytes),
      fileExists: !!r.storageKey && !r.fileMissing,
      downloadUrl: `/api/media/download/history/${r.id}`,
      username: r.ownerUsername,
    };
  });
  const matching = filter.platform ? library.filter((p) => p.platform === filter.platform) : library;
  const total = searched ?? matching.reduce((sum, p) => sum + p.files, 0);
  const totalBytes = library.reduce((sum, p) => sum + p.bytes, 0);
  return {
    files,
    // The library as a whole, whatever the filter: the cards and the platform choices.
    stats: {
      totalFiles: library.reduce((sum, p) => sum + p.files, 0),
      formattedTotalSize: formatBytes(totalBytes),
      totalBytes,
      platforms: library.map((p) => p.platform),
    },
    pagination: paginationOf(query, files.length, total),
  };
}

export async function deleteFile(database: Database, storage: Storage, user: SessionUser, id: string): Promise<{ id: string }> {
  const row = await findOwnDownload(database, user, id);
  if (!row.storageKey || row.fileDeletedAt) throw notFound('File tidak ditemukan.');
  await markDownloadFileDeleted(database.db, row.id);
  await storage.remove(row.storageKey);
  return { id: row.id };
}
