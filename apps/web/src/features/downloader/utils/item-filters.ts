import type { VideoItem } from '@scrapper/contracts/http/actor-configs';

// The downloader's hide-filters (spec part 2, sections 5 and 9): items shorter or longer than
// a limit, and duplicates by trimmed, case-insensitive title. Each filter hides on its own;
// an item is shown only when none of them hides it.

export interface HideFilters {
  /** Hide items shorter than this many seconds; null = off. */
  minSeconds: number | null;
  /** Hide items longer than this many seconds; null = off. */
  maxSeconds: number | null;
  /** Hide the second and later items whose titles are the same. */
  hideDuplicates: boolean;
}

export const NO_HIDE_FILTERS: HideFilters = {
  minSeconds: null,
  maxSeconds: null,
  hideDuplicates: false,
};

/** The limits offered (spec: under/over 1 minute and 3 minutes). */
export const DURATION_LIMITS = [60, 180] as const;

/** The key duplicates are compared by. */
export function titleKey(title: string): string {
  return title.trim().toLocaleLowerCase('id-ID');
}

/**
 * Whether an item's duration is outside the limits. An unknown duration is never hidden:
 * nothing says it is too short or too long.
 */
export function isHiddenByDuration(item: Pick<VideoItem, 'duration'>, filters: HideFilters) {
  const { duration } = item;
  if (duration === null || !Number.isFinite(duration)) return false;
  if (filters.minSeconds !== null && duration < filters.minSeconds) return true;
  if (filters.maxSeconds !== null && duration > filters.maxSeconds) return true;
  return false;
}

export interface FilterResult<T> {
  visible: T[];
  hiddenByDuration: number;
  hiddenAsDuplicate: number;
}

/**
 * The items left after the filters, in their order. Of items with the same title the first
 * one in the file stays (the others are the duplicates), counted among those the duration
 * filter leaves, so hiding a short original does not also hide its longer twin. Items
 * without a title are never duplicates of each other: there is nothing to compare.
 */
export function applyHideFilters<T extends Pick<VideoItem, 'duration' | 'title'>>(
  items: readonly T[],
  filters: HideFilters,
): FilterResult<T> {
  const seen = new Set<string>();
  const visible: T[] = [];
  let hiddenByDuration = 0;
  let hiddenAsDuplicate = 0;
  for (const item of items) {
    if (isHiddenByDuration(item, filters)) {
      hiddenByDuration++;
      continue;
    }
    if (filters.hideDuplicates) {
      const key = titleKey(item.title);
      if (key && seen.has(key)) {
        hiddenAsDuplicate++;
        continue;
      }
      if (key) seen.add(key);
    }
    visible.push(item);
  }
  return { visible, hiddenByDuration, hiddenAsDuplicate };
}
