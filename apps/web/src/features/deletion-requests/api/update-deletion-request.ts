import {
  dataDeletionEndpoints,
  type DeletionRequest,
  type DeletionRequestStatus,
} from '@scrapper/contracts/http/data-deletion';
import { call } from '@/lib/api-client.ts';

export function updateDeletionRequest(
  id: string,
  status: DeletionRequestStatus,
): Promise<DeletionRequest> {
  return call(dataDeletionEndpoints.update, { params: { id }, body: { status } });
}
