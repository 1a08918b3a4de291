import { endpoints } from '@scrapper/contracts/http';
import { fetchFile } from '@/lib/fetch-file.ts';
import type { FetchedFile } from '@/lib/fetch-file.ts';

/** The stored file of a history entry (404 'File hilang' when it is gone). */
export function fetchHistoryFile(id: string, signal?: AbortSignal): Promise<FetchedFile> {
  return fetchFile(endpoints.media.redownload, { params: { id } }, { signal });
}
