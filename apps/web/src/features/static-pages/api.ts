import { dataDeletionEndpoints, type DeletionInfoResponse } from '@scrapper/contracts/http/data-deletion';
import { call } from '@/lib/api-client.ts';

/** Public: whether this server mails the confirmation, and the sentence to show about it. */
export function getDeletionInfo(signal: AbortSignal): Promise<DeletionInfoResponse | null> {
  return call(dataDeletionEndpoints.info, { signal });
}

/** Public: anyone may ask, logged in or not. Resolves with the server's confirmation text. */
export async function requestDataDeletion(email: string): Promise<string> {
  const response = await call(dataDeletionEndpoints.request, { body: { email } });
  return response.message;
}
