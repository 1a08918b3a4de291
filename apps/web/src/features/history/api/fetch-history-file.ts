import { mediaEndpoints } from '@scrapper/contracts/http/media';
import { fetchFile } from '@/lib/fetch-file.ts';
import type { FetchedFile } from '@/lib/fetch-file.ts';

/** The stored file of a history entry (404 'File hilang' when it is gone). */
export function fetchHistoryFile(id: string, signal?: AbortSignal): Promise<FetchedFile> {
  return fetchFile(mediaEndpoints.redownload, { params: { id } }, { signal });
}
