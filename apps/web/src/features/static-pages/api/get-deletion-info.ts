import { dataDeletionEndpoints, type DeletionInfoResponse } from '@scrapper/contracts/http/data-deletion';
import { call } from '@/lib/api-client.ts';

/** Public: whether this server mails the confirmation, and the sentence to show about it. */
export function getDeletionInfo(signal: AbortSignal): Promise<DeletionInfoResponse | null> {
  return call(dataDeletionEndpoints.info, { signal });
}
