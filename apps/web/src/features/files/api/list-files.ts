import { endpoints } from '@scrapper/contracts/http';
import type { EndpointResponse } from '@scrapper/contracts/http';
import { call } from '@/lib/api-client.ts';

export type FileList = EndpointResponse<typeof endpoints.files.list>;

export interface FileQuery {
  platform: string;
  sortBy: 'date' | 'title' | 'platform';
  order: 'asc' | 'desc';
}

export function listFiles(query: FileQuery, signal?: AbortSignal): Promise<FileList> {
  return call(endpoints.files.list, {
    query: { platform: query.platform || undefined, sortBy: query.sortBy, order: query.order },
    signal,
  });
}
