import { mediaEndpoints } from '@scrapper/contracts/http/media';
import { fetchFile } from '@/lib/fetch-file.ts';
import type { FetchedFile } from '@/lib/fetch-file.ts';

/** The finished files of a batch as one zip (the server streams it). */
export function fetchBatchZip(batchId: string, signal?: AbortSignal): Promise<FetchedFile> {
  return fetchFile(mediaEndpoints.batchZip, { params: { id: batchId } }, { signal });
}

/** One finished file of a batch, saved as itself (a batch of one needs no zip). */
export function fetchBatchFile(downloadId: string, signal?: AbortSignal): Promise<FetchedFile> {
  return fetchFile(mediaEndpoints.redownload, { params: { id: downloadId } }, { signal });
}
