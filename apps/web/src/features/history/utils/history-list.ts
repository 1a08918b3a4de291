import type { HistoryItem } from '@scrapper/contracts/http/media';
import { isFinalDownloadStatus } from '@scrapper/contracts/rules/download-states';
import type { HistoryPage } from '../api.ts';

// The loaded part of the history is a usePagedList (offset = items already loaded, the spec's
// load-more rule); what is left here is what the history adds to it: its stats after local
// deletions, and which rows a poll refreshes while downloads run.

/** A download still on its way: its row shows a progress bar that the page keeps fresh. */
export function isActive(item: HistoryItem): boolean {
  return !isFinalDownloadStatus(item.status);
}

/** The stats after deleting `removed` here: the total and the per-platform counts follow. */
export function statsWithout(stats: HistoryPage['stats'], removed: readonly HistoryItem[]): HistoryPage['stats'] {
  if (removed.length === 0) return stats;
  const perPlatform = new Map<string, number>();
  for (const item of removed) perPlatform.set(item.platform, (perPlatform.get(item.platform) ?? 0) + 1);
  return {
    total: Math.max(0, stats.total - removed.length),
    byPlatform: stats.byPlatform
      .map((entry) => ({ platform: entry.platform, count: entry.count - (perPlatform.get(entry.platform) ?? 0) }))
      .filter((entry) => entry.count > 0),
  };
}

/**
 * The pages a poll asks for to refresh the running rows: one page of `limit` rows centred on
 * each running row's position (rows above it may have been added or removed meanwhile), with
 * overlapping pages merged. Usually one request: running downloads are the newest rows.
 */
export function activeWindows(items: readonly HistoryItem[], limit: number): Array<{ offset: number; limit: number }> {
  const windows: Array<{ offset: number; limit: number }> = [];
  items.forEach((item, index) => {
    if (!isActive(item)) return;
    const last = windows.at(-1);
    if (last && index < last.offset + last.limit) return;
    windows.push({ offset: Math.max(0, index - Math.floor(limit / 2)), limit });
  });
  return windows;
}
