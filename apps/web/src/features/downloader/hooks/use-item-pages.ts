import type { VideoListItem } from '@scrapper/contracts/http/media';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { listVideoItems } from '../api.ts';
import {
  FIRST_PAGE_SIZE,
  NEXT_PAGE_SIZE,
  initialPager,
  nextPageToLoad,
  pagerReducer,
} from '../utils/item-pager.ts';
import type { PagerEvent, PagerState } from '../utils/item-pager.ts';
import { itemsQuery } from '../utils/item-view.ts';
import type { ItemView } from '../utils/item-view.ts';

export interface ItemPagesRequest {
  fileName: string | null;
  /** The file's owner, for admins opening someone else's file. */
  username: string | undefined;
  /** Changes when the actor configs were (re)loaded; 0 = not yet, wait for them. */
  configVersion: number;
  view: ItemView;
  /** Bumped to load the same query again from its first page. */
  reload: number;
}

interface Query {
  fileName: string;
  username: string | undefined;
  view: ItemView;
  configVersion: number;
  reload: number;
}

/** The query as a key: equal content is the same query (a re-render asks for nothing). */
function queryKey(request: ItemPagesRequest): string | null {
  const { fileName, username, configVersion, view, reload } = request;
  if (!fileName || configVersion === 0) return null;
  const query: Query = { fileName, username, view, configVersion, reload };
  return JSON.stringify(query);
}

/**
 * The items of the chosen file, page by page (utils/item-pager.ts): the first page whenever
 * the file, owner, actor configs, filters, search or order change (spec: reloaded when the
 * file, the username or the actor configs change), the next as the table scrolls near the
 * end. Answers of an older query are aborted and, should one still arrive, dropped.
 */
export function useItemPages(request: ItemPagesRequest) {
  const key = queryKey(request);
  const [state, setState] = useState<PagerState<VideoListItem>>(initialPager);
  // The same state for the callbacks, updated with each event rather than after the render,
  // so that two scroll frames in a row do not ask for the same page twice.
  const latest = useRef(state);
  const active = useRef<{ key: string; query: Query; controller: AbortController } | null>(null);
  /** The next page while it loads, for "pilih semua" to wait on instead of asking twice. */
  const pending = useRef<Promise<boolean> | null>(null);

  const apply = useCallback((event: PagerEvent<VideoListItem>) => {
    const next = pagerReducer(latest.current, event);
    if (next === latest.current) return;
    latest.current = next;
    setState(next);
  }, []);

  /** Loads rows `offset .. offset + limit` of the active query; false when it did not. */
  const fetchPage = useCallback(
    (offset: number, limit: number): Promise<boolean> => {
      const run = active.current;
      if (!run) return Promise.resolve(false);
      const { fileName, username, view } = run.query;
      if (offset > 0) apply({ type: 'more', key: run.key, offset });
      const done = listVideoItems(
        itemsQuery(view, fileName, username, { offset, limit }),
        run.controller.signal,
      ).then(
        (page) => {
          apply({ type: 'page', key: run.key, offset, page });
          return active.current === run;
        },
        (error: unknown) => {
          if (!isAbortError(error)) apply({ type: 'failed', key: run.key, offset });
          return false;
        },
      );
      if (offset > 0) {
        pending.current = done;
        void done.finally(() => {
          if (pending.current === done) pending.current = null;
        });
      }
      return done;
    },
    [apply],
  );

  useEffect(() => {
    apply({ type: 'start', key });
    if (key === null) {
      active.current = null;
      return undefined;
    }
    const controller = new AbortController();
    active.current = { key, query: JSON.parse(key) as Query, controller };
    void fetchPage(0, FIRST_PAGE_SIZE);
    return () => controller.abort();
  }, [key, apply, fetchPage]);

  /** The table's window ends at row `end` (exclusive): load the next page when it is near. */
  const onWindowEnd = useCallback(
    (end: number) => {
      const next = nextPageToLoad(latest.current, end);
      if (next) void fetchPage(next.offset, next.limit);
    },
    [fetchPage],
  );

  /** After a failed next page: ask for it again. */
  const retryMore = useCallback(() => {
    const now = latest.current;
    if (now.status !== 'ready' || !now.hasMore || now.pendingOffset !== null) return;
    void fetchPage(now.items.length, NEXT_PAGE_SIZE);
  }, [fetchPage]);

  /**
   * Loads pages until the first `count` listed items are held (or the list ends) and returns
   * them; null when the query changed meanwhile or a page failed.
   */
  const loadFirst = useCallback(
    async (count: number): Promise<VideoListItem[] | null> => {
      const run = active.current;
      if (!run || latest.current.key !== run.key || latest.current.status !== 'ready') return null;
      while (latest.current.items.length < count && latest.current.hasMore) {
        const now = latest.current;
        // A page the table already asked for: wait for it rather than ask twice.
        if (now.pendingOffset !== null && pending.current) {
          if (!(await pending.current)) return null;
          continue;
        }
        const limit = Math.min(NEXT_PAGE_SIZE, count - now.items.length);
        if (!(await fetchPage(now.items.length, limit))) return null;
      }
      if (active.current !== run) return null;
      return latest.current.items.slice(0, count);
    },
    [fetchPage],
  );

  const own = state.key === key;
  return {
    items: own ? state.items : [],
    total: own ? state.total : 0,
    hasMore: own && state.hasMore,
    counts: own ? state.counts : null,
    status: own ? state.status : key === null ? 'idle' : 'loading',
    loadingMore: own && state.pendingOffset !== null,
    moreFailed: own && state.moreFailed,
    onWindowEnd,
    retryMore,
    loadFirst,
  };
}
