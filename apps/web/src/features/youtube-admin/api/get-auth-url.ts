import { endpoints } from '@scrapper/contracts/http';
import { call } from '@/lib/api-client.ts';

/**
 * Google's consent URL. A 401 does not end the session inside the client: the tab first
 * says 'Sesi login Anda telah kedaluwarsa...' (spec section 8), then logs out.
 */
export async function getAuthUrl(clientSecretId: string): Promise<string> {
  const { authUrl } = await call(endpoints.youtube.authUrl, {
    query: { clientSecretId },
    logoutOnUnauthorized: false,
  });
  return authUrl;
}
