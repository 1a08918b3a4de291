import {
  dataDeletionEndpoints,
  type DeletionRequest,
  type DeletionRequestStatus,
  type ListDeletionRequestsResponse,
} from '@scrapper/contracts/http/data-deletion';
import { call } from '@/lib/api-client.ts';

export function listDeletionRequests(
  page: { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<ListDeletionRequestsResponse> {
  return call(dataDeletionEndpoints.list, { query: page, signal });
}

export function updateDeletionRequest(id: string, status: DeletionRequestStatus): Promise<DeletionRequest> {
  return call(dataDeletionEndpoints.update, { params: { id }, body: { status } });
}

/** Deletes the member linked to the request (the one the admin saw) and marks it selesai. */
export function removeDeletionMember(id: string, userId: string): Promise<DeletionRequest> {
  return call(dataDeletionEndpoints.removeMember, { params: { id }, body: { userId } });
}
