import type { Batch } from '@scrapper/contracts/http/media';
import { displayTitle } from '@scrapper/contracts/rules/readable-file-name';
import type { Database } from '@scrapper/db/client';
import { findDownloadBatch, listBatchDownloads } from '@scrapper/db/queries/download-batches';
import { currentMinuteUsage, listPlatformRateLimits } from '@scrapper/db/queries/platform-rate-limits';
import type { DownloadBatchRow } from '@scrapper/db/schema';
import { notFound } from '../../lib/errors.ts';

/** A batch the caller may see: their own (admins: any); others' are 404. */
export async function findOwnBatch(database: Database, id: string, ownerId: string | null): Promise<DownloadBatchRow> {
  const batch = await findDownloadBatch(database.db, id);
  if (!batch || (ownerId && batch.ownerId !== ownerId)) throw notFound('Batch unduhan tidak ditemukan.');
  return batch;
}

/**
 * Platforms whose budget for this minute is used up, with how long until the next minute: the
 * worker waits exactly that long (awaitPlatformTurn), so the panel can say so.
 */
async function heldPlatforms(database: Database, platforms: Set<string>, now = new Date()): Promise<Batch['rateLimited']> {
  if (platforms.size === 0) return [];
  const limits = (await listPlatformRateLimits(database.db)).filter((l) => platforms.has(l.platform));
  if (limits.length === 0) return [];
  const used = await currentMinuteUsage(database.db);
  const resumesInSeconds = Math.max(1, 60 - now.getUTCSeconds());
  return limits
    .filter((l) => (used.get(l.platform) ?? 0) >= l.requestsPerMinute)
    .map((l) => ({ platform: l.platform, requestsPerMinute: l.requestsPerMinute, resumesInSeconds }));
}

export async function batchDto(database: Database, id: string, ownerId: string | null): Promise<Batch> {
  const batch = await findOwnBatch(database, id, ownerId);
  const rows = await listBatchDownloads(database.db, id);
  const count = (s: string) => rows.filter((r) => r.status === s).length;
  const completed = count('completed');
  const failed = count('failed') + count('cancelled');
  // Only rows not yet fetching can be held: a running row at 0% is waiting for its turn.
  const waiting = rows.filter((r) => r.status === 'queued' || (r.status === 'running' && r.progress === 0));
  const rateLimited = await heldPlatforms(database, new Set(waiting.map((r) => r.platform)));
  const held = new Set(rateLimited.map((l) => l.platform));
  return {
    id,
    source: batch.source,
    total: batch.total,
    completed,
    failed,
    running: count('running') + count('queued'),
    done: completed + failed >= batch.total,
    progress: batchProgress(batch.total, rows),
    zipReady: rows.some((r) => r.status === 'completed' && r.storageKey !== null && r.fileDeletedAt === null),
    rateLimited,
    items: rows.map((r) => ({
      downloadId: r.id,
      itemId: r.sourceItemId,
      title: displayTitle(r),
      platform: r.platform,
      status: r.status,
      progress: r.progress,
      held: held.has(r.platform) && waiting.includes(r),
      error: r.error,
      errorDetail: r.errorDetail,
    })),
  };
}

/** Finished rows count 100, running ones their percentage, queued ones (and rows not made yet) 0. */
export function batchProgress(total: number, rows: ReadonlyArray<{ status: string; progress: number }>): number {
  if (total <= 0) return 0;
  const sum = rows.reduce((acc, r) => acc + (r.status === 'running' ? Math.min(100, Math.max(0, r.progress)) : r.status === 'queued' ? 0 : 100), 0);
  return Math.min(100, Math.round((sum / total) * 10) / 10);
}
