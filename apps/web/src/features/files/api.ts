import { fileEndpoints } from '@scrapper/contracts/http/files';
import { call } from '@/lib/api-client.ts';
import { fetchFileAt } from '@/lib/fetch-file.ts';
import type { FetchedFile } from '@/lib/fetch-file.ts';
import type { EndpointResponse } from '@scrapper/contracts/http/endpoint';

/** Deletes a downloaded file from storage; its history entry stays (as 'File hilang'). */
export function deleteFile(id: string): Promise<{ id: string }> {
  return call(fileEndpoints.remove, { params: { id } });
}

/**
 * A file by the `downloadUrl` the server gave it. The spec opens that URL in a new tab, but
 * a new tab cannot send the bearer token, so the file is fetched with it and saved instead.
 */
export function fetchStoredFile(downloadUrl: string, signal?: AbortSignal): Promise<FetchedFile> {
  return fetchFileAt(downloadUrl, undefined, { signal });
}

export type FilePage = EndpointResponse<typeof fileEndpoints.list>;

export interface FileQuery {
  platform: string;
  /** Part of the title ('' = any). */
  search: string;
  sortBy: 'date' | 'title' | 'platform';
  order: 'asc' | 'desc';
}

/** One page of the files (the caller's; everyone's for admins); filters and order on the server. */
export function listFiles(
  query: FileQuery,
  page: { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<FilePage> {
  return call(fileEndpoints.list, {
    query: {
      platform: query.platform || undefined,
      search: query.search || undefined,
      sortBy: query.sortBy,
      order: query.order,
      ...page,
    },
    signal,
  });
}
