import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { EndpointInput } from '@scrapper/contracts/http/endpoint';
import type { ClientSecret } from '@scrapper/contracts/http/youtube-accounts';
import { call } from '@/lib/api-client.ts';

export type ClientSecretInput = EndpointInput<typeof youtubeEndpoints.createClientSecret>['body'];

export function createClientSecret(body: ClientSecretInput): Promise<ClientSecret> {
  return call(youtubeEndpoints.createClientSecret, { body });
}
