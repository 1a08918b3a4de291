import type { Pagination } from '@scrapper/contracts/common';
import type { ListItemsResponse } from '@scrapper/contracts/http/media';

// The video table's pages. A result file can hold 200,000 items: the table asks for a small
// first page (the first rows show at once), then for the next page whenever the rows in view
// come near the end of what it holds. A new query (another file, filter, search or order)
// starts again from the first page; a page that belongs to an older query, or that arrives
// out of turn, is dropped, so the rows never mix two queries.

/** Small, so the first rows are on screen soon after the file is chosen. */
export const FIRST_PAGE_SIZE = 100;
/** The server's page limit for items (ListItemsQuerySchema). */
export const NEXT_PAGE_SIZE = 500;
/** The next page is asked for when the window's last row is this close to the loaded end. */
export const LOAD_AHEAD_ROWS = 60;
/** Rows at the loaded end a new page is checked against for repeats. */
const RECENT_ROWS = 2 * NEXT_PAGE_SIZE;

export type ItemCounts = ListItemsResponse['counts'];
export type PagerStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ItemPage<T> {
  items: readonly T[];
  pagination: Pagination;
  counts: ItemCounts;
}

export interface PagerState<T> {
  /** The query the rows belong to; null while there is none (no file chosen). */
  key: string | null;
  items: T[];
  /** Items matching the query on the server, loaded or not. */
  total: number;
  hasMore: boolean;
  counts: ItemCounts | null;
  /** The first page of `key`. */
  status: PagerStatus;
  /** The offset of the next page while it loads. */
  pendingOffset: number | null;
  /** The last next-page request failed (the rows shown stay; the member may retry). */
  moreFailed: boolean;
}

export type PagerEvent<T> =
  | { type: 'start'; key: string | null }
  | { type: 'more'; key: string; offset: number }
  | { type: 'page'; key: string; offset: number; page: ItemPage<T> }
  | { type: 'failed'; key: string; offset: number };

export function initialPager<T>(): PagerState<T> {
  return {
    key: null,
    items: [],
    total: 0,
    hasMore: false,
    counts: null,
    status: 'idle',
    pendingOffset: null,
    moreFailed: false,
  };
}

function isCurrent<T>(state: PagerState<T>, key: string, offset: number): boolean {
  if (state.key !== key) return false;
  return offset === 0 ? state.status === 'loading' : state.pendingOffset === offset;
}

export function pagerReducer<T extends { id: string }>(
  state: PagerState<T>,
  event: PagerEvent<T>,
): PagerState<T> {
  switch (event.type) {
    case 'start':
      return {
        ...initialPager<T>(),
        key: event.key,
        status: event.key === null ? 'idle' : 'loading',
      };
    case 'more':
      if (event.key !== state.key || event.offset !== state.items.length) return state;
      return { ...state, pendingOffset: event.offset, moreFailed: false };
    case 'page': {
      if (!isCurrent(state, event.key, event.offset)) return state;
      const { items, pagination, counts } = event.page;
      // Offsets are counted on a list that may move (a download finishing under
      // hideDownloaded): an item already held is not shown twice. The list moves by a few
      // items, so the last pages held are where a repeat can be; looking only there keeps a
      // page's cost the same at row 200,000 as at row 100.
      const known = new Set(state.items.slice(-RECENT_ROWS).map((item) => item.id));
      const fresh = items.filter((item) => !known.has(item.id));
      return {
        ...state,
        items: event.offset === 0 ? [...items] : [...state.items, ...fresh],
        total: pagination.total,
        // A page that adds nothing new cannot lead anywhere: stop rather than ask forever.
        hasMore: pagination.hasMore && (event.offset === 0 || fresh.length > 0),
        counts,
        status: 'ready',
        pendingOffset: null,
      };
    }
    case 'failed':
      if (!isCurrent(state, event.key, event.offset)) return state;
      return event.offset === 0
        ? { ...state, status: 'error' }
        : { ...state, pendingOffset: null, moreFailed: true };
  }
}

/**
 * The next page to ask for, given the last row of the window in view (exclusive), or null:
 * not ready, nothing more, one already loading, the last one failed (the member retries), or
 * the window is still far from the loaded end.
 */
export function nextPageToLoad<T>(
  state: PagerState<T>,
  windowEnd: number,
): { offset: number; limit: number } | null {
  if (state.status !== 'ready' || !state.hasMore) return null;
  if (state.pendingOffset !== null || state.moreFailed) return null;
  if (windowEnd < state.items.length - LOAD_AHEAD_ROWS) return null;
  return { offset: state.items.length, limit: NEXT_PAGE_SIZE };
}
