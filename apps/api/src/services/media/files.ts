import type { SessionUser } from '@scrapper/contracts/http/auth';
import { formatBytes, type FileItem } from '@scrapper/contracts/http/files';
import { displayTitle, extOfKey, readableFileName } from '@scrapper/contracts/rules/readable-file-name';
import type { Database } from '@scrapper/db/client';
import { listDownloadedFiles, markDownloadFileDeleted } from '@scrapper/db/queries/downloads';
import type { Storage } from '@scrapper/integrations/storage/storage';
import { findOwnDownload } from './history.ts';
import { notFound } from '../../lib/errors.ts';

export async function listFiles(
  database: Database,
  storage: Storage,
  user: SessionUser,
  query: { platform?: string; sortBy: 'date' | 'title' | 'platform'; order: 'asc' | 'desc' },
) {
  const rows = await listDownloadedFiles(database.db, {
    ownerId: user.role === 'admin' ? null : user.id,
    platform: query.platform || undefined,
    sortBy: query.sortBy,
    order: query.order,
  });
  // The store is the truth for "File hilang": a file removed behind our back shows as missing.
  // One look per folder (readdir; an S3 listing), not one stat or HEAD per file; never cached.
  const present = await storage.existing(rows.flatMap((r) => (r.storageKey ? [r.storageKey] : [])));
  const files: FileItem[] = rows.map((r) => {
    const exists = !!r.storageKey && present.has(r.storageKey);
    return {
      id: r.id,
      title: displayTitle(r),
      fileName: readableFileName(displayTitle(r), extOfKey(r.storageKey)),
      platform: r.platform,
      createdAt: r.createdAt.toISOString(),
      sizeBytes: r.sizeBytes,
      formattedSize: formatBytes(r.sizeBytes),
      fileExists: exists,
      downloadUrl: `/api/media/download/history/${r.id}`,
      username: r.ownerUsername,
    };
  });
  const totalBytes = files.reduce((sum, f) => sum + (f.fileExists ? (f.sizeBytes ?? 0) : 0), 0);
  return {
    files,
    stats: {
      totalFiles: files.length,
      formattedTotalSize: formatBytes(totalBytes),
      platforms: [...new Set(files.map((f) => f.platform))].sort(),
    },
  };
}

export async function deleteFile(database: Database, storage: Storage, user: SessionUser, id: string): Promise<{ id: string }> {
  const row = await findOwnDownload(database, user, id);
  if (!row.storageKey || row.fileDeletedAt) throw notFound('File tidak ditemukan.');
  await markDownloadFileDeleted(database.db, row.id);
  await storage.remove(row.storageKey);
  return { id: row.id };
}
