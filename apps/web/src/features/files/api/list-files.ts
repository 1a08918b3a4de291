import { fileEndpoints } from '@scrapper/contracts/http/files';
import type { EndpointResponse } from '@scrapper/contracts/http/endpoint';
import { call } from '@/lib/api-client.ts';

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
