import { dataDeletionEndpoints, type DeletionRequest } from '@scrapper/contracts/http/data-deletion';
import { call } from '@/lib/api-client.ts';

export function listDeletionRequests(signal?: AbortSignal): Promise<DeletionRequest[]> {
  return call(dataDeletionEndpoints.list, { signal });
}
