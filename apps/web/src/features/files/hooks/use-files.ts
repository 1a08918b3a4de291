import type { FileItem } from '@scrapper/contracts/http/files';
import { usePagedList } from '@/hooks/use-paged-list.ts';
import { listFiles } from '../api.ts';
import type { FilePage, FileQuery } from '../api.ts';

/** Rows per request: the largest page the API gives (the window shows a few dozen at a time). */
export const FILE_PAGE_SIZE = 200;

const read = (page: FilePage) => ({ items: page.files, pagination: page.pagination });
const idOf = (file: FileItem) => file.id;

/** The file list for the filters, page by page; the library's stats come with every page. */
export function useFiles(query: FileQuery | null) {
  return usePagedList({ query, load: listFiles, read, idOf, pageSize: FILE_PAGE_SIZE });
}
