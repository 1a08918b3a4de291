import { mediaEndpoints } from '@scrapper/contracts/http/media';
import { fetchFile } from '@/lib/fetch-file.ts';
import type { FetchedFile } from '@/lib/fetch-file.ts';

/** The finished files of a batch as one zip (the server streams it). */
export function fetchBatchZip(batchId: string, signal?: AbortSignal): Promise<FetchedFile> {
  return fetchFile(mediaEndpoints.batchZip, { params: { id: batchId } }, { signal });
}
