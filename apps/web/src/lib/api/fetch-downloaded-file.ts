import { mediaEndpoints } from '@scrapper/contracts/http/media';
import { fetchFile } from '@/lib/fetch-file.ts';
import type { FetchedFile } from '@/lib/fetch-file.ts';

/** The stored file of a finished download, by its history entry id (404 'File hilang' when it is gone). */
export function fetchDownloadedFile(downloadId: string, signal?: AbortSignal): Promise<FetchedFile> {
  return fetchFile(mediaEndpoints.redownload, { params: { id: downloadId } }, { signal });
}
