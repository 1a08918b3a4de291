import type { HistoryItem } from '@scrapper/contracts/http/media';
import { useMemo } from 'react';
import { usePagedList } from '@/hooks/use-paged-list.ts';
import { usePolling } from '@/hooks/use-polling.ts';
import { listHistory } from '../api.ts';
import type { HistoryPage, HistoryRequest } from '../api.ts';
import { PAGE_SIZE } from '../utils/history-filters.ts';
import { activeWindows } from '../utils/history-list.ts';

/** How often running downloads' rows are refreshed (only while one is loaded and running). */
export const HISTORY_POLL_MS = 2500;

const read = (page: HistoryPage) => ({ items: page.history, pagination: page.pagination });
const idOf = (item: HistoryItem) => item.id;

/**
 * The history for a query, page by page (null: keep what is shown, e.g. while a date is half
 * typed). While a loaded row is queued or running, its page is asked for again every
 * HISTORY_POLL_MS and the fresh rows replace the shown ones (progress, then the finished file).
 */
export function useHistory(query: HistoryRequest | null, allUsers: boolean) {
  const request = query === null ? null : { ...query, allUsers };
  const list = usePagedList({
    query: request,
    load: ({ allUsers: everyone, ...filters }: HistoryRequest & { allUsers: boolean }, page, signal) =>
      listHistory({ ...filters, ...page }, everyone, signal),
    read,
    idOf,
    pageSize: PAGE_SIZE,
  });
  const { items, status, replaceItems } = list;
  const key = request === null ? null : JSON.stringify(request);

  // The fresh rows are new items: the poll then starts over with the rows' new windows. A
  // missed refresh is tried again after the next interval by the poller itself.
  const poll = useMemo(() => {
    if (status !== 'ready' || key === null) return null;
    const windows = activeWindows(items, PAGE_SIZE);
    if (windows.length === 0) return null;
    const { allUsers: everyone, ...filters } = JSON.parse(key) as HistoryRequest & { allUsers: boolean };
    return async (signal: AbortSignal) => {
      const pages = await Promise.all(
        windows.map((page) => listHistory({ ...filters, ...page }, everyone, signal)),
      );
      if (!signal.aborted) replaceItems(pages.flatMap((page) => page.history));
    };
  }, [items, status, key, replaceItems]);
  usePolling(poll, HISTORY_POLL_MS, { immediate: false, events: ['download', 'batch'] });

  return list;
}
