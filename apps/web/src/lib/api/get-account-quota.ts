import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { AccountQuota } from '@scrapper/contracts/http/youtube-accounts';
import { call } from '@/lib/api-client.ts';

/** Today's quota of the account's OAuth client: uploads left and when it resets. */
export function getAccountQuota(accountId: string, signal?: AbortSignal): Promise<AccountQuota> {
  return call(youtubeEndpoints.accountQuota, { params: { id: accountId }, signal });
}
