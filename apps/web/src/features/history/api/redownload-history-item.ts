import { mediaEndpoints } from '@scrapper/contracts/http/media';
import type { Batch } from '@scrapper/contracts/http/media';
import { call } from '@/lib/api-client.ts';

/** "Unduh Ulang": the server fetches the entry again; followed as a batch of one. */
export function redownloadHistoryItem(id: string): Promise<Batch> {
  return call(mediaEndpoints.redownloadHistory, { params: { id } });
}

export function getRedownload(batchId: string, signal?: AbortSignal): Promise<Batch> {
  return call(mediaEndpoints.batch, { params: { id: batchId }, signal });
}
