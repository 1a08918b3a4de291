import type { ResultFileSummary } from '@scrapper/contracts/http/media';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { listResultFiles } from '../api/list-result-files.ts';

export type LoadStatus = 'loading' | 'ready' | 'error';

/** Files per page of the selector (the server's default page). */
export const FILE_PAGE_SIZE = 50;

interface FilesState {
  key: string;
  files: ResultFileSummary[];
  total: number;
  hasMore: boolean;
  status: LoadStatus;
  loadingMore: boolean;
  moreFailed: boolean;
}

function emptyState(key: string): FilesState {
  return {
    key,
    files: [],
    total: 0,
    hasMore: false,
    status: 'loading',
    loadingMore: false,
    moreFailed: false,
  };
}

/**
 * The result files the selector offers, newest first, searched on the server by name or
 * target, a page at a time: the first page whenever the admin's username filter or the search
 * changes, the next one when the member asks. Pages of an older search are dropped.
 */
export function useResultFiles(username: string | undefined, search: string) {
  const query = search.trim();
  const key = JSON.stringify([username ?? null, query]);
  const [state, setState] = useState<FilesState>(() => emptyState(key));
  const controllerRef = useRef<AbortController | null>(null);
  const latest = useRef(state);
  latest.current = state;

  useEffect(() => {
    const controller = new AbortController();
    controllerRef.current = controller;
    setState(emptyState(key));
    listResultFiles(
      { username, search: query || undefined, offset: 0, limit: FILE_PAGE_SIZE },
      controller.signal,
    )
      .then(({ files, pagination }) => {
        setState({
          ...emptyState(key),
          files,
          total: pagination.total,
          hasMore: pagination.hasMore,
          status: 'ready',
        });
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setState({ ...emptyState(key), status: 'error' });
      });
    return () => controller.abort();
  }, [key, username, query]);

  const loadMore = useCallback(() => {
    const now = latest.current;
    const controller = controllerRef.current;
    if (!controller || now.status !== 'ready' || !now.hasMore || now.loadingMore) return;
    const [owner, text] = JSON.parse(now.key) as [string | null, string];
    setState((s) => (s.key === now.key ? { ...s, loadingMore: true, moreFailed: false } : s));
    listResultFiles(
      {
        username: owner ?? undefined,
        search: text || undefined,
        offset: now.files.length,
        limit: FILE_PAGE_SIZE,
      },
      controller.signal,
    )
      .then(({ files, pagination }) => {
        setState((s) => {
          if (s.key !== now.key) return s;
          const known = new Set(s.files.map((file) => file.fileName));
          const fresh = files.filter((file) => !known.has(file.fileName));
          return {
            ...s,
            files: [...s.files, ...fresh],
            total: pagination.total,
            hasMore: pagination.hasMore && fresh.length > 0,
            loadingMore: false,
          };
        });
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setState((s) => (s.key === now.key ? { ...s, loadingMore: false, moreFailed: true } : s));
      });
  }, []);

  const own = state.key === key;
  return {
    files: own ? state.files : [],
    total: own ? state.total : 0,
    hasMore: own && state.hasMore,
    status: own ? state.status : ('loading' as const),
    loadingMore: own && state.loadingMore,
    moreFailed: own && state.moreFailed,
    loadMore,
  };
}
