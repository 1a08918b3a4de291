import { dataDeletionEndpoints, type DeletionRequest } from '@scrapper/contracts/http/data-deletion';
import { call } from '@/lib/api-client.ts';

/** Deletes the member linked to the request (the one the admin saw) and marks it selesai. */
export function removeDeletionMember(id: string, userId: string): Promise<DeletionRequest> {
  return call(dataDeletionEndpoints.removeMember, { params: { id }, body: { userId } });
}
