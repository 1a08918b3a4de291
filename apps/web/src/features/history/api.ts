import { mediaEndpoints } from '@scrapper/contracts/http/media';
import type { Batch, HistoryQuery } from '@scrapper/contracts/http/media';
import { call } from '@/lib/api-client.ts';
import type { EndpointResponse } from '@scrapper/contracts/http/endpoint';

/** Admin only: clears every user's history. */
export function deleteAllHistory(): Promise<{ deleted: number }> {
  return call(mediaEndpoints.deleteAllHistory);
}

/** Removes an entry from the history; its file stays in the file manager. */
export function deleteHistoryItem(id: string): Promise<{ id: string }> {
  return call(mediaEndpoints.deleteHistory, { params: { id } });
}

export type HistoryPage = EndpointResponse<typeof mediaEndpoints.history>;
export type HistoryRequest = Partial<HistoryQuery>;

/** Members read their own history; admins read everyone's (history/all, with userId). */
export function listHistory(
  query: HistoryRequest,
  allUsers: boolean,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  if (allUsers) return call(mediaEndpoints.historyAll, { query, signal });
  const { userId: _ignored, ...own } = query;
  return call(mediaEndpoints.history, { query: own, signal });
}

/** "Unduh Ulang": the server fetches the entry again; followed as a batch of one. */
export function redownloadHistoryItem(id: string): Promise<Batch> {
  return call(mediaEndpoints.redownloadHistory, { params: { id } });
}

export function getRedownload(batchId: string, signal?: AbortSignal): Promise<Batch> {
  return call(mediaEndpoints.batch, { params: { id: batchId }, signal });
}
