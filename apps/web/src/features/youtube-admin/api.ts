// The admin's YouTube calls: every connected channel, disconnecting one, the OAuth apps (client
// secrets of YouTube, TikTok and Meta) and the admin's own connect.
import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { EndpointInput } from '@scrapper/contracts/http/endpoint';
import type { ClientSecret, YouTubeAccount } from '@scrapper/contracts/http/youtube-accounts';
import { call } from '@/lib/api-client.ts';

export type ClientSecretInput = EndpointInput<typeof youtubeEndpoints.createClientSecret>['body'];

export function createClientSecret(body: ClientSecretInput): Promise<ClientSecret> {
  return call(youtubeEndpoints.createClientSecret, { body });
}

export async function deleteClientSecret(id: string): Promise<void> {
  await call(youtubeEndpoints.deleteClientSecret, { params: { id } });
}

/** Disconnects a channel; the server deletes its upload records too. */
export async function disconnectAccount(id: string): Promise<void> {
  await call(youtubeEndpoints.deleteAccount, { params: { id } });
}

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

/** Every member's connected channels (admin view). */
export function listAllAccounts(signal?: AbortSignal): Promise<YouTubeAccount[]> {
  return call(youtubeEndpoints.listAccounts, { query: { all: 'true' }, signal });
}

export function listClientSecrets(signal?: AbortSignal): Promise<ClientSecret[]> {
  return call(youtubeEndpoints.listClientSecrets, { signal });
}

/** An absent clientSecret keeps the stored one. */
export function updateClientSecret(id: string, body: ClientSecretInput): Promise<ClientSecret> {
  return call(youtubeEndpoints.updateClientSecret, { params: { id }, body });
}
