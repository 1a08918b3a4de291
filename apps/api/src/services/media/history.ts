import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { HistoryItem, HistoryQuery } from '@scrapper/contracts/http/media';
import { jakartaDayEnd, jakartaDayStart } from '@scrapper/contracts/rules/jakarta-time';
import { displayTitle, extOfKey, readableFileName } from '@scrapper/contracts/rules/readable-file-name';
import type { Database } from '@scrapper/db/client';
import { hideDownloadFromHistory, listDownloadHistory, type HistoryEntry } from '@scrapper/db/queries/download-history';
import { findDownload, type DownloadWithOwner } from '@scrapper/db/queries/downloads';
import { badRequest, notFound } from '../../lib/errors.ts';
import { canReach } from '../../lib/owner-scope.ts';

export function toHistoryItem(row: HistoryEntry): HistoryItem {
  return {
    id: row.id,
    title: displayTitle(row),
    platform: row.platform,
    author: row.author,
    quality: row.quality,
    status: row.status,
    error: row.error,
    errorDetail: row.errorDetail,
    createdAt: row.createdAt.toISOString(),
    // The name the file is saved under (from its title), never the storage key's uuid.
    filename: row.storageKey ? readableFileName(displayTitle(row), extOfKey(row.storageKey)) : null,
    sizeBytes: row.sizeBytes,
    fileExists: row.status === 'completed' && Boolean(row.storageKey) && !row.fileDeletedAt,
    progress: row.status === 'completed' ? 100 : Math.min(100, Math.max(0, row.progress)),
    user: { id: row.ownerId, username: row.ownerUsername },
  };
}

export async function listHistory(database: Database, ownerId: string | null, query: HistoryQuery) {
  // Days are Jakarta days (UTC+7, no daylight saving): the product's users live there.
  const from = query.startDate ? jakartaDayStart(query.startDate) : undefined;
  const to = query.endDate ? jakartaDayEnd(query.endDate) : undefined;
  if (from && to && from >= to) throw badRequest('Tanggal mulai harus sebelum tanggal akhir.');
  const result = await listDownloadHistory(database.db, {
    ownerId: ownerId ?? query.userId ?? null,
    platform: query.platform || undefined,
    from,
    to,
    search: query.search || undefined,
    sortBy: query.sortBy,
    order: query.order,
    offset: query.offset,
    limit: query.limit,
  });
  return {
    history: result.rows.map(toHistoryItem),
    pagination: { total: result.total, hasMore: query.offset + result.rows.length < result.total },
    stats: { total: result.total, byPlatform: result.byPlatform },
  };
}

/** A download the caller may touch: their own, or any for admins; others' are 404. */
export async function findOwnDownload(database: Database, user: SessionUser, id: string): Promise<DownloadWithOwner> {
  const row = await findDownload(database.db, id);
  if (!row || !canReach(user, row.ownerId)) throw notFound('Riwayat unduhan tidak ditemukan.');
  return row;
}

export async function deleteHistoryEntry(database: Database, user: SessionUser, id: string): Promise<{ id: string }> {
  const row = await findOwnDownload(database, user, id);
  if (row.hiddenFromHistoryAt) throw notFound('Riwayat unduhan tidak ditemukan.');
  await hideDownloadFromHistory(database.db, row.id);
  return { id: row.id };
}
