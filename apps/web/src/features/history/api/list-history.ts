import { endpoints } from '@scrapper/contracts/http';
import type { HistoryQuery } from '@scrapper/contracts/http/media';
import type { EndpointResponse } from '@scrapper/contracts/http';
import { call } from '@/lib/api-client.ts';

export type HistoryPage = EndpointResponse<typeof endpoints.media.history>;
export type HistoryRequest = Partial<HistoryQuery>;

/** Members read their own history; admins read everyone's (history/all, with userId). */
export function listHistory(
  query: HistoryRequest,
  allUsers: boolean,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  if (allUsers) return call(endpoints.media.historyAll, { query, signal });
  const { userId: _ignored, ...own } = query;
  return call(endpoints.media.history, { query: own, signal });
}
