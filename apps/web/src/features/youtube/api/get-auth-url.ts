import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import { call } from '@/lib/api-client.ts';

/** Google's consent URL for this client; with an account id it re-authenticates that account. */
export async function getAuthUrl(clientSecretId: string, accountId?: string): Promise<string> {
  const { authUrl } = await call(youtubeEndpoints.authUrl, {
    query: { clientSecretId, accountId },
  });
  return authUrl;
}
