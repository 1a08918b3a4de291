import { publishConnectEndpoints } from '@scrapper/contracts/http/publish';
import type { PublishAccount } from '@scrapper/contracts/http/publish';
import { call } from '@/lib/api-client.ts';

/**
 * Every destination the member can publish an automation's videos to (GET /api/publish/accounts):
 * YouTube channels, TikTok accounts, Instagram accounts and Facebook Pages.
 */
export async function listAccounts(signal?: AbortSignal): Promise<PublishAccount[]> {
  const { accounts } = await call(publishConnectEndpoints.accounts, { signal });
  return accounts;
}
