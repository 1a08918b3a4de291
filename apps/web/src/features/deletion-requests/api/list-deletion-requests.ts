import {
  dataDeletionEndpoints,
  type ListDeletionRequestsResponse,
} from '@scrapper/contracts/http/data-deletion';
import { call } from '@/lib/api-client.ts';

export function listDeletionRequests(
  page: { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<ListDeletionRequestsResponse> {
  return call(dataDeletionEndpoints.list, { query: page, signal });
}
