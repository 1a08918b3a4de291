import { publishConnectEndpoints } from '@scrapper/contracts/http/publish';
import type { CreatorInfo, PublishAccount, PublishingLimit } from '@scrapper/contracts/http/publish';
import { CONNECT_PLATFORMS } from '@scrapper/contracts/rules/publish-destinations';
import type { ConnectPlatform } from '@scrapper/contracts/rules/publish-destinations';
import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { EndpointResponse } from '@scrapper/contracts/http/endpoint';
import { call } from '@/lib/api-client.ts';

export type AppOption = EndpointResponse<typeof youtubeEndpoints.clientSecretOptions>[number] & {
  platform: ConnectPlatform;
};

/** Every destination the member can post to (YouTube channels included). */
export async function listPublishAccounts(signal?: AbortSignal): Promise<PublishAccount[]> {
  const { accounts } = await call(publishConnectEndpoints.accounts, { signal });
  return accounts;
}

/** Disconnects a TikTok, Instagram or Facebook destination. */
export async function removePublishAccount(id: string): Promise<void> {
  await call(publishConnectEndpoints.removeAccount, { params: { id } });
}

/** TikTok's Login Kit or Facebook Login for Business consent URL for one app. */
export async function getConnectUrl(
  platform: ConnectPlatform,
  clientSecretId: string,
): Promise<string> {
  const { authUrl } = await call(publishConnectEndpoints.authUrl, {
    params: { platform },
    query: { clientSecretId },
  });
  return authUrl;
}

/** TikTok's creator info (posting guidelines: read when the TikTok destination is chosen). */
export function getCreatorInfo(accountId: string, signal?: AbortSignal): Promise<CreatorInfo> {
  return call(publishConnectEndpoints.creatorInfo, { params: { id: accountId }, signal });
}

/** An Instagram account's content_publishing_limit, read from Meta now. */
export function getPublishingLimit(accountId: string, signal?: AbortSignal): Promise<PublishingLimit> {
  return call(publishConnectEndpoints.publishingLimit, { params: { id: accountId }, signal });
}

/** The active TikTok and Meta apps members connect through. */
export async function listAppOptions(signal?: AbortSignal): Promise<AppOption[]> {
  const lists = await Promise.all(
    CONNECT_PLATFORMS.map(async (platform) =>
      (await call(youtubeEndpoints.clientSecretOptions, { query: { platform }, signal })).map(
        (app) => ({
          ...app,
          platform,
        }),
      ),
    ),
  );
  return lists.flat();
}
