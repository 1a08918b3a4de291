import type { ListItemsQuerySchema } from '@scrapper/contracts/http/media';
import type { z } from 'zod';

// What the video table shows of a result file: the hide-filters (spec part 2, sections 5 and
// 9), a search and the order. A file can hold 200,000 items, so the server applies all of it
// (GET /api/data/items) and the table only ever holds the pages it asked for.

export type SortKey =
  | 'position'
  | 'title-asc'
  | 'title-desc'
  | 'author-asc'
  | 'duration-asc'
  | 'duration-desc'
  | 'plays-desc'
  | 'likes-desc';

export interface ItemView {
  /** Hide items shorter than this many seconds; null = off. */
  minSeconds: number | null;
  /** Hide items longer than this many seconds; null = off. */
  maxSeconds: number | null;
  /** Hide the second and later items whose titles are the same. */
  hideDuplicates: boolean;
  /** Hide the items the member already downloaded. */
  hideDownloaded: boolean;
  /** Title or author contains this (trimmed; empty = no search). */
  search: string;
  sort: SortKey;
}

export const DEFAULT_VIEW: ItemView = {
  minSeconds: null,
  maxSeconds: null,
  hideDuplicates: false,
  hideDownloaded: false,
  search: '',
  sort: 'position',
};

/** The limits offered (spec: under/over 1 minute and 3 minutes). */
export const DURATION_LIMITS = [60, 180] as const;

type ItemsQueryInput = z.input<typeof ListItemsQuerySchema>;
type SortFields = Pick<ItemsQueryInput, 'sortBy' | 'order'>;

const SORTS: Record<SortKey, { label: string } & Required<SortFields>> = {
  position: { label: 'Urutan file', sortBy: 'position', order: 'asc' },
  'title-asc': { label: 'Judul (A-Z)', sortBy: 'title', order: 'asc' },
  'title-desc': { label: 'Judul (Z-A)', sortBy: 'title', order: 'desc' },
  'author-asc': { label: 'Author (A-Z)', sortBy: 'author', order: 'asc' },
  'duration-asc': { label: 'Durasi terpendek', sortBy: 'duration', order: 'asc' },
  'duration-desc': { label: 'Durasi terpanjang', sortBy: 'duration', order: 'desc' },
  'plays-desc': { label: 'Plays terbanyak', sortBy: 'playCount', order: 'desc' },
  'likes-desc': { label: 'Likes terbanyak', sortBy: 'likeCount', order: 'desc' },
};

export const SORT_OPTIONS = (Object.keys(SORTS) as SortKey[]).map((value) => ({
  value,
  label: SORTS[value].label,
}));

export function isSortKey(value: string): value is SortKey {
  return Object.hasOwn(SORTS, value);
}

/** The longest search the server takes (ListItemsQuerySchema). */
export const MAX_SEARCH_LENGTH = 200;

/** The query of one page of `fileName` as `view` shows it. */
export function itemsQuery(
  view: ItemView,
  fileName: string,
  username: string | undefined,
  page: { offset: number; limit: number },
): ItemsQueryInput {
  const { sortBy, order } = SORTS[view.sort];
  const search = view.search.trim().slice(0, MAX_SEARCH_LENGTH);
  return {
    filename: fileName,
    username,
    offset: page.offset,
    limit: page.limit,
    sortBy,
    order,
    minSeconds: view.minSeconds ?? undefined,
    maxSeconds: view.maxSeconds ?? undefined,
    hideDuplicates: view.hideDuplicates ? 'true' : undefined,
    hideDownloaded: view.hideDownloaded ? 'true' : undefined,
    search: search || undefined,
  };
}

/** Whether any filter or the search hides items (the order hides nothing). */
export function isFiltered(view: ItemView): boolean {
  return (
    view.minSeconds !== null ||
    view.maxSeconds !== null ||
    view.hideDuplicates ||
    view.hideDownloaded ||
    view.search.trim() !== ''
  );
}
