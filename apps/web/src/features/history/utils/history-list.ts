import type { HistoryItem } from '@scrapper/contracts/http/media';
import type { HistoryPage } from '../api/list-history.ts';

// The loaded part of the history. 'Muat Lebih Banyak' asks for the next page at offset =
// the number of items already loaded (spec part 2, section 4); items deleted here leave the
// server's list too, so that offset stays right after deletions.

export interface HistoryList {
  items: HistoryItem[];
  total: number;
  hasMore: boolean;
  stats: HistoryPage['stats'];
}

export const EMPTY_LIST: HistoryList = {
  items: [],
  total: 0,
  hasMore: false,
  stats: { total: 0, byPlatform: [] },
};

export function firstPage(page: HistoryPage): HistoryList {
  return {
    items: page.history,
    total: page.pagination.total,
    hasMore: page.pagination.hasMore,
    stats: page.stats,
  };
}

/** Adds the next page; an item already loaded (the list moved meanwhile) is not repeated. */
export function appendPage(list: HistoryList, page: HistoryPage): HistoryList {
  const known = new Set(list.items.map((item) => item.id));
  return {
    items: [...list.items, ...page.history.filter((item) => !known.has(item.id))],
    total: page.pagination.total,
    hasMore: page.pagination.hasMore,
    stats: page.stats,
  };
}

/** The list after deleting `ids` here: counts and per-platform stats follow. */
export function withoutItems(list: HistoryList, ids: ReadonlySet<string>): HistoryList {
  const removed = list.items.filter((item) => ids.has(item.id));
  if (removed.length === 0) return list;
  const perPlatform = new Map<string, number>();
  for (const item of removed)
    perPlatform.set(item.platform, (perPlatform.get(item.platform) ?? 0) + 1);
  return {
    items: list.items.filter((item) => !ids.has(item.id)),
    total: Math.max(0, list.total - removed.length),
    hasMore: list.hasMore,
    stats: {
      total: Math.max(0, list.stats.total - removed.length),
      byPlatform: list.stats.byPlatform
        .map((entry) => ({
          platform: entry.platform,
          count: entry.count - (perPlatform.get(entry.platform) ?? 0),
        }))
        .filter((entry) => entry.count > 0),
    },
  };
}

/** The next page's offset: the items already loaded. */
export function nextOffset(list: HistoryList): number {
  return list.items.length;
}
