import { endpoints } from '@scrapper/contracts/http';
import { fetchFile } from '@/lib/fetch-file.ts';
import type { FetchedFile } from '@/lib/fetch-file.ts';

/** The stored file of a finished download (its history entry id). */
export function fetchDownloadedFile(
  downloadId: string,
  signal?: AbortSignal,
): Promise<FetchedFile> {
  return fetchFile(endpoints.media.redownload, { params: { id: downloadId } }, { signal });
}
