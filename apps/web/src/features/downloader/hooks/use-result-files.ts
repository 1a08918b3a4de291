import type { ResultFileSummary } from '@scrapper/contracts/http/media';
import { usePagedList, type PagedListStatus } from '@/hooks/use-paged-list.ts';
import { listResultFiles } from '../api.ts';

export type LoadStatus = PagedListStatus;

/** Files per page of the selector (the server's default page). */
export const FILE_PAGE_SIZE = 50;

interface FilesQuery {
  username: string | undefined;
  search: string | undefined;
}

type FilesPage = Awaited<ReturnType<typeof listResultFiles>>;

const load = (query: FilesQuery, page: { offset: number; limit: number }, signal: AbortSignal) =>
  listResultFiles({ ...query, ...page }, signal);
const read = (page: FilesPage) => ({ items: page.files, pagination: page.pagination });
const idOf = (file: ResultFileSummary) => file.fileName;

/**
 * The result files the selector offers, newest first, searched on the server by name or
 * target, a page at a time (hooks/use-paged-list.ts): the first page whenever the admin's
 * username filter or the search changes, the next one when the member asks. Pages of an older
 * search are dropped.
 */
export function useResultFiles(username: string | undefined, search: string) {
  const query: FilesQuery = { username, search: search.trim() || undefined };
  const list = usePagedList({ query, load, read, idOf, pageSize: FILE_PAGE_SIZE });
  return {
    files: list.items,
    total: list.total,
    hasMore: list.hasMore,
    status: list.status,
    loadingMore: list.loadingMore,
    moreFailed: list.moreFailed,
    loadMore: list.loadMore,
  };
}
