import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { YouTubeAccount } from '@scrapper/contracts/http/youtube-accounts';
import { call } from '@/lib/api-client.ts';

/** Every member's connected channels (admin view). */
export function listAllAccounts(signal?: AbortSignal): Promise<YouTubeAccount[]> {
  return call(youtubeEndpoints.listAccounts, { query: { all: 'true' }, signal });
}
