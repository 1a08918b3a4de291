import { publishConnectEndpoints } from '@scrapper/contracts/http/publish';
import type { PublishAccount } from '@scrapper/contracts/http/publish';
import { call } from '@/lib/api-client.ts';
import { useResource, type Resource } from './use-resource.ts';

const NONE: PublishAccount[] = [];

async function listPublishAccounts(signal: AbortSignal): Promise<PublishAccount[]> {
  const { accounts } = await call(publishConnectEndpoints.accounts, { signal });
  return accounts;
}

/**
 * Every destination the member can post to (GET /api/publish/accounts): YouTube channels,
 * TikTok accounts, Instagram accounts and Facebook Pages. The Publikasikan page, the admin's
 * Facebook tab and an automation's publish action list them.
 */
export function usePublishAccounts(): Resource<PublishAccount[]> {
  return useResource(listPublishAccounts, NONE);
}
