import { dataDeletionEndpoints } from '@scrapper/contracts/http/data-deletion';
import { call } from '@/lib/api-client.ts';

/** Public: anyone may ask, logged in or not. Resolves with the server's confirmation text. */
export async function requestDataDeletion(email: string): Promise<string> {
  const response = await call(dataDeletionEndpoints.request, { body: { email } });
  return response.message;
}
