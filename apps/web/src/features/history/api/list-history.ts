import { mediaEndpoints } from '@scrapper/contracts/http/media';
import type { HistoryQuery } from '@scrapper/contracts/http/media';
import type { EndpointResponse } from '@scrapper/contracts/http/endpoint';
import { call } from '@/lib/api-client.ts';

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
