import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import { call } from '@/lib/api-client.ts';

/**
 * Google's consent URL. A 401 does not end the session inside the client: the tab first
 * says 'Sesi login Anda telah kedaluwarsa...' (spec section 8), then logs out.
 */
export async function getAuthUrl(clientSecretId: string): Promise<string> {
  const { authUrl } = await call(youtubeEndpoints.authUrl, {
    query: { clientSecretId },
    logoutOnUnauthorized: false,
  });
  return authUrl;
}
