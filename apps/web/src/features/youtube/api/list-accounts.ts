import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { YouTubeAccount } from '@scrapper/contracts/http/youtube-accounts';
import { call } from '@/lib/api-client.ts';

/**
 * The member's connected channels. A 401 does not end the session inside the client: the
 * page says 'Sesi Anda telah kedaluwarsa...' first (spec section 8) and then logs out.
 */
export function listAccounts(signal?: AbortSignal): Promise<YouTubeAccount[]> {
  return call(youtubeEndpoints.listAccounts, { signal, logoutOnUnauthorized: false });
}
