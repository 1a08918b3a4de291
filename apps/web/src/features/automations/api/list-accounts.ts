import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { YouTubeAccount } from '@scrapper/contracts/http/youtube-accounts';
import { call } from '@/lib/api-client.ts';

/** The member's connected YouTube channels, to publish an automation's videos to. */
export function listAccounts(signal?: AbortSignal): Promise<YouTubeAccount[]> {
  return call(youtubeEndpoints.listAccounts, { signal });
}
