import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { listHistory } from '../api/list-history.ts';
import type { HistoryRequest } from '../api/list-history.ts';
import {
  EMPTY_LIST,
  appendPage,
  firstPage,
  nextOffset,
  withoutItems,
} from '../utils/history-list.ts';
import type { HistoryList } from '../utils/history-list.ts';
import { PAGE_SIZE } from '../utils/history-filters.ts';

export type HistoryStatus = 'loading' | 'ready' | 'error';

/**
 * The history for a query: the first page whenever the query changes (null: keep what is
 * shown, e.g. while a date is half typed), 'load more' pages after it, and local removal.
 */
export function useHistory(query: HistoryRequest | null, allUsers: boolean) {
  const [list, setList] = useState<HistoryList>(EMPTY_LIST);
  const [status, setStatus] = useState<HistoryStatus>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const key = query ? JSON.stringify(query) : null;
  const current = useRef<{ key: string | null; controller: AbortController | null }>({
    key: null,
    controller: null,
  });

  useEffect(() => {
    if (key === null || !query) return undefined;
    const controller = new AbortController();
    current.current = { key, controller };
    setStatus('loading');
    setMoreFailed(false);
    listHistory({ ...query, offset: 0, limit: PAGE_SIZE }, allUsers, controller.signal)
      .then((page) => {
        setList(firstPage(page));
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setStatus('error');
      });
    return () => controller.abort();
    // `key` stands for the query's content: a new object with the same filters is no change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, allUsers, attempt]);

  const loadMore = useCallback(async () => {
    if (!query || loadingMore) return;
    const started = current.current;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const page = await listHistory(
        { ...query, offset: nextOffset(list), limit: PAGE_SIZE },
        allUsers,
        started.controller?.signal,
      );
      // The filters changed while this page loaded: it belongs to the old list.
      if (current.current !== started) return;
      setList((shown) => appendPage(shown, page));
    } catch (error) {
      if (!isAbortError(error)) setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }, [query, loadingMore, list, allUsers]);

  const removeItems = useCallback((ids: ReadonlySet<string>) => {
    setList((shown) => withoutItems(shown, ids));
  }, []);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  return { list, status, loadingMore, moreFailed, loadMore, removeItems, reload };
}
