import { endpoints } from '@scrapper/contracts/http';
import type { YouTubeAccount } from '@scrapper/contracts/http/youtube';
import { call } from '@/lib/api-client.ts';

/** Every member's connected channels (admin view). */
export function listAllAccounts(signal?: AbortSignal): Promise<YouTubeAccount[]> {
  return call(endpoints.youtube.listAccounts, { query: { all: 'true' }, signal });
}
