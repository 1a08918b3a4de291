import { useCallback, useEffect, useRef, useState } from 'react';
import type { Pagination } from '@scrapper/contracts/common';
import { isAbortError } from '@/lib/api-error.ts';

export type PagedListStatus = 'loading' | 'ready' | 'error';

/** One page as the list needs it: its rows and what the server says about the rest. */
export interface PageOf<T> {
  items: readonly T[];
  pagination: Pagination;
}

export interface UsePagedListOptions<Q, T, A> {
  /**
   * What the list shows (filters, sort). Compared by its JSON: a new object with the same
   * content is no change. `null` keeps what is shown (e.g. while a date is half typed).
   */
  query: Q | null;
  /** Loads rows `offset .. offset + limit` of `query`; must honour `signal`. */
  load: (query: Q, page: { offset: number; limit: number }, signal: AbortSignal) => Promise<A>;
  /** The rows and pagination of an answer (the answer itself stays available as `answer`). */
  read: (answer: A) => PageOf<T>;
  /** A row's identity: a row already shown is not repeated when the list moved meanwhile. */
  idOf: (item: T) => string;
  pageSize: number;
}

export interface PagedList<T, A> {
  items: T[];
  /** Every row matching the query on the server (not just the loaded ones). */
  total: number;
  hasMore: boolean;
  /** The first page's state: 'loading' on a query change or reload, then 'ready' or 'error'. */
  status: PagedListStatus;
  loadingMore: boolean;
  /** The last `loadMore` failed (the rows shown stay). */
  moreFailed: boolean;
  /** The newest answer of the current query (stats and counts that come beside the rows). */
  answer: A | null;
  /** Appends the next page (offset = rows loaded); does nothing while one loads or none is left. */
  loadMore: () => void;
  /** The first page again, dropping what was loaded (after deleting everything, say). */
  reload: () => void;
  /** Rows deleted here leave the list; the total follows. */
  removeItems: (ids: ReadonlySet<string>) => void;
  /** Puts fresher copies of loaded rows in place (a poll of the rows that are still running). */
  replaceItems: (fresh: readonly T[]) => void;
}

interface State<T, A> {
  key: string | null;
  items: T[];
  total: number;
  hasMore: boolean;
  answer: A | null;
}

/**
 * An offset/limit pager over a server list: the first page whenever the query changes, the
 * next one on `loadMore` (at offset = rows loaded, the spec's load-more rule), and answers of
 * an older query dropped (aborted, and ignored should one still arrive).
 */
export function usePagedList<Q, T, A>({
  query,
  load,
  read,
  idOf,
  pageSize,
}: UsePagedListOptions<Q, T, A>): PagedList<T, A> {
  const key = query === null ? null : JSON.stringify(query);
  const [state, setState] = useState<State<T, A>>({
    key: null,
    items: [],
    total: 0,
    hasMore: false,
    answer: null,
  });
  // The status of the first page of a query (`key`): an error belongs to the query it was for.
  const [first, setFirst] = useState<{ key: string | null; status: PagedListStatus }>({
    key: null,
    status: 'loading',
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The latest of everything the callbacks need, so that they stay stable across renders.
  const latest = useRef({ query, load, read, idOf, pageSize, state });
  latest.current = { query, load, read, idOf, pageSize, state };
  // The query the shown rows belong to and its controller: a page of another query is dropped.
  const current = useRef<{ key: string | null; controller: AbortController | null }>({
    key: null,
    controller: null,
  });
  const moreInFlight = useRef(false);

  useEffect(() => {
    const { query: shown, load: loadPage, read: readPage, pageSize: limit } = latest.current;
    if (key === null || shown === null) return undefined;
    const controller = new AbortController();
    const mine = { key, controller };
    current.current = mine;
    moreInFlight.current = false;
    setFirst({ key, status: 'loading' });
    setLoadingMore(false);
    setMoreFailed(false);
    loadPage(shown, { offset: 0, limit }, controller.signal)
      .then((answer) => {
        if (current.current !== mine) return;
        const page = readPage(answer);
        setState({
          key,
          items: [...page.items],
          total: page.pagination.total,
          hasMore: page.pagination.hasMore,
          answer,
        });
        setFirst({ key, status: 'ready' });
      })
      .catch((error: unknown) => {
        if (isAbortError(error) || current.current !== mine) return;
        setFirst({ key, status: 'error' });
      });
    return () => controller.abort();
  }, [key, attempt]);

  const loadMore = useCallback(() => {
    const { query: shown, load: loadPage, read: readPage, idOf: id, pageSize: limit, state: now } =
      latest.current;
    const started = current.current;
    if (shown === null || moreInFlight.current || !now.hasMore || now.key !== started.key) return;
    if (!started.controller) return;
    moreInFlight.current = true;
    setLoadingMore(true);
    setMoreFailed(false);
    loadPage(shown, { offset: now.items.length, limit }, started.controller.signal)
      .then((answer) => {
        if (current.current !== started) return;
        const page = readPage(answer);
        setState((before) => {
          const known = new Set(before.items.map(id));
          const fresh = page.items.filter((item) => !known.has(id(item)));
          return {
            key: before.key,
            items: [...before.items, ...fresh],
            total: page.pagination.total,
            // A page that adds nothing new cannot lead anywhere: stop rather than ask forever.
            hasMore: page.pagination.hasMore && fresh.length > 0,
            answer,
          };
        });
      })
      .catch((error: unknown) => {
        if (isAbortError(error) || current.current !== started) return;
        setMoreFailed(true);
      })
      .finally(() => {
        if (current.current !== started) return;
        moreInFlight.current = false;
        setLoadingMore(false);
      });
  }, []);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const removeItems = useCallback((ids: ReadonlySet<string>) => {
    const id = latest.current.idOf;
    setState((before) => {
      const items = before.items.filter((item) => !ids.has(id(item)));
      const removed = before.items.length - items.length;
      if (removed === 0) return before;
      return { ...before, items, total: Math.max(0, before.total - removed) };
    });
  }, []);

  const replaceItems = useCallback((fresh: readonly T[]) => {
    const id = latest.current.idOf;
    const byId = new Map(fresh.map((item) => [id(item), item]));
    if (byId.size === 0) return;
    setState((before) => ({
      ...before,
      items: before.items.map((item) => byId.get(id(item)) ?? item),
    }));
  }, []);

  // Rows of an older query are never shown with a newer one's status.
  const own = state.key === key || key === null;
  return {
    items: own ? state.items : [],
    total: own ? state.total : 0,
    hasMore: own ? state.hasMore : false,
    status: key === null || first.key === key ? first.status : 'loading',
    loadingMore,
    moreFailed,
    answer: own ? state.answer : null,
    loadMore,
    reload,
    removeItems,
    replaceItems,
  };
}
