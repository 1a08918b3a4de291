import { endpoints } from '@scrapper/contracts/http';
import { call } from '@/lib/api-client.ts';

/** Public: anyone may ask, logged in or not. Resolves with the server's confirmation text. */
export async function requestDataDeletion(email: string): Promise<string> {
  const response = await call(endpoints.dataDeletion.request, { body: { email } });
  return response.message;
}
