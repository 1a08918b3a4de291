import { fileEndpoints } from '@scrapper/contracts/http/files';
import type { EndpointResponse } from '@scrapper/contracts/http/endpoint';
import { call } from '@/lib/api-client.ts';

export type FileList = EndpointResponse<typeof fileEndpoints.list>;

export interface FileQuery {
  platform: string;
  sortBy: 'date' | 'title' | 'platform';
  order: 'asc' | 'desc';
}

export function listFiles(query: FileQuery, signal?: AbortSignal): Promise<FileList> {
  return call(fileEndpoints.list, {
    query: { platform: query.platform || undefined, sortBy: query.sortBy, order: query.order },
    signal,
  });
}
